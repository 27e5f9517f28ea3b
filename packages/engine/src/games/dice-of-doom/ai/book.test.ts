import { describe, expect, it } from "vitest";
import { applyRolling } from "../../../core/chance.js";
import { type Seat } from "../../../core/game.js";
import { Random } from "../../../core/rng.js";
import { paranoidSearch } from "../../../search/index.js";
import { scoreBoard } from "../board.js";
import { diceOfDoom } from "../index.js";
import { attackMove } from "../moves.js";
import { board, options } from "../test-support/boards.js";
import { type DiceOfDoomRules, type DiceOfDoomState } from "../types.js";
import { bookEvaluate, bookMove, bookRatings } from "./book.js";

/**
 * The reference: plain minimax over the whole depth-limited tree, max at the
 * root seat's nodes and min at every other seat's, every leaf (game-overs
 * included) scored by score-board, chance attacks averaged; the first
 * maximum in legal-move order wins.
 */
function plain(state: DiceOfDoomState, seat: Seat, depth: number): number {
  const moves = diceOfDoom.legalMoves(state);
  if (depth === 0 || moves.length === 0) return scoreBoard(state, seat);
  const values = moves.map((move) => child(state, move, seat, depth));
  return state.player === seat ? Math.max(...values) : Math.min(...values);
}

function child(state: DiceOfDoomState, move: number, seat: Seat, depth: number): number {
  let sum = 0;
  for (const o of diceOfDoom.chanceOutcomes(state, move)) {
    if (o.probability > 0) sum += o.probability * plain(o.state, seat, depth - 1);
  }
  return sum;
}

function plainChoice(state: DiceOfDoomState, depth: number): { move: number; value: number } {
  let best = { move: -2, value: -Infinity };
  for (const move of diceOfDoom.legalMoves(state)) {
    const value = child(state, move, state.player, depth);
    if (value > best.value) best = { move, value };
  }
  return best;
}

function* randomStates(size: number, players: number, rules: DiceOfDoomRules, count: number) {
  const opts = options({ size, players, rules });
  const dice = new Random(size * 10 + players);
  for (let seed = 1; seed <= count; seed++) {
    let state = diceOfDoom.initial(opts, seed);
    // Walk a few plies in so that mid-turn states (pass allowed) are covered too.
    for (let step = 0; step < seed % 4 && !state.over; step++) {
      const moves = diceOfDoom.legalMoves(state);
      state = applyRolling(diceOfDoom, state, moves[(seed * 7 + step) % moves.length] as number, dice).state;
    }
    if (!state.over) yield state;
  }
}

describe("book v2: alpha-beta against plain minimax", () => {
  it("same choice and value on 2×2 and 3×3 boards, depths 1–4", () => {
    let checked = 0;
    for (const size of [2, 3]) {
      for (const state of randomStates(size, 2, "classic", 40)) {
        for (let depth = 1; depth <= 4; depth++) {
          const expected = plainChoice(state, depth);
          const got = bookMove(state, depth);
          expect(got.move).toBe(expected.move);
          expect(got.value).toBeCloseTo(expected.value, 9);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
  });

  it("prunes: fewer nodes than the full tree at depth 4", () => {
    const treeSize = (state: DiceOfDoomState, depth: number): number => {
      const moves = diceOfDoom.legalMoves(state);
      if (depth === 0 || moves.length === 0) return 1;
      return 1 + moves.reduce((n, move) => n + treeSize(diceOfDoom.apply(state, move), depth - 1), 0);
    };
    let pruned = 0;
    let full = 0;
    for (const state of randomStates(3, 2, "classic", 20)) {
      pruned += bookMove(state, 4).nodes;
      full += treeSize(state, 4);
    }
    expect(pruned).toBeLessThan(full);
  });
});

describe("paranoid search for 3 and 4 players against brute force", () => {
  it("same choice and value", () => {
    for (const players of [3, 4]) {
      for (const state of randomStates(3, players, "classic", 30)) {
        for (let depth = 1; depth <= 4; depth++) {
          const expected = plainChoice(state, depth);
          const got = paranoidSearch(diceOfDoom, state, depth, bookEvaluate, { terminalValue: bookEvaluate });
          expect(got.move).toBe(expected.move);
          expect(got.value).toBeCloseTo(expected.value, 9);
          expect(bookMove(state, depth).move).toBe(expected.move);
        }
      }
    }
  });
});

describe("book v4: expectimax", () => {
  // a2 b1      pos 0 1
  // b1 b3      pos 2 3     (neighbors of 0 on 2×2: 2, 1, 3)
  const tiny = board({ rows: ["a2 b1", "b1 b3"], rules: "chance" });

  it("rates attacks P·success + (1−P)·failure with the book's table (worked by hand)", () => {
    // 0→2 (P 0.84): success leaves a with two threatened hexes (+1 +1) against b's two (−2): 0;
    //   failure leaves one threatened hex (+1) against three (−3): −2. 0.84·0 + 0.16·(−2) = −0.32.
    // 0→1: the same, −0.32. 0→3 (P 0.15 against 3 dice): success makes both a-hexes safe (+4 −2 = 2),
    //   failure −2: 0.15·2 + 0.85·(−2) = −1.4.
    expect(diceOfDoom.legalMoves(tiny)).toEqual([
      attackMove(0, 2, 2),
      attackMove(0, 1, 2),
      attackMove(0, 3, 2),
    ]);
    const ratings = bookRatings(tiny, 1);
    expect(ratings[0]).toBeCloseTo(-0.32, 12);
    expect(ratings[1]).toBeCloseTo(-0.32, 12);
    expect(ratings[2]).toBeCloseTo(-1.4, 12);
  });

  it("plays the first maximum, and expectimax agrees with the ratings at every depth", () => {
    expect(bookMove(tiny, 1)).toMatchObject({ move: attackMove(0, 2, 2) });
    expect(bookMove(tiny, 1).value).toBeCloseTo(-0.32, 12);
    for (let depth = 1; depth <= 3; depth++) {
      const ratings = bookRatings(tiny, depth);
      const best = Math.max(...ratings);
      const result = bookMove(tiny, depth);
      expect(result.value).toBeCloseTo(best, 12);
      expect(diceOfDoom.legalMoves(tiny)[ratings.indexOf(best)]).toBe(result.move);
    }
  });

  it("matches brute force on random chance boards", () => {
    for (const players of [2, 3]) {
      for (const state of randomStates(3, players, "chance", 20)) {
        for (let depth = 1; depth <= 2; depth++) {
          const expected = plainChoice(state, depth);
          const got = bookMove(state, depth);
          expect(got.move).toBe(expected.move);
          expect(got.value).toBeCloseTo(expected.value, 9);
        }
      }
    }
  });
});

describe("bookRatings", () => {
  it("lists one rating per legal move, the pass first when allowed", () => {
    const state = board({ rows: ["a3 b1", "b1 b1"], firstMove: false, spare: 1 });
    const ratings = bookRatings(state, 2);
    expect(ratings).toHaveLength(diceOfDoom.legalMoves(state).length);
    expect(diceOfDoom.legalMoves(state)[0]).toBe(-1);
  });
});
