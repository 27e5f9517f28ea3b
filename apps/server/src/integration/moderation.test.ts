// Reports and moderation over real sockets and HTTP (docs/protocol.md, "Reports", "Moderation"): a report
// handled tells its reporter, a mute refuses chat until it ends, a removed line leaves every history, a
// ban ends every session and refuses logins and the banned browser's guests on another process.
import { asUserId, type MatchId, type Notification, type SessionReady } from "@arena/protocol";
import { io as connectClient } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { randomId } from "../identity/tokens.js";
import { setModeratorRole } from "../moderation/roles.js";
import { MemoryModerationStore } from "../store/memory/moderation.js";
import { MemoryPlayerStore } from "../store/memory/players.js";
import { type ModerationStore } from "../store/ports/moderation.js";
import { type PlayerStore } from "../store/ports/players.js";
import { RedisModerationStore } from "../store/redis/moderation.js";
import { RedisPlayerStore } from "../store/redis/players.js";
import { type RedisConnection } from "../store/redis/open.js";
import { ACCOUNT_PASSWORD, Client, type TestServer, uniqueName } from "../test-support/harness.js";
import { startOthello } from "../test-support/play.js";
import { connectTestRedis, redisUrl } from "../test-support/redis.js";
import { skipWithout } from "../test-support/requires.js";
import { useServers } from "../test-support/servers.js";

const arena = useServers();
const blitz = { baseMs: 180_000, incrementMs: 2_000 };

