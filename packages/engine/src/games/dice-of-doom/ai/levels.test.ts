import { describe, expect, it } from "vitest";
import { applyRolling } from "../../../core/chance.js";
import { Random } from "../../../core/rng.js";
import { diceOfDoom } from "../index.js";
import { PASS, attackMove } from "../moves.js";
import { board, options } from "../test-support/boards.js";
import { type DiceOfDoomRules, type DiceOfDoomState } from "../types.js";
import { bookMove } from "./book.js";
import { type ChooseOptions, chooseDiceOfDoomMove, diceOfDoomLevels, moveBudgetMs } from "./levels.js";

function fakeClock(step: number): () => number {
  let t = 0;
  return () => (t += step);
}

function choose(seed: number, now: () => number, remainingMs = 2000, incrementMs = 0): ChooseOptions {
  const random = new Random(seed);
  return { remainingMs, incrementMs, now, random: () => random.nextUint32() / 0x1_0000_0000 };
}

describe("diceOfDoomLevels", () => {
  it("numbers the levels 1..3: random, the book's AI, the deep search", () => {
    expect(diceOfDoomLevels.map((l) => [l.level, l.strategy])).toEqual([
      [1, "random"],
      [2, "book"],
      [3, "deep"],
    ]);
    expect(diceOfDoomLevels[1]?.depth).toEqual({ classic: 4, chance: 2 });
  });

  it("budgets like the other games", () => {
    expect(moveBudgetMs(60_000, 0, 30, 5000)).toBe(2000);
    expect(moveBudgetMs(Infinity, 0, 30, 5000)).toBe(5000);
  });
});

describe("chooseDiceOfDoomMove", () => {
  const state = board({ rows: ["a3 b1 b2", "a1 b2 a2", "b1 a1 b3"] });

  it("level 2 is the book's choice", () => {
    const chosen = chooseDiceOfDoomMove(
      state,
      2,
      choose(1, () => 0),
    );
    expect(chosen.move).toBe(bookMove(state, 4).move);
    expect(chosen.depth).toBe(4);
  });

  it("level 2 settles for a shallower book search when the clock is short", () => {
    const big = diceOfDoom.initial(options({ size: 8, players: 4, rules: "classic" }), 5);
    const now = fakeClock(1);
    const t0 = now();
    const remainingMs = 600;
    const chosen = chooseDiceOfDoomMove(big, 2, choose(1, now, remainingMs));
    expect(now() - t0).toBeLessThanOrEqual(moveBudgetMs(remainingMs, 0, 30, 2000) + 2);
    expect(chosen.depth).toBeLessThan(4);
    expect(diceOfDoom.legalMoves(big)).toContain(chosen.move);
  });

  it("level 1 is seeded random", () => {
    const a = chooseDiceOfDoomMove(
      state,
      1,
      choose(5, () => 0),
    ).move;
    expect(
      chooseDiceOfDoomMove(
        state,
        1,
        choose(5, () => 0),
      ).move,
    ).toBe(a);
    expect(diceOfDoom.legalMoves(state)).toContain(a);
  });

  it("the deep level stays within the budget read from the clock", () => {
    const opts = options({ size: 5, players: 2, rules: "chance" });
    const start = diceOfDoom.initial(opts, 3);
    for (const level of [3]) {
      const now = fakeClock(0.5);
      const t0 = now();
      const remainingMs = 3000;
      const budget = moveBudgetMs(remainingMs, 0, 30, 5000);
      const chosen = chooseDiceOfDoomMove(start, level, choose(1, now, remainingMs));
      expect(now() - t0).toBeLessThanOrEqual(budget + 1);
      expect(diceOfDoom.legalMoves(start)).toContain(chosen.move);
    }
  });

  it("handles mid-turn positions, where the pass comes first", () => {
    // After a capture, a can pass (pass first in the book's order) or attack on.
    const mid = board({ rows: ["a1 a2", "b3 b1"], firstMove: false, spare: 1 });
    const moves = diceOfDoom.legalMoves(mid);
    expect(moves[0]).toBe(PASS);
    expect(moves).toContain(attackMove(1, 3, 2));
    expect(diceOfDoom.legalMoves(mid)).toContain(
      chooseDiceOfDoomMove(
        mid,
        2,
        choose(1, () => 0),
      ).move,
    );
  });

  it("rejects a finished game", () => {
    const over = board({ rows: ["a1 a1", "b1 b1"] });
    expect(over.over).toBe(true);
    expect(() =>
      chooseDiceOfDoomMove(
        over,
        2,
        choose(1, () => 0),
      ),
    ).toThrow(RangeError);
  });
});

function playOut(rules: DiceOfDoomRules, players: number, seed: number, levels: readonly number[]) {
  let state: DiceOfDoomState = diceOfDoom.initial(options({ size: 4, players, rules }), seed);
  const now = fakeClock(1);
  const dice = new Random(seed);
  let actions = 0;
  while (!state.over && actions < 3000) {
    const level = levels[state.player % levels.length] as number;
    const { move } = chooseDiceOfDoomMove(state, level, choose(seed + actions, now, 600));
    expect(diceOfDoom.legalMoves(state)).toContain(move);
    state = applyRolling(diceOfDoom, state, move, dice).state;
    actions++;
  }
  return state;
}

describe("AI against AI on 4×4", () => {
  for (const rules of ["classic", "chance"] as const) {
    for (const players of [2, 3, 4]) {
      it(`${rules}, ${players} players: the game ends with a valid result`, () => {
        const end = playOut(rules, players, 11 * players + (rules === "chance" ? 1 : 0), [2, 3, 1]);
        expect(end.over).toBe(true);
        const outcome = diceOfDoom.outcome(end);
        if (outcome.kind !== "finished") throw new Error("not finished");
        expect(outcome.winners.length).toBeGreaterThan(0);
        for (const seat of outcome.winners) {
          expect(end.eliminated[seat]).toBe(false);
          expect(outcome.scores[seat]).toBe(Math.max(...outcome.scores));
        }
      });
    }
  }
});
