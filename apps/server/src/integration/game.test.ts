import { type MatchId } from "@arena/protocol";
import { beforeEach, describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { type Client, type TestServer } from "../test-support/harness.js";
import { firstLegal, playOut, startOthello } from "../test-support/play.js";
import { useServers } from "../test-support/servers.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };

describe("two players over real sockets (memory store, fake clock)", () => {
  const arena = useServers();
  let server: TestServer;
  let clock: FakeClock;

  beforeEach(async () => {
    clock = new FakeClock();
    server = await arena.start({ clock });
  });

  /** Host creates an Othello room sitting at seat 0; a guest joins seat 1 and the game starts. */
  async function othelloMatch(): Promise<{ black: Client; white: Client; matchId: MatchId }> {
    const black = await arena.connect();
    const white = await arena.connect();
    const { matchId } = await startOthello(black, white, blitz);
    return { black, white, matchId };
  }

  it("plays a full Othello game to the end with the engine's result", async () => {
    const { black, white, matchId } = await othelloMatch();
    const final = await playOut(matchId, [black, white], black);
    expect(final.status).toBe("finished");
    expect(final.result?.reason).toBe("normal");
    const scores = final.result?.scores ?? [];
    expect(scores).toHaveLength(2);
    const [a = 0, b = 0] = scores;
    expect(final.result?.winners).toEqual(a > b ? [0] : a < b ? [1] : [0, 1]);
    await white.until((c) => c.ended(matchId), "white sees the end");
    // Every event arrived in version order with no gap.
    const versions = white.events.filter((e) => e.matchId === matchId).map((e) => e.version);
    expect(versions).toEqual(versions.map((_, i) => (versions[0] ?? 0) + i));
    const record = (await (await fetch(`${server.url}/api/matches/${matchId}`)).json()) as {
      ok: boolean;
      match: { moves: unknown[]; status: string };
    };
    expect(record.ok).toBe(true);
    expect(record.match.status).toBe("finished");
    expect(record.match.moves.length).toBe(final.moves.length);
  });

  it("forgets a finished match two minutes after its end: the room, and its sockets' follow", async () => {
    const { black, white, matchId } = await othelloMatch();
    await black.call("match:resign", { matchId, version: (await black.snapshot(matchId)).version });
    const adapterRooms = server.app.io.of("/").adapter.rooms;
    expect(adapterRooms.get(`match:${matchId}`)?.size).toBe(2);
    clock.advance(2 * 60_000);
    expect(adapterRooms.has(`match:${matchId}`)).toBe(false);
    // the store still has it: asking again loads it and follows it again
    const again = await white.snapshot(matchId);
    expect(again.status).toBe("finished");
    expect(adapterRooms.get(`match:${matchId}`)?.size).toBe(1);
    // an old game loaded on demand is dropped again like one that just ended
    expect(server.app.rooms.finishedCached).toBe(1);
    clock.advance(2 * 60_000);
    expect(adapterRooms.has(`match:${matchId}`)).toBe(false);
    expect(server.app.rooms.finishedCached).toBe(0);
  });

  it("keeps at most the configured number of finished rooms, dropping the oldest first", async () => {
    await server.close();
    server = await arena.start({ clock, config: { finishedRoomsKept: 2 } });
    const adapterRooms = server.app.io.of("/").adapter.rooms;
    const ended: MatchId[] = [];
    for (let k = 0; k < 3; k++) {
      const { black, matchId } = await othelloMatch();
      await black.call("match:resign", { matchId, version: (await black.snapshot(matchId)).version });
      ended.push(matchId);
    }
    const [first, second, third] = ended;
    expect(server.app.rooms.finishedCached).toBe(2);
    expect(adapterRooms.has(`match:${first}`)).toBe(false);
    expect(adapterRooms.get(`match:${second}`)?.size).toBe(2);
    expect(adapterRooms.get(`match:${third}`)?.size).toBe(2);
    // the dropped one is still in the store, whole
    const record = (await (await fetch(`${server.url}/api/matches/${first}`)).json()) as {
      match: { status: string; result: { reason: string } };
    };
    expect(record.match).toMatchObject({ status: "finished", result: { reason: "resign" } });
  });

  it("answers 'unavailable', not 'not-found', to a command that arrives while the server shuts down", async () => {
    const { black, matchId } = await othelloMatch();
    const snapshot = await black.snapshot(matchId);
    const next = firstLegal(snapshot);
    await server.app.rooms.stop(true);
    const ack = await black.call("match:move", {
      matchId,
      version: snapshot.version,
      move: next?.move ?? "",
    });
    expect(ack).toMatchObject({ ok: false, code: "unavailable" });
  });

  it("refuses stale versions and moves from the wrong seat or a spectator", async () => {
    const { black, white, matchId } = await othelloMatch();
    const snapshot = await black.snapshot(matchId);
    const next = firstLegal(snapshot);
    expect(next?.seat).toBe(0);
    const move = next?.move ?? "";
    const wrongSeat = await white.call("match:move", { matchId, version: snapshot.version, move });
    expect(wrongSeat).toMatchObject({ ok: false, code: "wrong-seat" });
    const spectator = await arena.connect();
    const byViewer = await spectator.call("match:move", { matchId, version: snapshot.version, move });
    expect(byViewer).toMatchObject({ ok: false, code: "not-your-seat" });
    const resignViewer = await spectator.call("match:resign", { matchId, version: snapshot.version });
    expect(resignViewer).toMatchObject({ ok: false, code: "not-your-seat" });
    const stale = await black.call("match:move", { matchId, version: snapshot.version - 1, move });
    expect(stale).toMatchObject({ ok: false, code: "stale-version" });
    const illegal = await black.call("match:move", { matchId, version: snapshot.version, move: "a1" });
    expect(illegal).toMatchObject({ ok: false, code: "illegal-move" });
    const ok = await black.call("match:move", { matchId, version: snapshot.version, move });
    expect(ok).toMatchObject({ ok: true, version: snapshot.version + 1 });
    const replay = await black.call("match:move", { matchId, version: snapshot.version, move });
    expect(replay).toMatchObject({ ok: false, code: "stale-version" });
  });

  it("answers malformed payloads and unknown events with error acks, and ackless ones with an error event", async () => {
    const client = await arena.connect();
    const bad = await client.call("match:move", { matchId: "m", version: -3, move: "" });
    expect(bad).toMatchObject({ ok: false, code: "invalid-payload" });
    const notObject = await client.call("room:create", "nope" as never);
    expect(notObject).toMatchObject({ ok: false, code: "invalid-payload" });
    // An untyped view of the socket: these events are deliberately outside the protocol.
    const raw = client.socket as unknown as {
      timeout(ms: number): { emitWithAck(event: string, payload: unknown): Promise<unknown> };
      emit(event: string, payload: unknown): void;
    };
    const unknown = await raw.timeout(5000).emitWithAck("teleport", {});
    expect(unknown).toMatchObject({ ok: false, code: "unknown-event" });
    raw.emit("match:move", { junk: true });
    await client.until((c) => c.errors.length > 0, "an error event");
    expect(client.errors[0]).toMatchObject({ event: "match:move", code: "invalid-payload" });
    const huge = await client.call("match:move", { matchId: "m1", version: 1, move: "x".repeat(10_000) });
    expect(huge).toMatchObject({ ok: false, code: "payload-too-large" });
    const missing = await client.call("match:watch", { matchId: "m_nope" });
    expect(missing).toMatchObject({ ok: false, code: "not-found" });
    expect(JSON.stringify([bad, notObject, unknown])).not.toContain("at ");
  });

  it("ends a game on time with a fake clock, 64–0 for Othello, even with nobody connected", async () => {
    const { black, white, matchId } = await othelloMatch();
    // Both first moves (free), then black thinks forever.
    for (const player of [black, white]) {
      const snapshot = await player.snapshot(matchId);
      const next = firstLegal(snapshot);
      const ack = await player.call("match:move", {
        matchId,
        version: snapshot.version,
        move: next?.move ?? "",
      });
      expect(ack.ok).toBe(true);
    }
    black.close();
    white.close();
    const watcher = await arena.connect();
    await watcher.snapshot(matchId);
    clock.advance(blitz.baseMs + 2_000);
    await watcher.until((c) => c.ended(matchId), "the flag");
    const final = await watcher.snapshot(matchId);
    expect(final.result).toEqual({ reason: "timeout", winners: [1], scores: [0, 64] });
    expect(final.clock?.remainingMs[0]).toBe(0);
  });

  it("turns a move that arrives after the flag fell into a time loss", async () => {
    const { black, white, matchId } = await othelloMatch();
    for (const player of [black, white]) {
      const snapshot = await player.snapshot(matchId);
      const next = firstLegal(snapshot);
      await player.call("match:move", { matchId, version: snapshot.version, move: next?.move ?? "" });
    }
    const snapshot = await black.snapshot(matchId);
    // Past zero but inside the grace: the timer has not fired, yet the move is late.
    clock.advance(blitz.baseMs + 100);
    const late = await black.call("match:move", {
      matchId,
      version: snapshot.version,
      move: firstLegal(snapshot)?.move ?? "",
    });
    expect(late).toMatchObject({ ok: false, code: "game-over" });
    const final = await black.snapshot(matchId);
    expect(final.result?.reason).toBe("timeout");
    expect(final.result?.winners).toEqual([1]);
  });

  it("aborts when the first move does not come within the window", async () => {
    const { black, matchId } = await othelloMatch();
    clock.advance(25_000);
    await black.until((c) => c.ended(matchId), "the abort");
    const final = await black.snapshot(matchId);
    expect(final.status).toBe("aborted");
    expect(final.result).toEqual({ reason: "abort", winners: [], scores: [] });
  });

  it("resigns with a 64–0 record, and lets a player abort before two plies", async () => {
    const first = await othelloMatch();
    const snap = await first.white.snapshot(first.matchId);
    const resigned = await first.white.call("match:resign", {
      matchId: first.matchId,
      version: snap.version,
    });
    expect(resigned.ok).toBe(true);
    const final = await first.black.snapshot(first.matchId);
    expect(final.result).toEqual({ reason: "resign", winners: [0], scores: [64, 0] });

    const second = await othelloMatch();
    const s2 = await second.black.snapshot(second.matchId);
    const aborted = await second.black.call("match:abort", { matchId: second.matchId, version: s2.version });
    expect(aborted.ok).toBe(true);
    expect((await second.white.snapshot(second.matchId)).status).toBe("aborted");
  });

  it("agrees a draw and swaps colours in the rematch", async () => {
    const { black, white, matchId } = await othelloMatch();
    let snap = await black.snapshot(matchId);
    expect((await black.call("match:draw-offer", { matchId, version: snap.version })).ok).toBe(true);
    snap = await white.snapshot(matchId);
    expect(snap.drawOffers).toEqual([0]);
    expect((await white.call("match:draw-accept", { matchId, version: snap.version })).ok).toBe(true);
    const final = await black.snapshot(matchId);
    expect(final.result?.reason).toBe("draw-agreed");
    expect(final.result?.winners).toEqual([0, 1]);
    const first = await black.call("match:rematch", { matchId });
    expect(first).toMatchObject({ ok: true, nextMatchId: null });
    const second = await white.call("match:rematch", { matchId });
    if (!second.ok || second.nextMatchId === null) throw new Error("no rematch");
    const next = await black.snapshot(second.nextMatchId);
    expect(next.status).toBe("live");
    const seat0 = next.seats[0];
    const seat1 = next.seats[1];
    expect(seat0?.kind === "human" && seat0.user.id).toBe(white.session?.user.id);
    expect(seat1?.kind === "human" && seat1.user.id).toBe(black.session?.user.id);
  });

  it("disconnects a flooding socket after rate-limited acks", async () => {
    await server.close();
    server = await arena.start({ clock, config: { rateLimit: { burst: 5, perSecond: 1, maxRefusals: 3 } } });
    const client = await arena.connect();
    const disconnected = new Promise<void>((resolve) => client.socket.once("disconnect", () => resolve()));
    const acks = await Promise.all(
      Array.from({ length: 12 }, () => client.call("lobby:subscribe", {}).catch(() => null)),
    );
    expect(acks.filter((ack) => ack?.ok === false && ack.code === "rate-limited").length).toBeGreaterThan(0);
    await disconnected;
  });

  it("applies Othello's forced pass at once, without charging time", async () => {
    const black = await arena.connect();
    const white = await arena.connect();
    // Found by random play: after black's a5, white has no move and must pass.
    const start = "OOOOOOOXOOXXOOOXOXOXXXOXOOOXOOOX-OOXOOOXOOOOXOOXO--OXXXX-XXXXXXX X";
    const { matchId } = await startOthello(black, white, blitz, { start });
    const before = await black.snapshot(matchId);
    expect(firstLegal(before)?.seat).toBe(0);
    clock.advance(3_000);
    const ack = await black.call("match:move", { matchId, version: before.version, move: "a5" });
    expect(ack).toEqual({ ok: true, version: before.version + 2 });
    const after = await black.snapshot(matchId);
    expect(after.moves.slice(-2)).toEqual([
      { seat: 0, move: "a5", forced: false },
      { seat: 1, move: "PA", forced: true },
    ]);
    expect(after.clock?.remainingMs).toEqual(before.clock?.remainingMs);
    expect(after.clock?.running).toBe(0);
    expect(after.clock?.runningSince).toBe(clock.now());
  });
});
