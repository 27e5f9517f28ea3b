import { type MatchId } from "@arena/protocol";
import { beforeEach, describe, expect, it } from "vitest";
import { type AiRequest } from "@arena/engine/ai/choose-move";
import { type AiPool, InlinePool, PiscinaPool } from "../ai/pool.js";
import { FakeClock } from "../clocks/scheduler.js";
import { type Client } from "../test-support/harness.js";
import { firstLegal } from "../test-support/play.js";
import { useServers } from "../test-support/servers.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };
const arena = useServers();

describe("spectators, reconnection, abandonment and AI seats (memory store)", () => {
  let clock: FakeClock;

  beforeEach(async () => {
    clock = new FakeClock();
    await arena.start({ clock });
  });

  async function othelloMatch(): Promise<{ black: Client; white: Client; matchId: MatchId }> {
    const black = await arena.connect();
    const white = await arena.connect();
    const created = await black.call("room:create", {
      gameId: "othello",
      timeControl: blitz,
      seats: [{ kind: "open" }, { kind: "invite" }],
      sit: 0,
      visibility: "link",
    });
    if (!created.ok) throw new Error(created.code);
    const refused = await white.call("room:join-seat", {
      matchId: created.matchId,
      version: created.version,
      seat: 1,
    });
    expect(refused).toMatchObject({ ok: false, code: "forbidden" });
    const joined = await white.call("room:join-seat", {
      matchId: created.matchId,
      version: created.version,
      seat: 1,
      inviteToken: created.inviteToken,
    });
    expect(joined).toMatchObject({ ok: true, seat: 1 });
    return { black, white, matchId: created.matchId };
  }

  /** Plays `plies` first-legal moves. */
  async function play(matchId: MatchId, bySeat: Client[], plies: number): Promise<void> {
    for (let i = 0; i < plies; i++) {
      const snapshot = await bySeat[0]?.snapshot(matchId);
      if (snapshot === undefined) throw new Error("no client");
      const next = firstLegal(snapshot);
      if (next === null) throw new Error("no move");
      const ack = await bySeat[next.seat]?.call("match:move", {
        matchId,
        version: snapshot.version,
        move: next.move,
      });
      expect(ack?.ok).toBe(true);
    }
  }

  it("gives a spectator joining mid-game a snapshot, then every later move in order", async () => {
    const { black, white, matchId } = await othelloMatch();
    await play(matchId, [black, white], 6);
    const spectator = await arena.connect();
    const snapshot = await spectator.snapshot(matchId);
    expect(snapshot.moves.filter((m) => !m.forced)).toHaveLength(6);
    expect(snapshot.seats.map((s) => s.kind)).toEqual(["human", "human"]);
    const players = await black.snapshot(matchId);
    expect(players.viewers).toBe(1);
    await play(matchId, [black, white], 6);
    const finalVersion = (await black.snapshot(matchId)).version;
    await spectator.until((c) => c.lastVersion(matchId) === finalVersion, "the spectator catches up");
    const versions = spectator.events.map((e) => e.version);
    expect(versions).toEqual(
      Array.from({ length: finalVersion - snapshot.version }, (_, i) => snapshot.version + i + 1),
    );
    const spectatorMove = await spectator.call("match:move", { matchId, version: finalVersion, move: "a1" });
    expect(spectatorMove).toMatchObject({ ok: false, code: "not-your-seat" });
  });

  it("replays missed events to a reconnecting player (match:sync), with the same identity", async () => {
    const { black, white, matchId } = await othelloMatch();
    await play(matchId, [black, white], 2);
    const token = white.session?.token ?? "";
    const seen = (await white.snapshot(matchId)).version;
    white.close();
    // Black moves while white is away (seat 0 moves at plies 0, 2, ...).
    const snap = await black.snapshot(matchId);
    const next = firstLegal(snap);
    expect(next?.seat).toBe(0);
    await black.call("match:move", { matchId, version: snap.version, move: next?.move ?? "" });
    const back = await arena.connect(token);
    expect(back.session?.user.id).toBe(white.session?.user.id);
    const sync = await back.call("match:sync", { matchId, sinceVersion: seen });
    if (!sync.ok || sync.kind !== "events") throw new Error("expected events");
    expect(sync.events.map((e) => e.version)).toEqual([seen + 1]);
    expect(sync.events[0]?.event).toMatchObject({ type: "moved", seat: 0 });
    // Back in the game: white can move again.
    const now = await back.snapshot(matchId);
    const reply = firstLegal(now);
    expect(reply?.seat).toBe(1);
    const ack = await back.call("match:move", { matchId, version: now.version, move: reply?.move ?? "" });
    expect(ack.ok).toBe(true);
    // A version from the future gets a snapshot.
    const ahead = await back.call("match:sync", { matchId, sinceVersion: 10_000 });
    expect(ahead.ok && ahead.kind).toBe("snapshot");
  });

  it("lets the opponent claim the win once a disconnected player is gone (docs/clocks.md §6)", async () => {
    const { black, white, matchId } = await othelloMatch();
    await play(matchId, [black, white], 4);
    white.close();
    let early = await black.snapshot(matchId);
    for (let i = 0; i < 100 && early.seats[1]?.kind === "human" && early.seats[1].connected; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      early = await black.snapshot(matchId);
    }
    const tooEarly = await black.call("match:claim", { matchId, version: early.version, kind: "win" });
    expect(tooEarly).toMatchObject({ ok: false, code: "cannot-claim" });
    const whiteSeat = early.seats[1];
    expect(whiteSeat?.kind === "human" && whiteSeat.connected).toBe(false);
    // A deliberate disconnect (closing the tab) counts as gone after 10 s.
    clock.advance(10_000);
    const later = await black.snapshot(matchId);
    const seat = later.seats[1];
    expect(seat?.kind === "human" && seat.gone).toBe(true);
    const claimed = await black.call("match:claim", { matchId, version: later.version, kind: "win" });
    expect(claimed.ok).toBe(true);
    const final = await black.snapshot(matchId);
    expect(final.result).toEqual({ reason: "abandon", winners: [0], scores: [64, 0] });
  });

  it("finishes a human-vs-AI game, the AI answering through the mailbox", async () => {
    const human = await arena.connect();
    const created = await human.call("room:create", {
      gameId: "othello",
      timeControl: blitz,
      seats: [{ kind: "open" }, { kind: "ai", level: 1 }],
      sit: 0,
    });
    if (!created.ok) throw new Error(created.code);
    const matchId = created.matchId;
    for (let i = 0; i < 100; i++) {
      const snapshot = await human.snapshot(matchId);
      if (snapshot.status !== "live") break;
      const next = firstLegal(snapshot);
      if (next?.seat !== 0) {
        await human.until((c) => c.lastVersion(matchId) > snapshot.version, "the AI's move");
        continue;
      }
      const ack = await human.call("match:move", { matchId, version: snapshot.version, move: next.move });
      expect(ack.ok).toBe(true);
    }
    const final = await human.snapshot(matchId);
    expect(final.status).toBe("finished");
    expect(final.moves.some((m) => m.seat === 1 && !m.forced)).toBe(true);
  });

  it("plays a 4-seat Dice of Doom game with 3 AI seats; a resigning human is eliminated and play goes on", async () => {
    const human = await arena.connect();
    // Random start boards can be over at once, or after the first elimination (the engine's rules);
    // try a few seeds until the AIs have a game to play.
    let aiMoves = 0;
    for (let attempt = 0; attempt < 20 && aiMoves === 0; attempt++) {
      const created = await human.call("room:create", {
        gameId: "dice-of-doom",
        options: { players: 4, size: 4 },
        timeControl: blitz,
        seats: [
          { kind: "open" },
          { kind: "ai", level: 1 },
          { kind: "ai", level: 1 },
          { kind: "ai", level: 1 },
        ],
        sit: 0,
      });
      if (!created.ok) throw new Error(`${created.code}: ${created.message}`);
      const matchId = created.matchId;
      let snapshot = await human.snapshot(matchId);
      if (snapshot.status !== "live") continue;
      const resigned = await human.call("match:resign", { matchId, version: snapshot.version });
      if (!resigned.ok) {
        // The AIs moved first and the version moved on; take the current one.
        snapshot = await human.snapshot(matchId);
        if (snapshot.status !== "live") continue;
        expect((await human.call("match:resign", { matchId, version: snapshot.version })).ok).toBe(true);
      }
      await human.until((c) => c.ended(matchId), "the AIs finish the game", 30_000);
      snapshot = await human.snapshot(matchId);
      expect(snapshot.status).toBe("finished");
      expect(snapshot.result?.reason).toBe("normal");
      expect(snapshot.result?.winners).not.toContain(0);
      expect(
        human.events.some(
          (e) => e.matchId === matchId && e.event.type === "eliminated" && e.event.seat === 0,
        ),
      ).toBe(true);
      aiMoves = snapshot.moves.filter((m) => m.seat !== 0 && !m.forced).length;
    }
    expect(aiMoves).toBeGreaterThan(0);
  });
});

