// Issue 34, "Sessions": each login is a session its owner can see and end; sessions expire when unused and
// at a hard maximum; a password change ends the others; and a token of a session that ended or expired is
// refused over HTTP and on the socket by every process, not only by the one that ended it.
import { type SessionsResponse } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { SESSION_POLICY } from "../accounts/session-policy.js";
import { FakeClock } from "../clocks/scheduler.js";
import { randomId } from "../identity/tokens.js";
import { MemoryPlayerStore } from "../store/memory/players.js";
import { MemorySessionStore } from "../store/memory/sessions.js";
import { RedisPlayerStore } from "../store/redis/players.js";
import { ACCOUNT_PASSWORD, registerAccount, type TestServer, uniqueName } from "../test-support/harness.js";
import { connectTestRedis, redisUrl } from "../test-support/redis.js";
import { skipWithout } from "../test-support/requires.js";
import { useServers } from "../test-support/servers.js";

const arena = useServers();
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const PHONE =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

async function call(at: TestServer, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${at.url}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function login(at: TestServer, name: string, password = ACCOUNT_PASSWORD, userAgent = PHONE) {
  const response = await fetch(`${at.url}/api/login`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "user-agent": userAgent,
      "x-forwarded-for": "198.51.100.4",
    },
    body: JSON.stringify({ name, password }),
  });
  return { status: response.status, body: (await response.json()) as { token: string } };
}

const sessionsOf = async (at: TestServer, token: string) =>
  (await call(at, "GET", "/api/sessions", token)).body as unknown as SessionsResponse;

/** Two processes sharing one Redis (players and sessions), or one process twice. */
async function twoProcesses(clock: FakeClock): Promise<[TestServer, TestServer]> {
  if (redisUrl === null) {
    const one = await arena.start({ clock, config: { trustedProxies: 1 } });
    return [one, one];
  }
  const prefix = `sessions-${randomId(6)}:`;
  const servers: TestServer[] = [];
  for (let i = 0; i < 2; i++) {
    const redis = await connectTestRedis(prefix);
    arena.defer(() => redis.close());
    servers.push(
      await arena.start({
        redis,
        clock,
        players: new RedisPlayerStore(redis.commands, redis.prefix),
        // The login's address as a proxy reports it (loopback is never recorded).
        config: { trustedProxies: 1 },
      }),
    );
  }
  return servers as [TestServer, TestServer];
}

