import { getGame } from "@arena/engine/registry";
import {
  asMatchId,
  asMillis,
  asVersion,
  MatchEvent,
  type SeatSpec,
  type UserRef,
  type VersionedEvent,
} from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { createClock, step as stepClock } from "./clock.js";
import { applyEvent, applyEvents, follow, withPresence } from "./follower.js";
import { CorruptLogError, evolve, fold } from "./model.js";
import {
  activeSeats,
  DRAW_OFFER_GAP_PLIES,
  isCurrent,
  isEliminated,
  openSeats,
  pliesUntilDrawOffer,
  seatsOf,
  seatToMove,
} from "./queries.js";
import { positionsOf } from "./replay.js";
import { NOBODY_CONNECTED, snapshotOf } from "./view.js";

const ada = { id: "u_ada", name: "Ada" } as UserRef;
const bob = { id: "u_bob", name: "Bob" } as UserRef;
const carol = { id: "u_carol", name: "Carol" } as UserRef;
const tc = { baseMs: 60_000, incrementMs: 0 };
const matchId = asMatchId("m1");
const view = { presence: () => NOBODY_CONNECTED, viewers: 0, now: 0 };

/** A log from events, numbered from 1. */
function log(events: readonly MatchEvent[]): VersionedEvent[] {
  return events.map((event, i) => ({ version: asVersion(i + 1), at: asMillis(i * 1_000), event }));
}

function created(gameId: "othello" | "dice-of-doom", seats: SeatSpec[], input: unknown = {}): MatchEvent {
  const options = getGame(gameId).parseOptions(input);
  if (!options.ok) throw new Error(options.error.message);
  return {
    type: "created",
    gameId,
    options: options.value,
    timeControl: tc,
    seats,
    rated: false,
    visibility: "public",
    host: ada,
    commitment: "0".repeat(64),
  };
}

function started(gameId: "othello" | "dice-of-doom", seats: number, input: unknown = {}): MatchEvent {
  const game = getGame(gameId);
  const options = game.parseOptions(input);
  if (!options.ok) throw new Error(options.error.message);
  const state = game.initial(options.value, 7);
  return { type: "started", state: game.serialize(state), clock: createClock(tc, seats, 0, 0) };
}

function othelloLog(moves: readonly string[]): VersionedEvent[] {
  const clock = createClock(tc, 2, 0, 0);
  return log([
    created("othello", [{ kind: "invite" }, { kind: "open" }]),
    { type: "seat-joined", seat: 0, user: ada },
    { type: "seat-joined", seat: 1, user: bob },
    started("othello", 2),
    ...moves.map((move, i): MatchEvent => ({
      type: "moved",
      seat: i % 2,
      move,
      forced: false,
      clock: stepClock(clock, { now: i * 1_000 }, (i + 1) % 2).clock,
    })),
  ]);
}

