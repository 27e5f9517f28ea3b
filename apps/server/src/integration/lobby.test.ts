import { applyLobbyChange, type LobbyChange, type MatchId, type RoomSummary } from "@arena/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { LOBBY_BATCH_MS } from "../rooms/lobby-feed.js";
import { Client, startServer, type TestServer } from "../test-support/harness.js";
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

describe("rooms and the lobby", () => {
  let server: TestServer;
  let clock: FakeClock;
  let clients: Client[] = [];

  beforeEach(async () => {
    clock = new FakeClock();
    server = await startServer({ clock });
  });
  afterEach(async () => {
    for (const client of clients) client.close();
    clients = [];
    await server.close();
  });

  async function connect(): Promise<Client> {
    const client = await Client.connect(server.url);
    clients.push(client);
    return client;
  }

  it("updates subscribers as rooms open, fill, start and finish, once per batch; hides link-only rooms", async () => {
    const watcher = await connect();
    const lobby = new LobbyCopy(watcher);
    const initial = await watcher.call("lobby:subscribe", {});
    expect(initial).toEqual({ ok: true, view: "all", rooms: [], next: null, total: 0 });

    const host = await connect();
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

    const guest = await connect();
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
    const host = await connect();
    const other = await connect();
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
    const a = await connect();
    const b = await connect();
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
