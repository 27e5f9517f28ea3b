import {
  type MatchId,
  type PoolsResponse,
  type SeekCounts,
  type SeekEnded,
  type SeekPaired,
} from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { MemoryPlayerStore } from "../store/memory/players.js";
import { FakeClock } from "../clocks/scheduler.js";
import { randomId } from "../identity/tokens.js";
import { DEFAULT_QUOTAS } from "../quotas/limits.js";
import { POOLS } from "../seeks/pools.js";
import { RedisSeekStore } from "../store/redis/seeks.js";
import { SEEK_COUNTS_BATCH_MS, WIDEN_PASS_MS } from "../seeks/seeks.js";
import { type RedisConnection } from "../store/redis/open.js";
import { type Client, registerAccount, type TestServer, uniqueName } from "../test-support/harness.js";
import { type ServerOptions, useServers } from "../test-support/servers.js";
import { firstLegal } from "../test-support/play.js";
import { connectTestRedis, redisUrl } from "../test-support/redis.js";
import { skipWithout } from "../test-support/requires.js";

// Othello 3+2: a blitz pool (its ratings are Othello × blitz).
const pool = POOLS.find((p) => p.name === "3+2" && p.speed === "blitz") ?? POOLS[0];
if (pool === undefined) throw new Error("no pools");
const otherPool = POOLS.find((p) => p.id !== pool.id && p.gameId === pool.gameId);

const arena = useServers();

/** A client with what quick pairing told it. */
interface Seeker {
  readonly client: Client;
  readonly paired: SeekPaired[];
  readonly ended: SeekEnded[];
  readonly counts: SeekCounts[];
}

const server = (options: ServerOptions = {}): Promise<TestServer> =>
  arena.start({ clock: new FakeClock(), ...options });

async function seeker(at: TestServer, token?: string): Promise<Seeker> {
  const client = await arena.connectTo(at, token);
  const seen: Seeker = { client, paired: [], ended: [], counts: [] };
  client.socket.on("seek:paired", (event) => seen.paired.push(event));
  client.socket.on("seek:ended", (event) => seen.ended.push(event));
  client.socket.on("seek:counts", (event) => seen.counts.push(event.counts));
  return seen;
}

const pairedTo = (s: Seeker) => s.paired[0]?.matchId;
const waitPaired = (s: Seeker) => s.client.until(() => s.paired.length > 0, "seek:paired");

/** What the seekers count in `pool` now, by a fresh subscription. */
async function countIn(s: Seeker, poolId: string): Promise<number> {
  const ack = await s.client.call("seek:subscribe", {});
  if (!ack.ok) throw new Error(ack.code);
  return ack.counts[poolId] ?? 0;
}