describe("AI vs AI with the real piscina pool", () => {
  it("gives an AI seat its whole clock from its first move: the first-move window is for people", async () => {
    const requests: AiRequest[] = [];
    const inline = new InlinePool();
    const recording: AiPool = {
      choose: (request, signal) => {
        requests.push(request);
        return inline.choose(request, signal);
      },
      analyze: (request, signal) => inline.analyze(request, signal),
      queueDepth: () => 0,
      close: () => Promise.resolve(),
    };
    await arena.start({ ai: recording, clock: new FakeClock() });
    const watcher = await arena.connect();
    const created = await watcher.call("room:create", {
      gameId: "othello",
      timeControl: blitz,
      seats: [
        { kind: "ai", level: 1 },
        { kind: "ai", level: 1 },
      ],
    });
    if (!created.ok) throw new Error(created.code);
    await watcher.snapshot(created.matchId);
    await watcher.until(() => requests.length >= 3, "three AI moves");
    // An AI seat has no first-move window (§4): its clock runs from its first turn, and the fake clock
    // stands still, so each move is asked with the whole clock, the increment added after its first.
    expect(requests.slice(0, 3).map((r) => r.remainingMs)).toEqual([180_000, 180_000, 182_000]);
  });

  it("never aborts a game because its AI seat's first move came after the first-move window", async () => {
    // A pool that holds every request until the test lets it go: a pool busy with other users' searches.
    const held: (() => void)[] = [];
    const inline = new InlinePool();
    const slow: AiPool = {
      choose: (request, signal) =>
        new Promise((resolve) => held.push(() => void inline.choose(request, signal).then(resolve))),
      analyze: (request, signal) => inline.analyze(request, signal),
      queueDepth: () => held.length,
      close: () => Promise.resolve(),
    };
    const clock = new FakeClock();
    await arena.start({ ai: slow, clock });
    const human = await arena.connect();
    // The AI has black and moves first; the person has white.
    const created = await human.call("room:create", {
      gameId: "othello",
      timeControl: blitz,
      seats: [{ kind: "ai", level: 1 }, { kind: "open" }],
      sit: 1,
    });
    if (!created.ok) throw new Error(created.code);
    await human.snapshot(created.matchId);
    await human.until(() => held.length === 1, "the AI's request");
    // Past the blitz window (25 s): a person's first move would abort the game here, not the AI's.
    clock.advance(40_000);
    let snapshot = await human.snapshot(created.matchId);
    expect(snapshot.status).toBe("live");
    held.shift()?.();
    await human.until(
      (c) => c.events.some((e) => e.matchId === created.matchId && e.event.type === "moved"),
      "the AI's move",
    );
    snapshot = await human.snapshot(created.matchId);
    expect(snapshot.status).toBe("live");
    // It was charged for the time it took: its clock ran from its first turn.
    expect(snapshot.clock?.remainingMs[0]).toBe(180_000 - 40_000 + 2_000);
  });

  it("finishes an Othello game on its own", async () => {
    const pool = new PiscinaPool({ maxThreads: 1, maxQueue: 16 });
    arena.defer(() => pool.close());
    await arena.start({ ai: pool, clock: new FakeClock() });
    const watcher = await arena.connect();
    const created = await watcher.call("room:create", {
      gameId: "othello",
      timeControl: { baseMs: 60_000, incrementMs: 0 },
      seats: [
        { kind: "ai", level: 1 },
        { kind: "ai", level: 1 },
      ],
    });
    if (!created.ok) throw new Error(created.code);
    await watcher.snapshot(created.matchId);
    await watcher.until((c) => c.ended(created.matchId), "the AIs finish", 30_000);
    const final = await watcher.snapshot(created.matchId);
    expect(final.status).toBe("finished");
    expect(final.result?.reason).toBe("normal");
    expect(final.moves.length).toBeGreaterThan(50);
  });
});