describe("sessions", () => {
  it.skipIf(skipWithout(redisUrl === null, "redis-server"))(
    "are listed with device and address, and one ended on one process is refused by the other, socket and HTTP",
    async () => {
      const clock = new FakeClock(Date.UTC(2026, 10, 1));
      const [one, two] = await twoProcesses(clock);
      const name = uniqueName("Ses");
      const laptop = await registerAccount(one, name);
      clock.advance(60_000);
      const phone = await login(two, name);
      expect(phone.status).toBe(200);

      const listed = await sessionsOf(one, laptop.token);
      expect(listed.sessions).toHaveLength(2);
      const [newest, oldest] = listed.sessions;
      expect(newest).toMatchObject({ current: false, device: "Chrome on Android", address: "198.51.100.4" });
      expect(oldest).toMatchObject({ current: true });
      expect(oldest?.expiresAt).toBe((oldest?.lastUsedAt ?? 0) + SESSION_POLICY.idleMs);

      // The phone's socket lives on process one; the laptop ends the phone's session from process two.
      const phoneSocket = await arena.connectTo(one, phone.body.token);
      expect(phoneSocket.session?.user.name).toBe(name);
      const ended = await call(two, "DELETE", `/api/sessions/${newest?.id ?? ""}`, laptop.token);
      expect(ended).toMatchObject({ status: 200, body: { ok: true, ended: 1 } });
      await phoneSocket.until((c) => c.disconnectReason !== null, "the phone's socket closing");
      expect(phoneSocket.disconnectReason).toBe("io server disconnect");

      // Its token is nobody's on either process: 401 over HTTP, a fresh guest on the socket.
      for (const at of [one, two]) {
        expect((await call(at, "GET", "/api/sessions", phone.body.token)).status).toBe(401);
        const again = await arena.connectTo(at, phone.body.token);
        expect(again.session?.user.name).not.toBe(name);
        expect(again.session?.account).toBeFalsy();
      }
      // Another user's session is not the laptop's to end, and the list now holds the laptop alone.
      const stranger = await registerAccount(one, uniqueName("Str"));
      const strangers = await sessionsOf(one, stranger.token);
      expect(
        (await call(two, "DELETE", `/api/sessions/${strangers.sessions[0]?.id ?? ""}`, laptop.token)).status,
      ).toBe(404);
      expect((await sessionsOf(two, laptop.token)).sessions.map((s) => s.current)).toEqual([true]);
    },
  );

  it("expire after 90 days unused, and at 365 days however used, on every process; a use slides the idle end", async () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 1));
    // Two processes sharing the accounts and sessions (in memory: a clock jumped by months would make the
    // Redis processes' upkeep timers fire for every second skipped).
    const shared = { clock, players: new MemoryPlayerStore(), sessions: new MemorySessionStore() };
    const [at, other] = [await arena.start(shared), await arena.start(shared)];
    const name = uniqueName("Idle");
    const idle = await registerAccount(at, name);
    const busy = await login(at, name, ACCOUNT_PASSWORD, FIREFOX);

    // Used every 60 days, the busy session lives on past the idle one's 90 days.
    const step = (SESSION_POLICY.idleMs * 2) / 3;
    for (let i = 0; i < 2; i++) {
      clock.advance(step);
      expect((await call(at, "GET", "/api/sessions", busy.body.token)).status).toBe(200);
    }
    expect((await call(other, "GET", "/api/sessions", idle.token)).status).toBe(401);
    expect((await call(at, "GET", "/api/sessions", idle.token)).status).toBe(401);
    const sockets = await arena.connectTo(other, idle.token);
    expect(sockets.session?.user.name).not.toBe(name);
    expect((await sessionsOf(at, busy.body.token)).sessions).toHaveLength(1);

    // However busy, a session ends 365 days after its login.
    while (clock.now() < Date.UTC(2026, 0, 1) + SESSION_POLICY.maxAgeMs - step) {
      clock.advance(step);
      expect((await call(at, "GET", "/api/sessions", busy.body.token)).status).toBe(200);
    }
    clock.advance(step);
    expect((await call(other, "GET", "/api/sessions", busy.body.token)).status).toBe(401);
  });

  it.skipIf(skipWithout(redisUrl === null, "redis-server"))(
    "a password change needs the old password, ends every other session on every process, and keeps this one",
    async () => {
      const clock = new FakeClock(Date.UTC(2026, 10, 1));
      const [one, two] = await twoProcesses(clock);
      const name = uniqueName("Pw");
      const first = await registerAccount(one, name);
      const second = await login(two, name);
      const secondSocket = await arena.connectTo(two, second.body.token);

      const wrong = await call(one, "POST", "/api/password", first.token, {
        oldPassword: "not my password",
        newPassword: "a brand new passphrase",
      });
      expect(wrong).toMatchObject({ status: 401, body: { code: "bad-credentials" } });
      const weak = await call(one, "POST", "/api/password", first.token, {
        oldPassword: ACCOUNT_PASSWORD,
        newPassword: "password",
      });
      expect(weak).toMatchObject({ status: 400, body: { code: "weak-password" } });
      expect(secondSocket.disconnectReason).toBeNull();

      const changed = await call(one, "POST", "/api/password", first.token, {
        oldPassword: ACCOUNT_PASSWORD,
        newPassword: "a brand new passphrase",
      });
      expect(changed).toMatchObject({ status: 200, body: { ok: true, ended: 1 } });
      await secondSocket.until((c) => c.disconnectReason !== null, "the other session's socket closing");
      expect((await call(two, "GET", "/api/sessions", second.body.token)).status).toBe(401);
      expect((await sessionsOf(two, first.token)).sessions).toHaveLength(1);
      expect((await login(two, name)).status).toBe(401);
      expect((await login(two, name, "a brand new passphrase")).status).toBe(200);
    },
  );

  it("wrong old passwords are limited like logins, with when to retry", async () => {
    const at = await arena.start({ clock: new FakeClock(Date.UTC(2026, 10, 1)) });
    const account = await registerAccount(at, uniqueName("Lim"));
    const statuses: number[] = [];
    let last: Record<string, unknown> = {};
    for (let i = 0; i < 6; i++) {
      const answer = await call(at, "POST", "/api/password", account.token, {
        oldPassword: `guess ${i}`,
        newPassword: "a brand new passphrase",
      });
      statuses.push(answer.status);
      last = answer.body;
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(last).toMatchObject({ code: "rate-limited" });
    expect(last.retryAfterMs).toBeGreaterThan(0);
  });

  it("guests and strangers have no sessions to list", async () => {
    const at = await arena.start();
    const guest = await arena.connectTo(at);
    expect((await call(at, "GET", "/api/sessions", guest.session?.token)).status).toBe(403);
    expect((await call(at, "GET", "/api/sessions")).status).toBe(401);
    expect((await call(at, "DELETE", "/api/sessions/x", "forged")).status).toBe(401);
  });
});
