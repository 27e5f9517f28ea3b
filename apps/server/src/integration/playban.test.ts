// Issue 26, "Pairing jam": guests held a seek in every pool and never moved; every honest seeker got an
// aborted game and the jammer lost nothing. Now no-shows in paired games close pairing to the jammer for a
// while that grows (docs/protocol.md, "Quick pairing"; docs/reliability.md, "Fair play, round two").
import { type MatchId, type SeekPaired } from "@arena/protocol";
import { describe, expect, it, vi } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { randomId } from "../identity/tokens.js";
import { RedisQuotaStore } from "../store/redis/quotas.js";
import { PLAYBAN_RULES } from "../seeks/playban.js";
import { POOLS } from "../seeks/pools.js";
import { type Client, type TestServer } from "../test-support/harness.js";
import { type ServerOptions, useServers } from "../test-support/servers.js";
import { firstLegal, startOthello } from "../test-support/play.js";
import { connectTestRedis, redisUrl } from "../test-support/redis.js";
import { skipWithout } from "../test-support/requires.js";

const pool = POOLS.find((p) => p.name === "3+2" && p.speed === "blitz") ?? POOLS[0];
if (pool === undefined) throw new Error("no pools");
const MINUTE = 60_000;

const arena = useServers();

const serve = (options: ServerOptions = {}): Promise<TestServer> =>
  arena.start({ clock: new FakeClock(), ...options });

/** A guest; `address` is what a trusted proxy would say it is (servers with `trustedProxies: 1`). */
async function guest(
  at: TestServer,
  token?: string,
  address?: string,
): Promise<{ client: Client; paired: SeekPaired[] }> {
  const client = await arena.connectTo(
    at,
    token,
    address === undefined ? {} : { headers: { "x-forwarded-for": address } },
  );
  const paired: SeekPaired[] = [];
  client.socket.on("seek:paired", (event) => paired.push(event));
  return { client, paired };
}

const seek = (client: Client) => client.call("seek:enter", { poolId: pool.id, rated: false });

/**
 * The jammer and an honest seeker are paired; the honest one moves whenever it is their turn, the jammer
 * never does, and the first-move window aborts the game.
 */
async function jammedGame(at: TestServer, clock: FakeClock, jammer: Client): Promise<MatchId> {
  const honest = await guest(at);
  expect(await seek(jammer)).toMatchObject({ ok: true });
  expect(await seek(honest.client)).toMatchObject({ ok: true });
  await honest.client.until(() => honest.paired.length > 0, "seek:paired");
  const matchId = honest.paired[0]?.matchId;
  if (matchId === undefined) throw new Error("not paired");
  const snapshot = await honest.client.snapshot(matchId);
  const legal = firstLegal(snapshot);
  const mine = snapshot.seats.findIndex(
    (s) => s.kind === "human" && s.user.id === honest.client.session?.user.id,
  );
  if (legal !== null && legal.seat === mine) {
    const moved = await honest.client.call("match:move", {
      matchId,
      version: snapshot.version,
      seat: legal.seat,
      move: legal.move,
    });
    expect(moved.ok).toBe(true);
  }
  clock.advance(60_000);
  await honest.client.until(() => honest.client.ended(matchId), "the abort");
  const ended = honest.client.events.find((e) => e.matchId === matchId && e.event.type === "ended");
  expect(ended?.event).toMatchObject({ type: "ended", result: { reason: "abort" } });
  return matchId;
}

describe("the playban: seekers who never move are kept out of pairing", () => {
  it("bans after two no-shows in paired games, says until when, and bans twice as long the next time", async () => {
    const clock = new FakeClock();
    const at = await serve({ clock });
    const jammer = (await guest(at)).client;
    await jammedGame(at, clock, jammer);
    // One no-show is bad luck (a dropped connection): pairing stays open.
    await jammedGame(at, clock, jammer);

    const refused = await seek(jammer);
    expect(refused).toMatchObject({
      ok: false,
      code: "playban",
      message:
        "your paired games were aborted for not moving too often: quick pairing is closed to you for 5 min",
      retryAfterMs: PLAYBAN_RULES.firstBanMs,
      until: clock.now() + PLAYBAN_RULES.firstBanMs,
    });
    // An honest seeker is never banned by the jammer's aborts.
    const bystander = (await guest(at)).client;
    expect((await seek(bystander)).ok).toBe(true);
    expect(await bystander.call("seek:cancel", {})).toEqual({ ok: true, cancelled: true });

    // Back after the ban, one more no-show within the hour bans again, twice as long.
    clock.advance(PLAYBAN_RULES.firstBanMs);
    await jammedGame(at, clock, jammer);
    expect(await seek(jammer)).toMatchObject({ code: "playban", retryAfterMs: 2 * PLAYBAN_RULES.firstBanMs });
  });

  it("bans an address whose fresh guests keep not moving, and nobody else", async () => {
    const clock = new FakeClock();
    const at = await serve({ clock, config: { trustedProxies: 1 } });
    const jammerAddress = "203.0.113.66";
    // Each identity no-shows once only, which bans no user: the address is what they share.
    for (let i = 0; i < PLAYBAN_RULES.noShowsPerAddress; i++) {
      const jammer = (await guest(at, undefined, jammerAddress)).client;
      await jammedGame(at, clock, jammer);
    }
    const fresh = (await guest(at, undefined, jammerAddress)).client;
    expect(await seek(fresh)).toMatchObject({
      ok: false,
      code: "playban",
      message:
        "paired games from your address were aborted for not moving too often: quick pairing is closed to you for 5 min",
      retryAfterMs: PLAYBAN_RULES.firstBanMs,
    });
    const elsewhere = (await guest(at, undefined, "198.51.100.200")).client;
    expect(await seek(elsewhere)).toMatchObject({ ok: true });
  });

  it("does not count games aborted in rooms made outside pairing", async () => {
    const clock = new FakeClock();
    const at = await serve({ clock });
    const jammer = (await guest(at)).client;
    for (let i = 0; i < 3; i++) {
      const host = (await guest(at)).client;
      // The jammer takes the first seat: theirs is the first move, which they never play.
      const { matchId } = await startOthello(jammer, host, pool.timeControl);
      clock.advance(60_000);
      await host.until(() => host.ended(matchId), "the abort");
    }
    expect((await seek(jammer)).ok).toBe(true);
  });

  describe.skipIf(skipWithout(redisUrl === null, "redis-server"))("across processes", () => {
    it("keeps the ban on every process that shares the quota store", async () => {
      const prefix = `test-${randomId(6)}:`;
      const [a, b] = await Promise.all([connectTestRedis(prefix), connectTestRedis(prefix)]);
      const quotasA = new RedisQuotaStore(a.commands, prefix, "a");
      const quotasB = new RedisQuotaStore(b.commands, prefix, "b");
      arena.defer(async () => {
        await quotasA.close();
        await quotasB.close();
        await a.close();
        await b.close();
      });
      const clock = new FakeClock(Date.now());
      const first = await serve({ clock, quotas: quotasA });
      const second = await serve({ clock, quotas: quotasB });
      const jammer = (await guest(first)).client;
      await jammedGame(first, clock, jammer);
      await jammedGame(first, clock, jammer);
      const token = jammer.session?.token;
      const elsewhere = (await guest(second, token)).client;
      expect(elsewhere.session?.user.id).toBe(jammer.session?.user.id);
      // The ban is written to Redis after the abort goes out, a few round trips behind the players.
      await vi.waitFor(async () => {
        expect(await seek(elsewhere)).toMatchObject({ code: "playban", retryAfterMs: 5 * MINUTE });
      });
    });
  });
});