describe("quick pairing", () => {
  it("serves the grid: one pool per game and time control", async () => {
    const at = await server();
    const body = (await (await fetch(`${at.url}/api/pools`)).json()) as PoolsResponse;
    expect(body.pools).toEqual(POOLS);
    expect(new Set(body.pools.map((p) => p.id)).size).toBe(body.pools.length);
    expect(body.pools.map((p) => p.name)).toContain("3+2");
  });

  it("pairs two compatible seekers into one new room at once, both seated, without any timer", async () => {
    const at = await server();
    const clock = at.clock as FakeClock;
    const [a, b] = [await seeker(at), await seeker(at)];
    expect(await a.client.call("seek:enter", { poolId: pool.id })).toEqual({
      ok: true,
      poolId: pool.id,
      rated: false,
    });
    expect(await b.client.call("seek:enter", { poolId: pool.id })).toMatchObject({ ok: true });
    // The fake clock never moves: a compatible pair needs no timer (docs/protocol.md, "Quick pairing").
    const before = clock.now();
    await Promise.all([waitPaired(a), waitPaired(b)]);
    expect(clock.now()).toBe(before);
    const matchId = pairedTo(a) as MatchId;
    expect(pairedTo(b)).toBe(matchId);
    expect(a.paired).toEqual([{ poolId: pool.id, matchId }]);
    const snapshot = await a.client.snapshot(matchId);
    expect(snapshot).toMatchObject({ gameId: pool.gameId, status: "live", rated: false });
    expect(snapshot.timeControl).toEqual(pool.timeControl);
    const seated = snapshot.seats.map((slot) => (slot.kind === "human" ? slot.user.id : null)).sort();
    expect(seated).toEqual([a.client.session?.user.id, b.client.session?.user.id].sort());
    // The player to move plays: the room is an ordinary live game.
    const first = firstLegal(snapshot);
    const mover = snapshot.seats[first?.seat ?? 0];
    const player = mover?.kind === "human" && mover.user.id === a.client.session?.user.id ? a : b;
    const moved = await player.client.call("match:move", {
      matchId,
      version: snapshot.version,
      move: first?.move ?? "",
    });
    expect(moved.ok).toBe(true);
    expect(await countIn(a, pool.id)).toBe(0);
  });

  it("leaves seekers of different pools and of rated and casual seeks unpaired", async () => {
    const at = await server();
    const [a, b, c] = [await seeker(at), await seeker(at), await seeker(at)];
    const ada = await seeker(at, (await registerAccount(at, uniqueName("Ada"))).token);
    expect(otherPool).toBeDefined();
    await a.client.call("seek:enter", { poolId: pool.id });
    await b.client.call("seek:enter", { poolId: otherPool?.id ?? "" });
    await ada.client.call("seek:enter", { poolId: pool.id, rated: true });
    expect(await countIn(c, pool.id)).toBe(2);
    expect(await countIn(c, otherPool?.id ?? "")).toBe(1);
    expect([a, b, ada].map((s) => s.paired.length)).toEqual([0, 0, 0]);
    expect(await c.client.call("seek:enter", { poolId: "chess:5+0" })).toMatchObject({ code: "not-found" });
  });

  it("ends a seek by cancel, and a seek whose socket closed", async () => {
    const at = await server();
    const [a, b, c] = [await seeker(at), await seeker(at), await seeker(at)];
    await a.client.call("seek:enter", { poolId: pool.id });
    expect(await a.client.call("seek:cancel", {})).toEqual({ ok: true, cancelled: true });
    expect(await a.client.call("seek:cancel", {})).toEqual({ ok: true, cancelled: false });
    await b.client.call("seek:enter", { poolId: pool.id });
    b.client.close();
    // The server hears of the close on its own time: ask until the seek is gone.
    while ((await countIn(c, pool.id)) !== 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await c.client.call("seek:enter", { poolId: pool.id })).toMatchObject({ ok: true });
    expect(await countIn(c, pool.id)).toBe(1);
    expect(c.paired).toEqual([]);
  });

  it("never pairs a user with itself, rated or not: a second tab's seek replaces the first, then another pairs with it", async () => {
    const at = await server();
    const ada = await registerAccount(at, uniqueName("Ada"));
    const first = await seeker(at, ada.token);
    const second = await seeker(at, ada.token);
    expect(second.client.session?.user.id).toBe(first.client.session?.user.id);
    for (const rated of [true, false]) {
      await first.client.call("seek:enter", { poolId: pool.id, rated });
      await second.client.call("seek:enter", { poolId: pool.id, rated });
      await first.client.until(() => first.ended.length > 0, "the first tab's seek to end");
      expect(first.ended.splice(0)).toEqual([{ poolId: pool.id, reason: "replaced" }]);
      expect(second.paired).toEqual([]);
      expect(await countIn(first, pool.id)).toBe(1);
    }
    // Cancelling from the first tab ends the second tab's seek, and tells it.
    expect(await first.client.call("seek:cancel", {})).toEqual({ ok: true, cancelled: true });
    // (The second tab's seek of the first round was replaced by the first tab's of the second.)
    await second.client.until(() => second.ended.length > 1, "the second tab's seek to end");
    expect(second.ended).toEqual([
      { poolId: pool.id, reason: "replaced" },
      { poolId: pool.id, reason: "cancelled" },
    ]);
    await second.client.call("seek:enter", { poolId: pool.id, rated: true });
    const bob = await seeker(at, (await registerAccount(at, uniqueName("Bob"))).token);
    await bob.client.call("seek:enter", { poolId: pool.id, rated: true });
    await waitPaired(second);
    expect(pairedTo(bob)).toBe(pairedTo(second));
    expect(first.paired).toEqual([]);
  });

  it("pairs rated seekers as their range widens, and refuses guests and bots rated seeks", async () => {
    const players = new MemoryPlayerStore();
    const at = await server({ players });
    const clock = at.clock as FakeClock;
    const ada = await registerAccount(at, uniqueName("Ada"));
    const bob = await registerAccount(at, uniqueName("Bob"));
    // Ada is rated 1900 in the pool's game × speed; Bob has no rating there (1500).
    await players.recordGame(
      {
        matchId: "m_earlier" as MatchId,
        gameId: pool.gameId,
        speed: "blitz",
        endedAt: clock.now(),
        rated: true,
        seats: [
          { seat: 0, userId: ada.user.id, name: ada.user.name, outcome: "win" },
          {
            seat: 1,
            userId: (await registerAccount(at, uniqueName("Cy"))).user.id,
            name: "Cy",
            outcome: "loss",
          },
        ],
      },
      () => [
        { rating: 1900, rd: 60, volatility: 0.06 },
        { rating: 1100, rd: 60, volatility: 0.06 },
      ],
    );
    const [a, b] = [await seeker(at, ada.token), await seeker(at, bob.token)];
    expect(await a.client.call("seek:enter", { poolId: pool.id, rated: true })).toMatchObject({ ok: true });
    expect(await b.client.call("seek:enter", { poolId: pool.id, rated: true })).toMatchObject({ ok: true });
    // 400 apart: both ranges must reach ±400, 15 s after the later entry (150 + 5 × 50).
    for (let waited = 0; waited < 14_000; waited += WIDEN_PASS_MS) {
      clock.advance(WIDEN_PASS_MS);
      expect(await countIn(a, pool.id)).toBe(2);
    }
    expect(a.paired).toEqual([]);
    clock.advance(WIDEN_PASS_MS);
    await Promise.all([waitPaired(a), waitPaired(b)]);
    expect(pairedTo(a)).toBe(pairedTo(b));
    expect(await a.client.snapshot(pairedTo(a) as MatchId)).toMatchObject({ rated: true, status: "live" });

    const guest = await seeker(at);
    expect(await guest.client.call("seek:enter", { poolId: pool.id, rated: true })).toMatchObject({
      ok: false,
      code: "not-rated-eligible",
    });
    const bot = await seeker(at, (await registerAccount(at, uniqueName("Robo"), true)).token);
    expect(await bot.client.call("seek:enter", { poolId: pool.id, rated: true })).toMatchObject({
      ok: false,
      code: "not-rated-eligible",
    });
    expect(await countIn(bot, pool.id)).toBe(0);
  });

  it("counts seeking as opening a room (the creation rate), and rate-limits entering", async () => {
    const at = await server({
      config: { quotas: { ...DEFAULT_QUOTAS, roomsPerMinutePerUser: 2 } },
    });
    const a = await seeker(at);
    expect(await a.client.call("seek:enter", { poolId: pool.id })).toMatchObject({ ok: true });
    expect(await a.client.call("seek:enter", { poolId: otherPool?.id ?? "" })).toMatchObject({ ok: true });
    expect(await a.client.call("seek:enter", { poolId: pool.id })).toMatchObject({
      ok: false,
      code: "quota",
    });
    (at.clock as FakeClock).advance(60_000);
    expect(await a.client.call("seek:enter", { poolId: pool.id })).toMatchObject({ ok: true });
  });

  it("sends watchers the counts in batches", async () => {
    const at = await server();
    const clock = at.clock as FakeClock;
    const watcher = await seeker(at);
    expect(await watcher.client.call("seek:subscribe", {})).toEqual({ ok: true, counts: {} });
    const a = await seeker(at);
    await a.client.call("seek:enter", { poolId: pool.id });
    clock.advance(SEEK_COUNTS_BATCH_MS);
    await watcher.client.until(() => watcher.counts.length > 0, "seek:counts");
    expect(watcher.counts).toEqual([{ [pool.id]: 1 }]);
  });
});

