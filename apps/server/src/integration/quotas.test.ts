import { type ClientInput, type ErrorCode, type MatchId, type SessionInfo } from "@arena/protocol";
import { io as connectClient } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { type AppConfig, DEFAULT_CONFIG } from "../app.js";
import { FakeClock } from "../clocks/scheduler.js";
import { DEFAULT_QUOTAS, type QuotaLimits } from "../quotas/limits.js";
import { MemoryStore } from "../store/memory/matches.js";
import { type Client, type TestServer } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";

const rapid = { baseMs: 600_000, incrementMs: 5_000 };
const openRoom: ClientInput<"room:create"> = {
  gameId: "othello",
  timeControl: rapid,
  seats: [{ kind: "open" }, { kind: "open" }],
};
const aiGame: ClientInput<"room:create"> = {
  gameId: "othello",
  timeControl: rapid,
  seats: [{ kind: "open" }, { kind: "ai", level: 1 }],
  sit: 0,
};

/** Polls a condition on the server (loads and appends take a few turns of the event loop). */
async function waitFor(condition: () => boolean, what: string): Promise<void> {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 500) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('quotas per user and per address (docs/protocol.md, "Quotas")', () => {
  let server: TestServer | null = null;
  let clock: FakeClock;
  const arena = useServers();

  /** A server with the production quotas, but for `quotas`. */
  async function start(quotas: Partial<QuotaLimits> = {}, config: Partial<AppConfig> = {}) {
    clock = new FakeClock();
    server = await arena.start({ clock, config: { quotas: { ...DEFAULT_QUOTAS, ...quotas }, ...config } });
    return server;
  }

  it("lets one token creating 1,000 rooms from 10 sockets open its quota and no more", async () => {
    // Production limits, the per-socket flood limit included.
    await start({}, { rateLimit: DEFAULT_CONFIG.rateLimit });
    const first = await arena.connect();
    const token = first.session?.token ?? "";
    const sockets = [first, ...(await Promise.all(Array.from({ length: 9 }, () => arena.connect(token))))];
    // The token's eleventh socket is refused.
    await expect(arena.connect(token)).rejects.toThrow(/you have 10 connections open/);

    // Each socket sends 30 requests (inside its burst), then floods 70 more at once.
    const flood = async (socket: Client) => {
      const create = () => socket.call("room:create", openRoom).catch((): "cut off" => "cut off");
      const first = await Promise.all(Array.from({ length: 30 }, create));
      return [...first, ...(await Promise.all(Array.from({ length: 70 }, create)))];
    };
    const answers = (await Promise.all(sockets.map(flood))).flat();
    const codes = new Map<ErrorCode | "ok" | "cut off", number>();
    const messages = new Set<string>();
    for (const answer of answers) {
      const code = answer === "cut off" ? answer : answer.ok ? "ok" : answer.code;
      codes.set(code, (codes.get(code) ?? 0) + 1);
      if (answer !== "cut off" && !answer.ok && answer.code === "quota") messages.add(answer.message);
    }
    // Three waiting rooms, however the 1,000 requests interleave; the rest were refused as over a quota or
    // as a flood (a socket that kept flooding was cut off, and its requests never answered).
    expect([...codes.keys()].sort()).toEqual(
      [...codes.keys()].filter((code) => ["ok", "quota", "rate-limited", "cut off"].includes(code)).sort(),
    );
    expect(codes.get("quota")).toBeGreaterThan(0);
    expect(codes.get("rate-limited")).toBeGreaterThan(0);
    expect([...messages].sort()).toEqual([
      "you have 3 waiting rooms; start, cancel or leave one before opening another",
      "you may open 10 rooms a minute; wait a little",
    ]);
    // The lobby agrees (an answer lost with a cut-off socket would show there), and another user is
    // unaffected.
    const other = await arena.connect();
    expect((await other.call("room:create", openRoom)).ok).toBe(true);
    const page = await other.call("lobby:subscribe", { status: "waiting" });
    expect(page.ok && page.total).toBe(DEFAULT_QUOTAS.waitingRoomsPerUser + 1);
    expect(codes.get("ok")).toBe(DEFAULT_QUOTAS.waitingRoomsPerUser);
  });

  it("expires a waiting room whose host has been gone a while, and gives the place back", async () => {
    await start();
    const host = await arena.connect();
    const token = host.session?.token ?? "";
    const watcher = await arena.connect();
    const rooms = [];
    for (const sit of [0, undefined, undefined]) {
      const created = await host.call("room:create", { ...openRoom, ...(sit === undefined ? {} : { sit }) });
      if (!created.ok) throw new Error(created.message);
      rooms.push(created.matchId);
    }
    const [seated, kept, left] = rooms;
    if (seated === undefined || kept === undefined || left === undefined) throw new Error("rooms");
    expect(await host.call("room:create", openRoom)).toMatchObject({ ok: false, code: "quota" });
    await watcher.snapshot(seated);

    // The host closes the tab; time moves once the server has seen them go (their seat goes offline).
    host.close();
    const offline = async () =>
      (await watcher.snapshot(seated)).seats[0]?.kind === "human" &&
      !(await watcher.snapshot(seated)).seats.some((s) => s.kind === "human" && s.connected);
    while (!(await offline())) await new Promise((resolve) => setTimeout(resolve, 5));
    // Away for less than the expiry: nothing happens.
    clock.advance(DEFAULT_QUOTAS.waitingRoomExpiryMs - 1_000);
    expect((await watcher.snapshot(seated)).status).toBe("waiting");
    // The host comes back in another tab that shows one of the rooms: that one stays.
    const tab = await arena.connect(token);
    await tab.snapshot(kept);
    clock.advance(1_000);
    await watcher.until(
      (c) => c.events.some((e) => e.matchId === seated && e.event.type === "cancelled"),
      "the room to expire",
    );
    expect(await watcher.snapshot(seated)).toMatchObject({ status: "cancelled", cancelReason: "expired" });
    expect(await watcher.snapshot(left)).toMatchObject({ status: "cancelled", cancelReason: "expired" });
    expect((await watcher.snapshot(kept)).status).toBe("waiting");
    // Two of three places are free again.
    expect((await tab.call("room:create", openRoom)).ok).toBe(true);
    expect((await tab.call("room:create", openRoom)).ok).toBe(true);
    expect(await tab.call("room:create", openRoom)).toMatchObject({ ok: false, code: "quota" });
    // A host who cancels: the reason says so.
    const version = (await tab.snapshot(kept)).version;
    expect((await tab.call("room:cancel", { matchId: kept, version })).ok).toBe(true);
    expect(await tab.snapshot(kept)).toMatchObject({ status: "cancelled", cancelReason: "host" });
  });

  it("expires a waiting room after a restart of the server, though nobody opens it", async () => {
    const store = new MemoryStore();
    clock = new FakeClock();
    server = await arena.start({ store, clock, config: { quotas: DEFAULT_QUOTAS } });
    const host = await arena.connect();
    const created = await host.call("room:create", { ...openRoom, sit: 0 });
    if (!created.ok) throw new Error(created.message);
    host.close();
    await server.close();

    // The same store, a new process: the room is in the lobby, and its host never comes back.
    server = await arena.start({ store, clock, config: { quotas: DEFAULT_QUOTAS } });
    const restarted = server;
    await waitFor(() => restarted.app.rooms.cached(created.matchId) !== undefined, "the room loaded");
    clock.advance(DEFAULT_QUOTAS.waitingRoomExpiryMs);
    await waitFor(
      () => restarted.app.rooms.cached(created.matchId)?.model.status === "cancelled",
      "the room to expire",
    );
    const watcher = await arena.connect();
    expect(await watcher.snapshot(created.matchId)).toMatchObject({ cancelReason: "expired" });
  });

  it("bounds a user's unfinished games with the computer, and frees a place when one ends", async () => {
    await start();
    const player = await arena.connect();
    const games = [];
    for (let i = 0; i < DEFAULT_QUOTAS.aiGamesPerUser; i++) {
      const created = await player.call("room:create", aiGame);
      if (!created.ok) throw new Error(created.message);
      games.push(created.matchId);
    }
    expect(await player.call("room:create", aiGame)).toMatchObject({
      ok: false,
      code: "quota",
      message:
        "you have 3 games with the computer going (listed under Playing now); finish one before starting another",
    });
    // Nor may a waiting room of theirs be given an AI seat.
    const waiting = await player.call("room:create", openRoom);
    if (!waiting.ok) throw new Error(waiting.message);
    expect(
      await player.call("room:set-ai", {
        matchId: waiting.matchId,
        version: waiting.version,
        seat: 1,
        level: 1,
      }),
    ).toMatchObject({ ok: false, code: "quota" });
    const first = games[0];
    if (first === undefined) throw new Error("no game");
    const snapshot = await player.snapshot(first);
    expect((await player.call("match:resign", { matchId: first, version: snapshot.version })).ok).toBe(true);
    const seated = await player.call("room:set-ai", {
      matchId: waiting.matchId,
      version: waiting.version,
      seat: 1,
      level: 1,
    });
    expect(seated.ok).toBe(true);
  });

  it("counts a rematch against the games with the computer, and refuses it when they are full", async () => {
    await start();
    const player = await arena.connect();
    const create = async () => {
      const created = await player.call("room:create", aiGame);
      if (!created.ok) throw new Error(created.message);
      return created.matchId;
    };
    const resign = async (matchId: MatchId) => {
      const snapshot = await player.snapshot(matchId);
      expect((await player.call("match:resign", { matchId, version: snapshot.version })).ok).toBe(true);
    };
    const games = [await create(), await create(), await create()];
    // The first game ends and its place is taken by a new one: three going again.
    const [first, second] = games as [MatchId, MatchId, MatchId];
    await resign(first);
    games.push(await create());
    // Its rematch would be a fourth: refused like a new room (it used to be counted and never refused).
    expect(await player.call("match:rematch", { matchId: first })).toMatchObject({
      ok: false,
      code: "quota",
      message:
        "you have 3 games with the computer going (listed under Playing now); finish one before starting another",
    });
    // Once a place is free, asking again works.
    await resign(second);
    const rematch = await player.call("match:rematch", { matchId: first });
    expect(rematch).toMatchObject({ ok: true });
    // And it holds that place: a new game is refused.
    expect(await player.call("room:create", aiGame)).toMatchObject({ ok: false, code: "quota" });
  });

  it("bounds the matches one socket watches; players always follow their own", async () => {
    await start({ waitingRoomsPerUser: 100, roomsPerMinutePerUser: 100, watchesPerSocket: 3 });
    const host = await arena.connect();
    const rooms = [];
    for (let i = 0; i < 4; i++) {
      const created = await host.call("room:create", openRoom);
      if (!created.ok) throw new Error(created.message);
      rooms.push(created.matchId);
    }
    const [a, b, c, d] = rooms;
    if (a === undefined || b === undefined || c === undefined || d === undefined) throw new Error("rooms");
    const spectator = await arena.connect();
    for (const matchId of [a, b, c]) expect((await spectator.call("match:watch", { matchId })).ok).toBe(true);
    expect(await spectator.call("match:watch", { matchId: d })).toMatchObject({
      ok: false,
      code: "quota",
      message: "this connection watches 3 games; leave one to watch another",
    });
    expect((await spectator.call("match:sync", { matchId: d, sinceVersion: 0 })).ok).toBe(false);
    // Taking a seat is not watching: the spectator joins the fourth room and follows it as a player.
    const joined = await spectator.call("room:join-seat", { matchId: d, version: 1, seat: 0 });
    expect(joined.ok).toBe(true);
    expect((await spectator.snapshot(d)).seats[0]).toMatchObject({ kind: "human", connected: true });
    expect(await spectator.call("match:unwatch", { matchId: a })).toEqual({ ok: true });
    expect((await spectator.call("match:watch", { matchId: a })).ok).toBe(true);
  });

  it("counts sockets per client address, the one the trusted proxy saw", async () => {
    await start({ socketsPerAddress: 2 }, { trustedProxies: 1 });
    const url = server?.url ?? "";
    const open = (forwardedFor: string) =>
      new Promise<SessionInfo>((resolve, reject) => {
        const socket = connectClient(url, {
          transports: ["websocket"],
          forceNew: true,
          reconnection: false,
          extraHeaders: { "x-forwarded-for": forwardedFor },
        });
        cleanup.push(() => socket.disconnect());
        socket.once("session:ready", resolve);
        socket.once("connect_error", (error: Error & { data?: { code?: string } }) =>
          reject(new Error(`${error.data?.code ?? "?"}: ${error.message}`)),
        );
      });
    const cleanup: (() => void)[] = [];
    try {
      // What the client wrote itself (left of the proxy's entry) is not believed.
      await open("1.1.1.1, 203.0.113.5");
      await open("2.2.2.2, 203.0.113.5");
      await expect(open("3.3.3.3, 203.0.113.5")).rejects.toThrow(
        "quota: your address has 2 connections open; try again later",
      );
      await open("203.0.113.6");
    } finally {
      for (const close of cleanup) close();
    }
  });
});
