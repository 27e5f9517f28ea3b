import { describe, expect, it } from "vitest";
import { diceOfDoom } from "@arena/engine/games/dice-of-doom/index";
import { othello } from "@arena/engine/games/othello/rules";
import { PASS } from "@arena/engine/games/othello/squares";
import { randomPlayer } from "../players/generic.js";
import type { AnyPlayer } from "../players/types.js";
import { playMatch } from "./match.js";

/** A fake clock the players move by "thinking". */
function fakeClock(): { now: () => number; advance: (ms: number) => void } {
  let t = 0;
  return { now: () => t, advance: (ms) => (t += ms) };
}

function thinker(ms: number, advance: (ms: number) => void): AnyPlayer {
  const random = randomPlayer(othello) as AnyPlayer;
  return {
    name: `slow-${ms}`,
    choose(state, ctx) {
      advance(ms);
      return random.choose(state, ctx);
    },
  };
}

describe("playMatch", () => {
  it("plays a game out and scores it by WOF rules", () => {
    const random = randomPlayer(othello) as AnyPlayer;
    const { record } = playMatch(othello, {}, [random, random], { seed: 5 });
    expect(record.result.reason).toBe("normal");
    expect((record.result.scores[0] ?? 0) + (record.result.scores[1] ?? 0)).toBe(64);
    expect(record.moves.length).toBeGreaterThan(50);
    expect(record.players).toEqual(["random", "random"]);
    // Passes are applied by the runner, never asked of a player.
    for (const move of record.moves) if (move.move === "PA") expect(move.kind).toBe("forced");
    expect(playMatch(othello, {}, [random, random], { seed: 5 }).record).toEqual(record);
  });

  it("forfeits a player whose clock runs out with PAIP's 64-0", () => {
    const clock = fakeClock();
    const fast = thinker(10, clock.advance);
    const slow = thinker(1000, clock.advance);
    const settings = { seed: 3, now: clock.now, clock: { baseMs: 5000, incrementMs: 0 } };
    const { record } = playMatch(othello, {}, [fast, slow], settings);
    expect(record.result).toEqual({ reason: "timeout", scores: [64, 0], winners: [0], forfeited: [1] });
    // White made 5 moves of 1 s, and the sixth took it below zero.
    expect(record.moves.filter((move) => move.seat === 1 && move.kind === "player")).toHaveLength(5);
    expect(record.clocks?.[1]).toBe(-1000);
    expect(record.moves.find((move) => move.seat === 0)?.ms).toBe(10);

    const black = playMatch(othello, {}, [slow, fast], settings).record;
    expect(black.result).toEqual({ reason: "timeout", scores: [0, 64], winners: [1], forfeited: [0] });
  });

  it("keeps the clock with an increment and lets an in-time player finish", () => {
    const clock = fakeClock();
    const player = thinker(900, clock.advance);
    const { record } = playMatch(othello, {}, [player, player], {
      seed: 9,
      now: clock.now,
      clock: { baseMs: 1000, incrementMs: 1000 },
    });
    expect(record.result.reason).toBe("normal");
    expect(record.clocks).toEqual([1000 + 100 * countMoves(record, 0), 1000 + 100 * countMoves(record, 1)]);
  });

  it("forfeits an illegal move", () => {
    const cheat: AnyPlayer = { name: "cheat", choose: () => 0 };
    const random = randomPlayer(othello) as AnyPlayer;
    const { record } = playMatch(othello, {}, [cheat, random], { seed: 1 });
    expect(record.result).toEqual({ reason: "illegal", scores: [0, 64], winners: [1], forfeited: [0] });
  });

  it("plays a random opening that depends only on the seed", () => {
    const random = randomPlayer(othello) as AnyPlayer;
    const a = playMatch(othello, {}, [random, random], { seed: 11, randomStartPlies: 10 }).record;
    const b = playMatch(othello, {}, [random, random], { seed: 11, randomStartPlies: 10 }).record;
    const opening = (record: typeof a): string[] =>
      record.moves.filter((move) => move.kind === "opening").map((move) => move.move);
    expect(opening(a)).toHaveLength(10);
    expect(opening(a)).toEqual(opening(b));
    expect(PASS).toBe(64);
  });

  it("takes a timed-out seat out of a three-seat game and plays on", () => {
    const options = diceOfDoom.parseOptions({ players: 3, size: 3 });
    if (!options.ok) throw new Error(options.error.message);
    const clock = fakeClock();
    const random = randomPlayer(diceOfDoom) as AnyPlayer;
    const slow: AnyPlayer = {
      name: "slow",
      choose(state, ctx) {
        clock.advance(5000);
        return random.choose(state, ctx);
      },
    };
    const { record } = playMatch(diceOfDoom, options.value, [random, slow, random], {
      seed: 4,
      now: clock.now,
      clock: { baseMs: 1000, incrementMs: 0 },
    });
    expect(record.result.forfeited).toEqual([1]);
    expect(record.result.winners).not.toContain(1);
    expect(record.moves.filter((move) => move.seat === 1 && move.kind === "player")).toHaveLength(0);
  });
});

describe("chance moves in a match", () => {
  it("roll from the match's seed after the player chose, and the record replays with its dice", () => {
    const options = diceOfDoom.parseOptions({ players: 2, size: 4, rules: "chance" });
    if (!options.ok) throw new Error(options.error.message);
    const random = randomPlayer(diceOfDoom) as AnyPlayer;
    const { record, state } = playMatch(diceOfDoom, options.value, [random, random], {
      seed: 12,
      randomStartPlies: 4,
    });
    const rolled = record.moves.filter((move) => move.rolls !== undefined);
    expect(rolled.length).toBeGreaterThan(0);
    let replay = diceOfDoom.initial(options.value, 12);
    for (const entry of record.moves) {
      const move = diceOfDoom.parseMove(replay, entry.move);
      if (!move.ok) throw new Error(move.error.message);
      const next = diceOfDoom.play(replay, move.value, entry.seat, entry.rolls);
      if (!next.ok) throw new Error(next.error.message);
      replay = next.value;
    }
    expect(replay).toEqual(state);
    const again = playMatch(diceOfDoom, options.value, [random, random], { seed: 12, randomStartPlies: 4 });
    expect(again.record.moves).toEqual(record.moves);
  });
});

function countMoves(record: { moves: readonly { seat: number; kind: string }[] }, seat: number): number {
  return record.moves.filter((move) => move.seat === seat && move.kind === "player").length;
}