describe("the fold", () => {
  it("folds a log: seats, start, moves and the seat to move", () => {
    const model = fold(matchId, othelloLog(["f5", "d6", "c3"]));
    expect(model.status).toBe("live");
    expect(model.version).toBe(7);
    expect(seatsOf(model, ada.id)).toEqual([0]);
    expect(openSeats(model)).toBe(0);
    expect(model.moves.toArray().map((m) => m.move)).toEqual(["f5", "d6", "c3"]);
    expect(seatToMove(model)).toBe(1);
    expect(model.game.hash(model.state)).not.toBe(model.game.hash(model.start));
  });

  it("gives a vacated invite-only seat back to the invitation and an open one back to anyone", () => {
    const model = fold(
      matchId,
      log([
        created("othello", [{ kind: "invite" }, { kind: "open" }]),
        { type: "seat-joined", seat: 0, user: bob },
        { type: "seat-left", seat: 0 },
        { type: "ai-set", seat: 1, level: 2 },
        { type: "ai-kicked", seat: 1 },
      ]),
    );
    expect(model.slots).toEqual([{ kind: "invite" }, { kind: "open" }]);
  });

  it("records when the room was created and why it was cancelled, and the snapshot carries both", () => {
    const waiting = log([created("othello", [{ kind: "open" }, { kind: "open" }])]);
    const expired = fold(matchId, [
      ...waiting,
      { version: asVersion(2), at: asMillis(90_000), event: { type: "cancelled", reason: "expired" } },
    ]);
    expect(expired).toMatchObject({ status: "cancelled", cancelReason: "expired", createdAt: 0 });
    expect(expired.lastEventAt).toBe(90_000);
    expect(fold(matchId, waiting).cancelReason).toBeNull();
    const rebuilt = follow(snapshotOf(expired, view));
    expect(rebuilt.ok && rebuilt.followed.model).toEqual(expired);
    // A log from before rooms could expire: the host cancelled it.
    const old = MatchEvent.parse({ type: "cancelled" });
    expect(old).toEqual({ type: "cancelled", reason: "host" });
  });

  it("folds a tournament's tag from created, null for any other match, and the snapshot carries it", () => {
    const tag = { id: "t_abcdefghi", round: 2, board: 3, berserk: false };
    const plain = created("othello", [{ kind: "open" }, { kind: "open" }]);
    if (plain.type !== "created") throw new Error("not a created event");
    const tagged = fold(matchId, log([{ ...plain, tournament: tag }]));
    expect(tagged.tournament).toEqual(tag);
    expect(fold(matchId, othelloLog(["f5"])).tournament).toBeNull();
    const rebuilt = follow(snapshotOf(tagged, view));
    expect(rebuilt.ok && rebuilt.followed.model).toEqual(tagged);
  });

  it("folds the host's spectator-chat switch, open by default, and the snapshot carries it", () => {
    const entries = othelloLog(["f5"]);
    const switched = (open: boolean, version: number): VersionedEvent => ({
      version: asVersion(version),
      at: asMillis(9_000),
      event: { type: "spectator-chat", open },
    });
    expect(fold(matchId, entries).spectatorChat).toBe(true);
    const closed = fold(matchId, [...entries, switched(false, entries.length + 1)]);
    expect(closed.spectatorChat).toBe(false);
    expect(closed.moves.length).toBe(1);
    const rebuilt = follow(snapshotOf(closed, view));
    expect(rebuilt.ok && rebuilt.followed.model.spectatorChat).toBe(false);
    const reopened = fold(matchId, [
      ...entries,
      switched(false, entries.length + 1),
      switched(true, entries.length + 2),
    ]);
    expect(reopened.spectatorChat).toBe(true);
  });

  it("folds the host's slow mode, off by default, kept by a switch without it, and the snapshot carries it", () => {
    const entries = othelloLog(["f5"]);
    const at = (version: number, event: MatchEvent): VersionedEvent => ({
      version: asVersion(version),
      at: asMillis(9_000),
      event,
    });
    expect(fold(matchId, entries).spectatorSlowSeconds).toBe(0);
    const slowed = fold(matchId, [
      ...entries,
      at(entries.length + 1, { type: "spectator-chat", open: true, slowSeconds: 20 }),
      at(entries.length + 2, { type: "spectator-chat", open: false }),
    ]);
    expect(slowed.spectatorSlowSeconds).toBe(20);
    expect(slowed.spectatorChat).toBe(false);
    const rebuilt = follow(snapshotOf(slowed, view));
    expect(rebuilt.ok && rebuilt.followed.model.spectatorSlowSeconds).toBe(20);
  });

  it("keeps draw offers sorted and clears them on a move, not on a forced one", () => {
    const entries = othelloLog(["f5"]);
    let model = fold(matchId, entries);
    const next = (event: MatchEvent) =>
      (model = evolve(model, { version: asVersion(model.version + 1), at: asMillis(0), event }));
    next({ type: "draw-offered", seat: 1 });
    next({ type: "draw-offered", seat: 0 });
    expect(model.drawOffers).toEqual([0, 1]);
    next({
      type: "moved",
      seat: 1,
      move: "d6",
      forced: false,
      clock: model.clock ?? createClock(tc, 2, 0, 0),
    });
    expect(model.drawOffers).toEqual([]);
  });

  it("keeps the version of the last event that changed the position: offers, switches and invitations leave it", () => {
    const entries = othelloLog(["f5"]);
    let model = fold(matchId, entries);
    const moved = model.version;
    expect(model.positionVersion).toBe(moved);
    const next = (event: MatchEvent) =>
      (model = evolve(model, { version: asVersion(model.version + 1), at: asMillis(0), event }));
    next({ type: "draw-offered", seat: 0 });
    next({ type: "spectator-chat", open: false });
    next({ type: "draw-declined", seat: 1 });
    next({
      type: "clock-credited",
      creditsMs: [0, 0],
      clock: model.clock ?? createClock(tc, 2, 0, 0),
      why: "t",
    });
    expect(model.positionVersion).toBe(moved);
    expect(model.drawOfferPlies).toEqual([1, null]);
    expect(model.repeats["draw-offered"]).toBe(1);
    expect(model.repeats["spectator-chat"]).toBe(1);
    // A command based on any version since the move is current; one from before it, or ahead, is not.
    for (let v = moved; v <= model.version; v++) expect(isCurrent(model, v)).toBe(true);
    expect(isCurrent(model, moved - 1)).toBe(false);
    expect(isCurrent(model, model.version + 1)).toBe(false);
    next({
      type: "moved",
      seat: 1,
      move: "d6",
      forced: false,
      clock: model.clock ?? createClock(tc, 2, 0, 0),
    });
    expect(model.positionVersion).toBe(model.version);
    expect(isCurrent(model, model.version - 1)).toBe(false);
    // Seat 0 offered at ply 1 and two plies are played: it may offer again in 19, seat 1 at once.
    expect(pliesUntilDrawOffer(model, 0)).toBe(DRAW_OFFER_GAP_PLIES - 1);
    expect(pliesUntilDrawOffer(model, 1)).toBe(0);
    const rebuilt = follow(snapshotOf(model, view));
    expect(rebuilt.ok && rebuilt.followed.model).toEqual(model);
  });

  it("refuses a log that skips a version or does not start with created", () => {
    const entries = othelloLog(["f5"]);
    expect(() =>
      fold(
        matchId,
        [entries[0], entries[2]].filter((e) => e !== undefined),
      ),
    ).toThrow(CorruptLogError);
    expect(() => fold(matchId, entries.slice(1))).toThrow(CorruptLogError);
    const bad = [
      ...entries.slice(0, 4),
      { ...entries[4], event: { type: "moved", seat: 0, move: "a1", forced: false } },
    ];
    expect(() => fold(matchId, bad as VersionedEvent[])).toThrow(CorruptLogError);
  });
});

