import {
  applyLobbyChange,
  asVersion,
  type LobbyChange,
  type MatchId,
  type RoomSummary,
} from "@arena/protocol";
import { beforeEach, describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { LOBBY_BATCH_MS } from "../rooms/lobby-feed.js";
import { type Client, type TestServer } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { playOut } from "../test-support/play.js";

const rapid = { baseMs: 600_000, incrementMs: 5_000 };

/** A subscriber's copy of its lobby page, as the web client keeps it: the first page, then each change. */
class LobbyCopy {
  rooms: RoomSummary[] = [];
  readonly changes: LobbyChange[] = [];
  readonly removed: MatchId[] = [];

  constructor(client: Client) {
    client.socket.on("lobby:changed", (change) => {
      this.changes.push(change);
      this.removed.push(...change.removed);
      this.rooms = applyLobbyChange(this.rooms, change);
    });
  }

  has(matchId: MatchId, predicate: (room: RoomSummary) => boolean): boolean {
    const room = this.rooms.find((r) => r.matchId === matchId);
    return room !== undefined && predicate(room);
  }
}

const arena = useServers();

describe("rooms and the lobby", () => {
  let clock: FakeClock;

  beforeEach(async () => {
    clock = new FakeClock();
    await arena.start({ clock });
  });

  it("updates subscribers as rooms open, fill, start and finish, once per batch; hides link-only rooms", async () => {
    const watcher = await arena.connect();
    const lobby = new LobbyCopy(watcher);
    const initial = await watcher.call("lobby:subscribe", {});
    expect(initial).toEqual({ ok: true, view: "all", rooms: [], next: null, total: 0 });

    const host = await arena.connect();
    const hidden = await host.call("room:create", {
      gameId: "othello",
      timeControl: rapid,
      seats: [{ kind: "open" }, { kind: "open" }],
      visibility: "link",
    });
    expect(hidden.ok).toBe(true);
    const created = await host.call("room:create", {
      gameId: "othello",
      timeControl: rapid,
      seats: [{ kind: "open" }, { kind: "open" }],
      sit: 0,
    });
    if (!created.ok) throw new Error(created.code);
    // Nothing is pushed before the batch is due.
    await host.snapshot(created.matchId);
    expect(lobby.changes).toHaveLength(0);
    clock.advance(LOBBY_BATCH_MS);
    await watcher.until(() => lobby.has(created.matchId, (r) => r.openSeats === 1), "open room");
    expect(lobby.rooms.map((r) => r.matchId)).toEqual([created.matchId]);

    const guest = await arena.connect();
    await guest.call("room:join-seat", { matchId: created.matchId, version: created.version, seat: 1 });
    clock.advance(LOBBY_BATCH_MS);
    await watcher.until(() => lobby.has(created.matchId, (r) => r.status === "live"), "live");
    const listed = await watcher.call("lobby:subscribe", {});
    expect(listed.ok && listed.rooms.map((r) => r.matchId)).toEqual([created.matchId]);
    expect(listed.ok && listed.rooms[0]?.seats.every((s) => s.kind === "human" && s.connected)).toBe(true);

    const moves = await playOut(created.matchId, [host, guest], host);
    clock.advance(LOBBY_BATCH_MS);
    await watcher.until(() => lobby.removed.includes(created.matchId), "finished room removed");
    expect(lobby.rooms).toEqual([]);
    // The lobby heard once that the game went live with both players connected (one batch), not each move.
    expect(moves.moves.length).toBeGreaterThan(50);
    const live = lobby.changes.flatMap((c) => c.updated).filter((r) => r.status === "live");
    expect(live).toHaveLength(1);
  });

  it("lets the host fill and empty seats with AI and cancel; others may not", async () => {
    const host = await arena.connect();
    const other = await arena.connect();
    const created = await host.call("room:create", {
      gameId: "othello",
      timeControl: rapid,
      seats: [{ kind: "open" }, { kind: "open" }, { kind: "open" }] as never,
    });
    expect(created).toMatchObject({ ok: false, code: "invalid-payload" });
    const room = await host.call("room:create", {
      gameId: "othello",
      timeControl: rapid,
      seats: [{ kind: "open" }, { kind: "open" }],
    });
    if (!room.ok) throw new Error(room.code);
    const matchId = room.matchId;
    let version = room.version;
    expect(await other.call("room:set-ai", { matchId, version, seat: 1, level: 1 })).toMatchObject({
      ok: false,
      code: "not-host",
    });
    expect(await host.call("room:set-ai", { matchId, version, seat: 1, level: 99 })).toMatchObject({
      ok: false,
      code: "invalid-payload",
    });
    const setAi = await host.call("room:set-ai", { matchId, version, seat: 1, level: 1 });
    if (!setAi.ok) throw new Error(setAi.code);
    version = setAi.version;
    expect(await other.call("room:join-seat", { matchId, version, seat: 1 })).toMatchObject({
      ok: false,
      code: "seat-taken",
    });
    const kicked = await host.call("room:kick-ai", { matchId, version, seat: 1 });
    if (!kicked.ok) throw new Error(kicked.code);
    version = kicked.version;
    const joined = await other.call("room:join-seat", { matchId, version, seat: 1 });
    if (!joined.ok) throw new Error(joined.code);
    // The seat is the socket user's: no seat token is handed out (docs/protocol.md, "Identity").
    expect(joined).toEqual({ ok: true, version: joined.version, seat: 1 });
    const left = await other.call("room:leave-seat", { matchId, version: joined.version, seat: 1 });
    if (!left.ok) throw new Error(left.code);
    expect(await other.call("room:cancel", { matchId, version: left.version })).toMatchObject({
      ok: false,
      code: "not-host",
    });
    expect((await host.call("room:cancel", { matchId, version: left.version })).ok).toBe(true);
    expect((await host.snapshot(matchId)).status).toBe("cancelled");
  });

  it("runs any registered two-seat game generically (Connect-k)", async () => {
    const a = await arena.connect();
    const b = await arena.connect();
    const created = await a.call("room:create", {
      gameId: "connect-k",
      timeControl: rapid,
      seats: [{ kind: "open" }, { kind: "open" }],
      sit: 0,
    });
    if (!created.ok) throw new Error(`${created.code}: ${created.message}`);
    await b.call("room:join-seat", { matchId: created.matchId, version: created.version, seat: 1 });
    const final = await playOut(created.matchId, [a, b], a, 500);
    expect(final.status).toBe("finished");
    expect(final.result?.reason).toBe("normal");
  });
});

describe('the lobby in pages (docs/protocol.md, "Lobby")', () => {
  let server: TestServer;
  let clock: FakeClock;

  beforeEach(async () => {
    clock = new FakeClock();
    server = await arena.start({ clock });
  });

  async function rest(query: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${server.url}/api/rooms${query}`);
    return { status: response.status, body: await response.json() };
  }

  it("serves more rooms than a page a page at a time, and tells each subscriber only of its own page", async () => {
    const host = await arena.connect();
    const rooms: MatchId[] = [];
    for (let i = 0; i < 30; i++) {
      clock.advance(1_000);
      const created = await host.call("room:create", {
        gameId: i % 3 === 0 ? "connect-k" : "othello",
        timeControl: rapid,
        seats: [{ kind: "open" }, { kind: "open" }],
      });
      if (!created.ok) throw new Error(created.message);
      rooms.push(created.matchId);
    }
    const newestFirst = [...rooms].reverse();

    const first = await arena.connect();
    const firstCopy = new LobbyCopy(first);
    const page1 = await first.call("lobby:subscribe", { status: "waiting", limit: 10 });
    if (!page1.ok) throw new Error(page1.message);
    firstCopy.rooms = [...page1.rooms];
    expect(page1.rooms.map((r) => r.matchId)).toEqual(newestFirst.slice(0, 10));
    expect(page1).toMatchObject({ view: "waiting", total: 30 });
    // The same pages over HTTP, by cursor.
    const page2 = await rest(`?status=waiting&limit=10&after=${page1.next ?? ""}`);
    const body2 = page2.body as { rooms: RoomSummary[]; next: string };
    expect(body2.rooms.map((r) => r.matchId)).toEqual(newestFirst.slice(10, 20));
    const third = await arena.connect();
    const thirdCopy = new LobbyCopy(third);
    const page3 = await third.call("lobby:subscribe", {
      status: "waiting",
      limit: 10,
      after: body2.next,
    });
    if (!page3.ok) throw new Error(page3.message);
    thirdCopy.rooms = [...page3.rooms];
    expect(page3.rooms.map((r) => r.matchId)).toEqual(newestFirst.slice(20, 30));
    expect(page3.next).toBeNull();
    // A filter by game.
    const connectK = await rest("?gameId=connect-k&limit=50");
    expect((connectK.body as { total: number }).total).toBe(10);

    // A room on the third page starts: it leaves the waiting rooms. Its page hears of it; the first page
    // hears only that there is one room fewer.
    const leaving = newestFirst[25];
    if (leaving === undefined) throw new Error("no room");
    const guest = await arena.connect();
    expect(
      (await guest.call("room:join-seat", { matchId: leaving, version: asVersion(1), seat: 0 })).ok,
    ).toBe(true);
    const other = await arena.connect();
    expect(
      (await other.call("room:join-seat", { matchId: leaving, version: asVersion(2), seat: 1 })).ok,
    ).toBe(true);
    clock.advance(LOBBY_BATCH_MS);
    await third.until(() => thirdCopy.removed.includes(leaving), "the room to leave page 3");
    await first.until(() => firstCopy.changes.length > 0, "page 1's count");
    expect(thirdCopy.rooms.map((r) => r.matchId)).toEqual(
      newestFirst.slice(20, 30).filter((id) => id !== leaving),
    );
    expect(firstCopy.changes).toEqual([
      { view: "waiting", updated: [], removed: [], next: page1.next, total: 29 },
    ]);

    // A new room goes on top of the first page and pushes its last room to the second; the third page,
    // anchored at its cursor, does not change.
    clock.advance(1_000);
    const created = await host.call("room:create", {
      gameId: "othello",
      timeControl: rapid,
      seats: [{ kind: "open" }, { kind: "open" }],
    });
    if (!created.ok) throw new Error(created.message);
    const thirdHeard = thirdCopy.changes.length;
    clock.advance(LOBBY_BATCH_MS);
    await first.until(() => firstCopy.rooms[0]?.matchId === created.matchId, "the new room on page 1");
    expect(firstCopy.rooms.map((r) => r.matchId)).toEqual([created.matchId, ...newestFirst.slice(0, 9)]);
    expect(firstCopy.changes.at(-1)).toMatchObject({ removed: [newestFirst[9]], total: 30 });
    await third.until(() => thirdCopy.changes.length > thirdHeard, "page 3's count");
    expect(thirdCopy.changes.at(-1)).toEqual({
      view: "waiting",
      updated: [],
      removed: [],
      next: null,
      total: 30,
    });

    // What one request can pull is bounded.
    expect(await first.call("lobby:subscribe", { limit: 51 })).toMatchObject({
      ok: false,
      code: "invalid-payload",
    });
    expect((await rest("?limit=51")).status).toBe(400);
    const all = await rest("");
    expect((all.body as { rooms: unknown[]; total: number }).rooms).toHaveLength(20);
    expect((all.body as { total: number }).total).toBe(31);
  });
});
