// Issue 26, "A token that outlives logout" and "Guests free without limit": a guest who registered kept
// its user id, and its guest token went on working for the account after it logged out everywhere (it
// moved, chatted and resigned the account's rated game, and minted new tokens for the id); and
// `POST /api/session` minted guests without limit (500 in 0.7 s). Guest tokens now die when the id is
// claimed, on every player store and every process, and new guests are counted per address.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RateLimited } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { type PlayerStore } from "../store/ports/players.js";
import { RedisPlayerStore } from "../store/redis/players.js";
import { SqlitePlayerStore } from "../store/sqlite/players.js";
import { FakeClock } from "../clocks/scheduler.js";
import { randomId } from "../identity/tokens.js";
import { SqliteStore } from "../store/sqlite/matches.js";
import { DEFAULT_QUOTAS } from "../quotas/limits.js";
import { Client, registerAccount, type TestServer, uniqueName } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { connectTestRedis, redisUrl } from "../test-support/redis.js";
import { skipWithout } from "../test-support/requires.js";

const BLITZ = { baseMs: 180_000, incrementMs: 2_000 };

const arena = useServers();

async function post(at: TestServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${at.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The attack's walk: a guest claims an account; the account plays a rated game and logs out; the guest's
 * old token is a stranger on the socket and over HTTP, and mints nothing for the account's id. `one` and
 * `two` are two processes on the same player store (or one process twice).
 */
async function walk(one: TestServer, two: TestServer): Promise<void> {
  const guest = await arena.connectTo(one);
  const guestToken = guest.session?.token ?? "";
  const guestId = guest.session?.user.id;
  const claimed = await registerAccount(one, uniqueName("Ada"), false, guestToken);
  expect(claimed.user.id).toBe(guestId);
  // The guest's own sockets close with the claim: their tokens are nobody's now.
  await guest.until((c) => c.disconnectReason !== null, "the guest socket closing");
  expect(guest.disconnectReason).toBe("io server disconnect");

  const account = await arena.connectTo(two, claimed.token);
  const rival = await arena.connectTo(two, (await registerAccount(two, uniqueName("Bob"))).token);
  const created = await account.call("room:create", {
    gameId: "othello",
    timeControl: BLITZ,
    seats: [{ kind: "open" }, { kind: "open" }],
    rated: true,
    sit: 0,
  });
  if (!created.ok) throw new Error(created.code);
  const joined = await rival.call("room:join-seat", {
    matchId: created.matchId,
    version: created.version,
    seat: 1,
  });
  if (!joined.ok) throw new Error(joined.code);
  expect((await post(two, "/api/logout", {}, bearer(claimed.token))).status).toBe(200);

  for (const at of [one, two]) {
    // On the socket: the old guest token is a new guest, who holds no seat in the account's game.
    const old = await arena.connectTo(at, guestToken);
    expect(old.session?.user.id).not.toBe(guestId);
    const resign = await old.call("match:resign", {
      matchId: created.matchId,
      version: (await rival.snapshot(created.matchId)).version,
      seat: 0,
    });
    expect(resign).toMatchObject({ ok: false, code: "not-your-seat" });
    // Over HTTP: `POST /api/session` answers a new guest, with or without a name: no token for the id.
    for (const body of [{ token: guestToken }, { token: guestToken, name: "Ada" }]) {
      const session = await post(at, "/api/session", body);
      expect(session.status).toBe(200);
      expect((session.body.user as { id: string }).id).not.toBe(guestId);
    }
  }
}

describe("a guest token ends when the guest claims an account", () => {
  it("on the memory player store", async () => {
    const at = await arena.start({ clock: new FakeClock(Date.now()) });
    await walk(at, at);
  });

  it("on the SQLite player store", async () => {
    const folder = mkdtempSync(join(tmpdir(), "arena-identity-"));
    const opened = await SqliteStore.open(join(folder, "arena.db"));
    if (!opened.ok) throw new Error(opened.problem.message);
    const players: PlayerStore = new SqlitePlayerStore(opened.value.connection);
    arena.defer(async () => {
      await opened.value.close();
      rmSync(folder, { recursive: true, force: true });
    });
    const at = await arena.start({ clock: new FakeClock(Date.now()), players });
    await walk(at, at);
  });

  it.skipIf(skipWithout(redisUrl === null, "redis-server"))(
    "on the Redis player store, across two processes",
    async () => {
      const prefix = `ident-${randomId(6)}:`;
      const clock = new FakeClock(Date.now());
      const servers: TestServer[] = [];
      for (let i = 0; i < 2; i++) {
        const redis = await connectTestRedis(prefix);
        arena.defer(() => redis.close());
        const started = await arena.start({
          redis,
          clock,
          players: new RedisPlayerStore(redis.commands, redis.prefix),
        });
        servers.push(started);
      }
      const [one, two] = servers as [TestServer, TestServer];
      await walk(one, two);
    },
  );
});

describe("new guests are counted per address", () => {
  it("answers rate-limited with when to retry, over HTTP and on the socket, per trusted-proxy address", async () => {
    const clock = new FakeClock(60_000 * 1_000);
    const at = await arena.start({ clock, config: { trustedProxies: 1, quotas: DEFAULT_QUOTAS } });
    const from = (address: string) => ({ "x-forwarded-for": address });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await post(at, "/api/session", {}, from("203.0.113.7"))).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    clock.advance(15_000);
    const refused = await post(at, "/api/session", {}, from("198.51.100.1, 203.0.113.7"));
    expect(refused.body as unknown as RateLimited).toEqual({
      ok: false,
      code: "rate-limited",
      message: "your address may start 20 guest sessions a minute; wait 45 s",
      retryAfterMs: 45_000,
    });
    // A socket without a token is a new guest too.
    await expect(Client.connect(at.url, undefined, { headers: from("203.0.113.7") })).rejects.toMatchObject({
      data: { code: "rate-limited", retryAfterMs: 45_000 },
    });
    // A guest that has its token keeps it (renaming mints no new id); other addresses are not affected.
    const kept = await post(at, "/api/session", {}, from("203.0.113.8"));
    expect(kept.status).toBe(200);
    const renamed = await post(
      at,
      "/api/session",
      { token: kept.body.token, name: "Cleo" },
      from("203.0.113.7"),
    );
    expect(renamed.status).toBe(200);
    expect((await arena.connectTo(at, kept.body.token as string)).session?.user.id).toBe(
      (kept.body.user as { id: string }).id,
    );
    // The next minute gives 20 more.
    clock.advance(45_000);
    expect((await post(at, "/api/session", {}, from("203.0.113.7"))).status).toBe(200);
  });
});