describe("replay", () => {
  it("lists every position, the last the model's own", () => {
    const model = fold(matchId, othelloLog(["f5", "d6", "c3", "d3"]));
    const positions = positionsOf(model);
    expect(positions).toHaveLength(5);
    expect(model.game.hash(positions[0])).toBe(model.game.hash(model.start));
    expect(model.game.hash(positions[4])).toBe(model.game.hash(model.state));
  });

  it("takes an eliminated seat out where the log did, so the replay ends where the game stands", () => {
    const events = log([
      created("dice-of-doom", [{ kind: "open" }, { kind: "open" }, { kind: "open" }], { players: 3 }),
      { type: "seat-joined", seat: 0, user: ada },
      { type: "seat-joined", seat: 1, user: bob },
      { type: "seat-joined", seat: 2, user: carol },
      started("dice-of-doom", 3, { players: 3 }),
    ]);
    let model = fold(matchId, events);
    const game = model.game;
    const pass = game.legalMoves(model.state).at(-1);
    const toMove = seatToMove(model) ?? 0;
    model = evolve(model, {
      version: asVersion(model.version + 1),
      at: asMillis(0),
      event: {
        type: "moved",
        seat: toMove,
        move: game.formatMove(model.state, pass),
        forced: false,
        clock: model.clock ?? createClock(tc, 3, 0, 0),
      },
    });
    model = evolve(model, {
      version: asVersion(model.version + 1),
      at: asMillis(0),
      event: {
        type: "eliminated",
        seat: 2,
        reason: "resign",
        clock: model.clock ?? createClock(tc, 3, 0, 0),
      },
    });
    expect(isEliminated(model, 2)).toBe(true);
    expect(activeSeats(model)).toEqual([0, 1]);
    const positions = positionsOf(model);
    expect(positions).toHaveLength(2);
    expect(game.hash(positions[1])).toBe(game.hash(model.state));
  });
});

describe("a client following a match", () => {
  const entries = othelloLog(["f5", "d6", "c3"]);
  const upTo = (version: number) => fold(matchId, entries.slice(0, version));

  it("rebuilds the server's model from its snapshot", () => {
    const server = upTo(entries.length);
    const client = follow(snapshotOf(server, view));
    if (!client.ok) throw new Error(client.message);
    expect(snapshotOf(client.followed.model, view)).toEqual(snapshotOf(server, view));
  });

  it("folds the next event, ignores a stale one and reports a gap", () => {
    const client = follow(snapshotOf(upTo(5), view));
    if (!client.ok) throw new Error(client.message);
    const next = entries[5];
    const later = entries[6];
    const stale = entries[4];
    if (next === undefined || later === undefined || stale === undefined) throw new Error("short log");
    expect(applyEvent(client.followed, stale)).toEqual({ kind: "stale" });
    expect(applyEvent(client.followed, later)).toEqual({ kind: "gap" });
    const applied = applyEvent(client.followed, next);
    if (applied.kind !== "applied") throw new Error(applied.kind);
    expect(snapshotOf(applied.followed.model, view)).toEqual(snapshotOf(upTo(6), view));
    const caught = applyEvents(client.followed, entries.slice(4));
    expect(caught.gap).toBe(false);
    expect(snapshotOf(caught.followed.model, view)).toEqual(snapshotOf(upTo(entries.length), view));
  });

  it("reports an event its copy cannot fold as a gap, to be repaired by a resync", () => {
    const client = follow(snapshotOf(upTo(5), view));
    if (!client.ok) throw new Error(client.message);
    const next = entries[5];
    if (next === undefined) throw new Error("short log");
    const garbled = {
      ...next,
      event: { type: "moved" as const, seat: 1, move: "h8", forced: false, clock: createClock(tc, 2, 0, 0) },
    };
    expect(applyEvent(client.followed, garbled)).toEqual({ kind: "gap" });
  });

  it("takes presence updates for the seats they name", () => {
    const client = follow(snapshotOf(upTo(7), view));
    if (!client.ok) throw new Error(client.message);
    const updated = withPresence(client.followed, {
      matchId,
      seats: [{ seat: 1, connected: true, offlineSince: null, goneAt: null, gone: false }],
      viewers: 3,
    });
    expect(updated.presence[1]).toEqual({ connected: true, offlineSince: null, goneAt: null, gone: false });
    expect(updated.presence[0]).toEqual(client.followed.presence[0]);
    expect(updated.viewers).toBe(3);
  });

  it("refuses a snapshot of a game it does not know", () => {
    const snapshot = snapshotOf(upTo(7), view);
    expect(follow({ ...snapshot, gameId: "chess" }).ok).toBe(false);
  });
});
