import { type MatchId, type RoomSummary } from "@arena/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { Client, startServer, type TestServer } from "../test-support/harness.js";
import { playOut } from "../test-support/play.js";

const rapid = { baseMs: 600_000, incrementMs: 5_000 };

describe("rooms and the lobby", () => {
  let server: TestServer;
  let clients: Client[] = [];

  beforeEach(async () => {
    server = await startServer({ clock: new FakeClock() });
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

  it("updates subscribers live as rooms open, fill, start and finish; hides link-only rooms", async () => {
    const watcher = await connect();
    const updates: RoomSummary[] = [];
    const removed: MatchId[] = [];
    watcher.socket.on("lobby:room-updated", ({ room }) => updates.push(room));
    watcher.socket.on("lobby:room-removed", ({ matchId }) => removed.push(matchId));
    const initial = await watcher.call("lobby:subscribe", {});
    expect(initial).toEqual({ ok: true, rooms: [] });

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
    await watcher.until(
      () => updates.some((r) => r.matchId === created.matchId && r.openSeats === 1),
      "open room",
    );
    expect(updates.some((r) => hidden.ok && r.matchId === hidden.matchId)).toBe(false);

    const guest = await connect();
    await guest.call("room:join-seat", { matchId: created.matchId, version: created.version, seat: 1 });
    await watcher.until(
      () => updates.some((r) => r.matchId === created.matchId && r.status === "live"),
      "live",
    );
    const listed = await watcher.call("lobby:subscribe", {});
    expect(listed.ok && listed.rooms.map((r) => r.matchId)).toEqual([created.matchId]);

    const moves = await playOut(created.matchId, [host, guest], host);
    await watcher.until(() => removed.includes(created.matchId), "finished room removed");
    // The lobby hears that the game went live and that its second player is connected, not each move.
    expect(moves.moves.length).toBeGreaterThan(50);
    expect(updates.filter((r) => r.matchId === created.matchId && r.status === "live")).toHaveLength(2);
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