async function call(
  server: TestServer,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      "content-type": "application/json",
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** A server on memory stores the test can reach, and three accounts: a reporter, a target, a moderator. */
async function cast(options: { players: PlayerStore; moderation: ModerationStore; clock: FakeClock }) {
  const server = await arena.start(options);
  const [reporter, target, moderator] = await Promise.all(
    ["Rita", "Tom", "Mona"].map((stem) => arena.register(uniqueName(stem))),
  );
  if (reporter === undefined || target === undefined || moderator === undefined) throw new Error("no cast");
  const granted = await setModeratorRole(options, moderator.user.name, true, options.clock.now());
  expect(granted).toMatchObject({ ok: true, changed: true });
  return { server, reporter, target, moderator };
}

const memoryStores = () => ({
  players: new MemoryPlayerStore(),
  moderation: new MemoryModerationStore(),
  clock: new FakeClock(Date.now()),
});

describe("reports and moderators (memory stores, fake clock)", () => {
  it("files a report of a chat line with its text, and tells the reporter once a moderator handles it", async () => {
    const stores = memoryStores();
    const { server, reporter, target, moderator } = await cast(stores);
    const [rita, tom] = [await arena.connect(reporter.token), await arena.connect(target.token)];
    const { matchId } = await startOthello(rita, tom, blitz);
    const said = await tom.call("chat:say", { matchId, channel: "players", text: "you are terrible" });
    if (!said.ok) throw new Error(said.code);

    const filed = await call(server, "/api/reports", reporter.token, {
      name: target.user.name,
      matchId,
      lineId: said.line.id,
      reason: "abuse",
      text: "insults",
    });
    expect(filed).toMatchObject({ status: 200, json: { ok: true } });
    // Only moderators see the queue; no route grants the role.
    expect(await call(server, "/api/mod/reports", reporter.token)).toMatchObject({
      status: 403,
      json: { code: "forbidden" },
    });
    expect((await call(server, "/api/mod/reports", null)).status).toBe(401);
    expect(await call(server, "/api/mod/me", reporter.token)).toMatchObject({ json: { moderator: false } });
    expect(await call(server, "/api/mod/me", moderator.token)).toMatchObject({ json: { moderator: true } });

    const queue = await call(server, "/api/mod/reports", moderator.token);
    const reports = queue.json.reports as { id: string; evidence: string; target: { name: string } }[];
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ evidence: "you are terrible", target: { name: target.user.name } });
    const rejected = await call(server, "/api/mod/actions", moderator.token, {
      action: "handle-report",
      reportId: reports[0]?.id,
    });
    expect(rejected).toMatchObject({ status: 400, json: { code: "invalid-payload" } });
    const handled = await call(server, "/api/mod/actions", moderator.token, {
      action: "handle-report",
      reportId: reports[0]?.id,
      why: "warned the player",
    });
    expect(handled).toMatchObject({ status: 200, json: { ok: true } });
    expect(await call(server, "/api/mod/reports", moderator.token)).toMatchObject({ json: { reports: [] } });

    const inbox = await call(server, "/api/notifications", reporter.token);
    const notifications = inbox.json.notifications as Notification[];
    expect(notifications.map((n) => n.kind)).toContain("report-handled");
    const audit = await call(server, "/api/mod/audit", moderator.token);
    expect((audit.json.entries as { action: string; by: string; why: string }[]).slice(0, 2)).toEqual([
      expect.objectContaining({ action: "handle-report", by: moderator.user.name, why: "warned the player" }),
      expect.objectContaining({ action: "grant", by: "console" }),
    ]);
  });

  it("limits a reporter's open reports, and refuses a report of nobody or of oneself", async () => {
    const stores = memoryStores();
    const { server, reporter, target } = await cast(stores);
    const report = { name: target.user.name, reason: "spam" };
    for (let i = 0; i < 5; i++) {
      expect((await call(server, "/api/reports", reporter.token, report)).status).toBe(200);
    }
    expect(await call(server, "/api/reports", reporter.token, report)).toMatchObject({
      status: 429,
      json: { code: "quota" },
    });
    expect(
      await call(server, "/api/reports", target.token, { name: "Nobody_xyz", reason: "name" }),
    ).toMatchObject({ status: 404, json: { code: "not-found" } });
    expect(await call(server, "/api/reports", target.token, { ...report, reason: "other" })).toMatchObject({
      status: 400,
    });
    expect(
      await call(server, "/api/reports", target.token, { name: reporter.user.name, reason: "x" }),
    ).toMatchObject({ status: 400, json: { code: "invalid-payload" } });
    expect(
      (
        await call(server, "/api/reports", target.token, {
          ...report,
          name: reporter.user.name,
          text: "a".repeat(501),
        })
      ).status,
    ).toBe(400);
  });

  it("mutes a player's chat with the reason and end until it ends, and removes a line from every history", async () => {
    const stores = memoryStores();
    const { server, reporter, target, moderator } = await cast(stores);
    const [rita, tom] = [await arena.connect(reporter.token), await arena.connect(target.token)];
    const { matchId } = await startOthello(rita, tom, blitz);
    const said = await tom.call("chat:say", { matchId, channel: "players", text: "spam spam" });
    if (!said.ok) throw new Error(said.code);
    await rita.until((c) => c.chat.some((line) => line.id === said.line.id), "the line");

    const muted = await call(server, "/api/mod/actions", moderator.token, {
      action: "mute",
      name: target.user.name,
      minutes: 10,
      why: "spamming the chat",
    });
    expect(muted.status).toBe(200);
    const until = stores.clock.now() + 10 * 60_000;
    expect(await tom.call("chat:say", { matchId, channel: "players", text: "hello?" })).toMatchObject({
      ok: false,
      code: "muted",
      why: "spamming the chat",
      until,
    });
    expect(await tom.call("chat:phrase", { matchId, channel: "players", phrase: "hello" })).toMatchObject({
      ok: false,
      code: "muted",
    });
    stores.clock.advance(10 * 60_000);
    expect(await tom.call("chat:say", { matchId, channel: "players", text: "back" })).toMatchObject({
      ok: true,
    });

    const removed = new Promise<{ matchId: MatchId; lineId: string }>((resolve) =>
      rita.socket.once("chat:removed", resolve),
    );
    const removing = await call(server, "/api/mod/actions", moderator.token, {
      action: "remove-line",
      matchId,
      lineId: said.line.id,
      why: "spam",
    });
    expect(removing.status).toBe(200);
    expect(await removed).toEqual({ matchId, lineId: said.line.id });
    const history = await rita.call("chat:history", { matchId });
    expect(history.ok && history.lines.map((line) => line.text)).toEqual(["back"]);

    const view = await call(server, `/api/mod/players/${target.user.name}`, moderator.token);
    expect(view.json.player).toMatchObject({
      user: { name: target.user.name, moderator: false },
      muted: null,
      banned: null,
      sanctions: [expect.objectContaining({ kind: "mute", why: "spamming the chat", until })],
    });
    const audit = (await call(server, "/api/mod/audit", moderator.token)).json.entries as {
      action: string;
    }[];
    expect(audit.map((entry) => entry.action).slice(0, 2)).toEqual(["remove-line", "mute"]);
  });

  it("refuses a muted player's lines in a tournament's chat too", async () => {
    const stores = memoryStores();
    const { server, target, moderator } = await cast(stores);
    const created = await call(server, "/api/tournaments", target.token, {
      gameId: "othello",
      format: "swiss",
      rounds: 3,
      timeControl: { baseMs: 300_000, incrementMs: 0 },
    });
    const tournamentId = String(created.json.id);
    const tom = await arena.connect(target.token);
    expect(await tom.call("tournament:watch", { tournamentId })).toMatchObject({ ok: true });
    await call(server, "/api/mod/actions", moderator.token, {
      action: "mute",
      name: target.user.name,
      minutes: 5,
      why: "flooding",
    });
    expect(await tom.call("tournament:chat", { tournamentId, text: "hi all" })).toMatchObject({
      ok: false,
      code: "muted",
      why: "flooding",
      until: stores.clock.now() + 5 * 60_000,
    });
  });

  it("follows a banned account's browser to the guest it became after logging out", async () => {
    const stores = memoryStores();
    const { server, target, moderator } = await cast(stores);
    await call(server, "/api/logout", target.token, {});
    // The page comes back as a guest, presenting the token it held (the web client's `auth.former`).
    const socket = connectClient(server.url, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
      auth: { former: target.token },
    });
    arena.defer(() => socket.disconnect());
    const guest = await new Promise<SessionReady>((resolve) => socket.once("session:ready", resolve));
    expect(guest.user.id).not.toBe(target.user.id);
    expect(await stores.moderation.guestOf(guest.user.id)).toBe(target.user.id);
    // A stranger's guest is linked to nobody.
    const stranger = await arena.connect();
    expect(await stores.moderation.guestOf(stranger.session?.user.id ?? asUserId("u_none"))).toBeNull();

    const closed = new Promise<string>((resolve) => socket.once("disconnect", resolve));
    await call(server, "/api/mod/actions", moderator.token, {
      action: "ban",
      name: target.user.name,
      why: "for good",
    });
    // The guest's socket closes with the account's, and its token is nobody's, over HTTP too.
    expect(await closed).toBe("io server disconnect");
    expect((await call(server, "/api/notifications", guest.token)).status).toBe(401);
    expect((await call(server, "/api/notifications", stranger.session?.token ?? null)).status).toBe(200);
    const refused = await Client.connect(server.url, guest.token).then(
      () => null,
      (error: Error & { data?: unknown }) => error.data,
    );
    expect(refused).toEqual({ code: "banned", why: "for good", until: null });
    expect((await arena.connect(stranger.session?.token)).session?.user.id).toBe(stranger.session?.user.id);
  });

  it("warns, resets a rating, and closes an account as its owner would", async () => {
    const stores = memoryStores();
    const { server, target, moderator } = await cast(stores);
    const warned = await call(server, "/api/mod/actions", moderator.token, {
      action: "warn",
      name: target.user.name,
      why: "rude",
    });
    expect(warned.status).toBe(200);
    const inbox = (await call(server, "/api/notifications", target.token)).json
      .notifications as Notification[];
    expect(inbox.map((n) => n.kind)).toEqual(["moderator-warning"]);
    expect(
      await call(server, "/api/mod/actions", moderator.token, {
        action: "reset-rating",
        name: target.user.name,
        gameId: "othello",
        speed: "blitz",
        why: "farmed",
      }),
    ).toMatchObject({ status: 404, json: { code: "not-found" } });
    const closed = await call(server, "/api/mod/actions", moderator.token, {
      action: "close-account",
      name: target.user.name,
      why: "asked to",
    });
    expect(closed.status).toBe(200);
    // Closed as by its owner: its sessions end and its profile says closed.
    expect((await call(server, "/api/mod/me", target.token)).status).toBe(401);
    const profile = await fetch(`${server.url}/api/users/${target.user.name}`);
    expect(((await profile.json()) as { user: { closed?: boolean } }).user.closed).toBe(true);
  });
});

