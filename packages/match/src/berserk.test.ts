import { getGame } from "@arena/engine/registry";
import {
  asMatchId,
  asMillis,
  asVersion,
  type ClockState,
  type MatchEvent,
  MatchEvent as MatchEventSchema,
  type TimeControl,
  type UserRef,
  type VersionedEvent,
} from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { berserkRefusal } from "./berserk.js";
import { berserk, berserkPenaltyMs, createClock, handOver, isBerserk, remainingAt, step } from "./clock.js";
import { follow } from "./follower.js";
import { CorruptLogError, evolve, fold, type MatchModel } from "./model.js";
import { NOBODY_CONNECTED, snapshotOf } from "./view.js";

const ada = { id: "u_ada", name: "Ada" } as UserRef;
const bob = { id: "u_bob", name: "Bob" } as UserRef;
const matchId = asMatchId("m1");
const threePlusTwo = { baseMs: 180_000, incrementMs: 2_000 };

/** A started Othello tournament game of Ada (seat 0, to move) and Bob, whose tag allows berserk or not. */
function tournamentGame(allowed: boolean | null, tc: TimeControl = threePlusTwo): MatchModel {
  const game = getGame("othello");
  const options = game.parseOptions({});
  if (!options.ok) throw new Error(options.error.message);
  const events: MatchEvent[] = [
    {
      type: "created",
      gameId: "othello",
      options: options.value,
      timeControl: tc,
      seats: [{ kind: "open" }, { kind: "open" }],
      rated: false,
      visibility: "public",
      host: ada,
      ...(allowed === null
        ? {}
        : { tournament: { id: "t_abcdefghi", round: 1, board: 0, berserk: allowed } }),
    },
    { type: "seat-joined", seat: 0, user: ada },
    { type: "seat-joined", seat: 1, user: bob },
    {
      type: "started",
      state: game.serialize(game.initial(options.value, 7)),
      clock: createClock(tc, 2, 0, 0),
    },
  ];
  return fold(matchId, log(events));
}

function log(events: readonly MatchEvent[], from = 1): VersionedEvent[] {
  return events.map((event, i) => ({
    version: asVersion(from + i),
    at: asMillis((from + i) * 1_000),
    event,
  }));
}

function append(model: MatchModel, event: MatchEvent): MatchModel {
  const [entry] = log([event], model.version + 1);
  if (entry === undefined) throw new Error("no entry");
  return evolve(model, entry);
}

function clockOf(model: MatchModel): ClockState {
  if (model.clock === null) throw new Error("no clock");
  return model.clock;
}

function berserked(model: MatchModel, seat: number): MatchModel {
  return append(model, { type: "berserked", seat, clock: berserk(clockOf(model), seat) });
}

function moved(model: MatchModel, seat: number, move: string, now: number): MatchModel {
  const clock = step(clockOf(model), { now }, 1 - seat).clock;
  return append(model, { type: "moved", seat, move, forced: false, clock });
}

describe('berserk (docs/tournaments.md, "Berserk")', () => {
  it("halves the seat's base and takes its increment away; the other seat keeps both", () => {
    const model = berserked(tournamentGame(true), 0);
    expect(clockOf(model).remainingMs).toEqual([90_000, 180_000]);
    expect(isBerserk(model.clock, 0)).toBe(true);
    expect(isBerserk(model.clock, 1)).toBe(false);
    // The first moves are free; from then on Ada is charged without increment, Bob with it.
    let played = moved(moved(model, 0, "f5", 5_000), 1, "d6", 6_000);
    played = moved(moved(played, 0, "c3", 16_000), 1, "d3", 26_000);
    expect(clockOf(played).remainingMs).toEqual([80_000, 172_000]);
    expect(remainingAt(clockOf(played), 26_000)).toEqual([80_000, 172_000]);
    expect(isBerserk(played.clock, 0)).toBe(true);
  });

  it("costs only the increment where the increment outweighs the base (base < 40 × increment), as lichess", () => {
    expect(berserkPenaltyMs({ baseMs: 60_000, incrementMs: 2_000 })).toBe(0);
    expect(berserkPenaltyMs({ baseMs: 60_000, incrementMs: 1_000 })).toBe(30_000);
    expect(berserkPenaltyMs({ baseMs: 60_000, incrementMs: 0 })).toBe(30_000);
  });

  it("is allowed to each player once, before their own first move, in a tournament game that allows it", () => {
    const game = tournamentGame(true);
    expect(berserkRefusal(game, 0)).toBeNull();
    expect(berserkRefusal(game, 1)).toBeNull();
    const afterFirst = moved(game, 0, "f5", 5_000);
    expect(berserkRefusal(afterFirst, 0)).toBe("berserk-too-late");
    expect(berserkRefusal(afterFirst, 1)).toBeNull();
    expect(berserkRefusal(berserked(afterFirst, 1), 1)).toBe("already-berserk");
  });

  it("stays refused once a seat's first move was taken back", () => {
    const afterFirst = moved(tournamentGame(true), 0, "f5", 5_000);
    const takenBack = append(afterFirst, {
      type: "taken-back",
      plies: 1,
      clock: handOver(clockOf(afterFirst), 0, 6_000),
    });
    expect(takenBack.moves.length).toBe(0);
    expect(berserkRefusal(takenBack, 0)).toBe("berserk-too-late");
  });

  it("is refused without the tag, where the tournament does not allow it, and to an AI seat", () => {
    expect(berserkRefusal(tournamentGame(null), 0)).toBe("berserk-not-allowed");
    expect(berserkRefusal(tournamentGame(false), 0)).toBe("berserk-not-allowed");
    const withAi = {
      ...tournamentGame(true),
      slots: [
        { kind: "ai" as const, level: 3 },
        { kind: "human" as const, user: bob },
      ],
    };
    expect(berserkRefusal(withAi, 0)).toBe("berserk-not-allowed");
  });

  it("is refused once the game is over", () => {
    const model = tournamentGame(true);
    const ended = append(model, {
      type: "ended",
      result: { reason: "resign", winners: [1], scores: [0, 64] },
      clock: clockOf(model),
    });
    expect(berserkRefusal(ended, 0)).toBe("berserk-too-late");
  });

  it("treats a berserk the log should not hold as a corrupt log", () => {
    for (const model of [tournamentGame(false), moved(tournamentGame(true), 0, "f5", 5_000)]) {
      expect(() => berserked(model, 0)).toThrow(CorruptLogError);
    }
  });

  it("leaves commands based on the version before it current, and a follower rebuilds it from a snapshot", () => {
    const before = tournamentGame(true);
    const after = berserked(before, 1);
    expect(after.positionVersion).toBe(before.positionVersion);
    const rebuilt = follow(snapshotOf(after, { presence: () => NOBODY_CONNECTED, viewers: 0, now: 0 }));
    expect(rebuilt.ok && rebuilt.followed.model).toEqual(after);
  });

  it("reads a tag written before berserk existed as not allowing it", () => {
    const old = MatchEventSchema.parse({
      type: "created",
      gameId: "othello",
      options: {},
      timeControl: threePlusTwo,
      seats: [],
      rated: false,
      visibility: "public",
      host: ada,
      tournament: { id: "t_abcdefghi", round: 1, board: 0 },
    });
    expect(old.type === "created" && old.tournament?.berserk).toBe(false);
  });
});
