import { getGame } from "@arena/engine/registry";
import {
  asMatchId,
  asMillis,
  asVersion,
  type MatchEvent,
  type UserRef,
  type VersionedEvent,
} from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { createClock, handOver, step as stepClock } from "./clock.js";
import { applyEvents, follow } from "./follower.js";
import { fold } from "./model.js";
import {
  isCurrent,
  pliesUntilTakeback,
  seatToMove,
  takebackPlies,
  takebacksAllowed,
  TAKEBACK_GAP_PLIES,
} from "./queries.js";
import { NOBODY_CONNECTED, snapshotOf } from "./view.js";

const ada = { id: "u_ada", name: "Ada" } as UserRef;
const bob = { id: "u_bob", name: "Bob" } as UserRef;
const tc = { baseMs: 60_000, incrementMs: 2_000 };
const matchId = asMatchId("m1");
const view = { presence: () => NOBODY_CONNECTED, viewers: 0, now: 0 };
const OPENING = ["f5", "d6", "c3", "d3", "c4"];

/** An Othello game of Ada (Black, seat 0) and Bob, one ply per second, then `extra` events. */
function game(moves: readonly string[], extra: readonly MatchEvent[] = [], rated = false): VersionedEvent[] {
  const othello = getGame("othello");
  const options = othello.parseOptions({});
  if (!options.ok) throw new Error(options.error.message);
  let clock = createClock(tc, 2, 0, 0);
  const played = moves.map((move, i): MatchEvent => {
    clock = stepClock(clock, { now: (i + 1) * 1_000 }, (i + 1) % 2).clock;
    return { type: "moved", seat: i % 2, move, forced: false, clock };
  });
  const events: MatchEvent[] = [
    {
      type: "created",
      gameId: "othello",
      options: options.value,
      timeControl: tc,
      seats: [{ kind: "open" }, { kind: "open" }],
      rated,
      visibility: "public",
      host: ada,
    },
    { type: "seat-joined", seat: 0, user: ada },
    { type: "seat-joined", seat: 1, user: bob },
    {
      type: "started",
      state: othello.serialize(othello.initial(options.value, 7)),
      clock: createClock(tc, 2, 0, 0),
    },
    ...played,
    ...extra,
  ];
  return events.map((event, i) => ({ version: asVersion(i + 1), at: asMillis(i * 1_000), event }));
}

describe("takebacks in the fold", () => {
  it("folds a takeback to exactly the earlier position, moves and turn, with the clock the event carries", () => {
    const before = fold(matchId, game(OPENING));
    const clock = handOver(before.clock ?? createClock(tc, 2, 0, 0), 0, 9_000);
    const after = fold(
      matchId,
      game(OPENING, [
        { type: "takeback-asked", seat: 0 },
        { type: "taken-back", plies: 1, clock },
      ]),
    );
    const earlier = fold(matchId, game(OPENING.slice(0, 4)));
    expect(after.state).toEqual(earlier.state);
    expect(after.moves.toArray()).toEqual(earlier.moves.toArray());
    expect(seatToMove(after)).toBe(0);
    expect(after.clock).toEqual(clock);
    expect(after.takebackAsks).toEqual([]);
    expect(after.takebackAskPlies).toEqual([5, null]);
    expect(after.repeats["takeback-asked"]).toBe(1);
  });

  it("makes a command based on the later position stale; the ask and a decline do not", () => {
    const asked = fold(matchId, game(OPENING, [{ type: "takeback-asked", seat: 1 }]));
    expect(isCurrent(asked, asked.version - 1)).toBe(true);
    const declined = fold(
      matchId,
      game(OPENING, [
        { type: "takeback-asked", seat: 1 },
        { type: "takeback-declined", seat: 0 },
      ]),
    );
    expect(declined.takebackAsks).toEqual([]);
    expect(isCurrent(declined, declined.version - 2)).toBe(true);
    const clock = handOver(asked.clock ?? createClock(tc, 2, 0, 0), 1, 9_000);
    const taken = fold(
      matchId,
      game(OPENING, [
        { type: "takeback-asked", seat: 1 },
        { type: "taken-back", plies: 2, clock },
      ]),
    );
    expect(isCurrent(taken, taken.version - 1)).toBe(false);
    expect(taken.moves.length).toBe(3);
  });

  it("clears a pending ask when the opponent plays on", () => {
    const asked = game(OPENING, [{ type: "takeback-asked", seat: 0 }]);
    const model = fold(matchId, asked);
    expect(model.takebackAsks).toEqual([0]);
    const clock = stepClock(model.clock ?? createClock(tc, 2, 0, 0), { now: 9_000 }, 0).clock;
    const reply = model.game.legalMoves(model.state)[0];
    const move = model.game.formatMove(model.state, reply);
    const next = fold(matchId, [
      ...asked,
      {
        version: asVersion(asked.length + 1),
        at: asMillis(9_000),
        event: { type: "moved", seat: 1, move, forced: false, clock },
      },
    ]);
    expect(next.takebackAsks).toEqual([]);
  });

  it("gives a client following the match the server's model after a takeback, and from a snapshot", () => {
    const before = game(OPENING);
    const clock = handOver(fold(matchId, before).clock ?? createClock(tc, 2, 0, 0), 1, 9_000);
    const full = game(OPENING, [
      { type: "takeback-asked", seat: 1 },
      { type: "taken-back", plies: 2, clock },
    ]);
    const server = fold(matchId, full);
    const snapshot = snapshotOf(fold(matchId, before), view);
    const followed = follow(snapshot);
    if (!followed.ok) throw new Error(followed.message);
    const caught = applyEvents(followed.followed, full.slice(before.length));
    expect(caught.gap).toBe(false);
    expect(snapshotOf(caught.followed.model, view)).toEqual(snapshotOf(server, view));
    const again = follow(snapshotOf(server, view));
    if (!again.ok) throw new Error(again.message);
    expect(again.followed.model.state).toEqual(server.state);
    expect(again.followed.model.takebackAskPlies).toEqual(server.takebackAskPlies);
  });
});

describe("takeback rules", () => {
  it("undoes one ply when the asker just moved, two when the opponent replied, none before a move", () => {
    const model = fold(matchId, game(OPENING));
    expect(takebackPlies(model, 0)).toBe(1);
    expect(takebackPlies(model, 1)).toBe(2);
    expect(takebackPlies(fold(matchId, game([])), 0)).toBe(0);
  });

  it("allows takebacks in casual two-seat games without chance only", () => {
    expect(takebacksAllowed(fold(matchId, game(OPENING)))).toBe(true);
    expect(takebacksAllowed(fold(matchId, game(OPENING, [], true)))).toBe(false);
  });

  it("lets a seat ask again only after the gap", () => {
    const model = fold(matchId, game(OPENING, [{ type: "takeback-asked", seat: 0 }]));
    expect(pliesUntilTakeback(model, 0)).toBe(TAKEBACK_GAP_PLIES);
    expect(pliesUntilTakeback(model, 1)).toBe(0);
  });
});