describe.skipIf(skipWithout(redisUrl === null, "redis-server"))(
  "a ban on two processes sharing Redis",
  () => {
    it("ends every session, closes its sockets on the other process, and refuses its logins and its guests there", async () => {
      const prefix = `mod-${randomId(6)}:`;
      const clock = new FakeClock(Date.now());
      const servers: TestServer[] = [];
      let stores: { players: PlayerStore; moderation: ModerationStore } | null = null;
      for (let i = 0; i < 2; i++) {
        const redis: RedisConnection = await connectTestRedis(prefix);
        arena.defer(() => redis.close());
        const players = new RedisPlayerStore(redis.commands, redis.prefix);
        stores ??= { players, moderation: new RedisModerationStore(redis.commands, redis.prefix) };
        servers.push(await arena.start({ redis, clock, players }));
      }
      const [one, two] = servers as [TestServer, TestServer];
      const target = await arena.register(uniqueName("Ben"), { at: two });
      const moderator = await arena.register(uniqueName("Meg"), { at: one });
      if (stores === null) throw new Error("no stores");
      await setModeratorRole(stores, moderator.user.name, true, clock.now());
      const socket = await arena.connectTo(two, target.token);

      const banned = await call(one, "/api/mod/actions", moderator.token, {
        action: "ban",
        name: target.user.name,
        minutes: 60,
        why: "cheating with an engine",
      });
      expect(banned.status).toBe(200);
      await socket.until((c) => c.disconnectReason === "io server disconnect", "the socket closed");
      expect((await call(two, "/api/mod/me", target.token)).status).toBe(401);

      const until = clock.now() + 60 * 60_000;
      expect(
        await call(two, "/api/login", null, { name: target.user.name, password: ACCOUNT_PASSWORD }),
      ).toMatchObject({ status: 403, json: { code: "banned", why: "cheating with an engine", until } });
      // The banned browser comes back as a guest with its last token: refused, with the reason.
      const refused = await Client.connect(two.url, target.token).then(
        () => null,
        (error: Error & { data?: unknown }) => error.data,
      );
      expect(refused).toMatchObject({ code: "banned", why: "cheating with an engine", until });

      clock.advance(60 * 60_000);
      const again = await call(two, "/api/login", null, {
        name: target.user.name,
        password: ACCOUNT_PASSWORD,
      });
      expect(again).toMatchObject({ status: 200, json: { ok: true } });
    });
  },
);