describe.skipIf(skipWithout(redisUrl === null, "redis-server"))("quick pairing on two processes", () => {
  async function instance(prefix: string, clock: FakeClock): Promise<TestServer> {
    const redis: RedisConnection = await connectTestRedis(prefix);
    const instanceId = `test-${randomId(6)}`;
    const seeks = new RedisSeekStore(redis.commands, prefix, instanceId);
    arena.defer(async () => {
      await seeks.close();
      await redis.close();
    });
    return arena.start({
      redis,
      clock,
      seeks,
      config: { instanceId },
    });
  }

  it("pairs seekers on different processes exactly once, each pair into one room", async () => {
    const prefix = `seeks-${randomId(6)}:`;
    const clock = new FakeClock();
    const [one, two] = [await instance(prefix, clock), await instance(prefix, clock)];
    const seekers: Seeker[] = [];
    for (let i = 0; i < 12; i++) seekers.push(await seeker(i % 2 === 0 ? one : two));
    // Everyone at once, half through each process.
    const acks = await Promise.all(seekers.map((s) => s.client.call("seek:enter", { poolId: pool.id })));
    expect(acks.every((ack) => ack.ok)).toBe(true);
    await Promise.all(seekers.map(waitPaired));
    const rooms = new Map<MatchId, Seeker[]>();
    for (const s of seekers) {
      expect(s.paired).toHaveLength(1);
      const matchId = pairedTo(s) as MatchId;
      rooms.set(matchId, [...(rooms.get(matchId) ?? []), s]);
    }
    expect(rooms.size).toBe(6);
    for (const [matchId, pair] of rooms) {
      expect(pair).toHaveLength(2);
      const snapshot = await pair[0]?.client.snapshot(matchId);
      expect(snapshot?.status).toBe("live");
      const seated = snapshot?.seats.map((slot) => (slot.kind === "human" ? slot.user.id : null)).sort();
      expect(seated).toEqual(pair.map((s) => s.client.session?.user.id).sort());
    }
    expect(await countIn(seekers[0] as Seeker, pool.id)).toBe(0);
    // A short wait after the last pairing: no late second room or second notice.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seekers.every((s) => s.paired.length === 1)).toBe(true);
  });

  it("pairs a seeker on one process with one on the other, the pairing told across processes", async () => {
    const prefix = `seeks-${randomId(6)}:`;
    const clock = new FakeClock();
    const [one, two] = [await instance(prefix, clock), await instance(prefix, clock)];
    const [a, b] = [await seeker(one), await seeker(two)];
    await a.client.call("seek:enter", { poolId: pool.id });
    expect(await countIn(b, pool.id)).toBe(1);
    await b.client.call("seek:enter", { poolId: pool.id });
    await Promise.all([waitPaired(a), waitPaired(b)]);
    expect(pairedTo(a)).toBe(pairedTo(b));
  });
});
