import { describe, expect, it } from "vitest";
import { perft } from "../../debug.js";
import { type DiceOfDoomOptions, type DiceOfDoomState, diceOfDoom } from "./index.js";
import {
  type NaiveHex,
  type NaiveGame,
  type NaiveMove,
  naiveNew,
  naiveMoves,
  naiveWin,
  naiveLose,
  naivePlay,
  fromModule,
  options,
  naiveEliminate,
} from "./test-support/naive-model.js";

/** The book's table (Land of Lisp ch. 20), typed in from docs/dice-of-doom.md §5. */
const BOOK_TABLE = [
  [0.84, 0.97, 1.0, 1.0],
  [0.44, 0.78, 0.94, 0.99],
  [0.15, 0.45, 0.74, 0.91],
  [0.04, 0.19, 0.46, 0.72],
  [0.01, 0.06, 0.22, 0.46],
];

/** Both chance results (success first) with the book's probabilities. */
function naiveBranches(g: NaiveGame, move: NaiveMove): [number, NaiveGame][] {
  if (move === null || !g.chance) return [[1, naivePlay(g, move)]];
  const [src, dst] = move;
  const p = BOOK_TABLE[(g.board[dst] as NaiveHex).dice - 1]?.[(g.board[src] as NaiveHex).dice - 2] ?? NaN;
  return [
    [p, naiveWin(g, src, dst)],
    [1 - p, naiveLose(g, src, dst)],
  ];
}

/** Leaves of the tree; every chance attack forks into both results, as no state says which comes. */
function naivePerft(g: NaiveGame, depth: number): number {
  if (depth === 0) return 1;
  const moves = naiveMoves(g);
  if (moves.length === 0) return 1;
  let sum = 0;
  for (const m of moves) for (const [, child] of naiveBranches(g, m)) sum += naivePerft(child, depth - 1);
  return sum;
}

/** Expected number of hexes seat 0 owns after `depth` plies of uniform random play. */
function naiveExpectedHexes(g: NaiveGame, depth: number): number {
  const moves = naiveMoves(g);
  if (depth === 0 || moves.length === 0) return g.board.filter((h) => h.player === 0).length;
  let sum = 0;
  for (const m of moves) {
    for (const [p, child] of naiveBranches(g, m)) sum += p * naiveExpectedHexes(child, depth - 1);
  }
  return sum / moves.length;
}

function expectedHexes(s: DiceOfDoomState, depth: number): number {
  const moves = diceOfDoom.legalMoves(s);
  if (depth === 0 || moves.length === 0) return s.owner.filter((o) => o === 0).length;
  let sum = 0;
  for (const m of moves) {
    for (const o of diceOfDoom.chanceOutcomes(s, m)) sum += o.probability * expectedHexes(o.state, depth - 1);
  }
  return sum / moves.length;
}

interface PerftCase {
  readonly options: Partial<DiceOfDoomOptions>;
  readonly seed: number;
  /** Leaves at depth 1, 2, …; in chance rules every attack forks into success and failure. */
  readonly counts: readonly number[];
  /** Leaves at depth 1, 2, … after seat 1 is eliminated at the start. */
  readonly withoutSeat1: readonly number[];
}

// Regression anchors; every row is also recomputed by the naive model above,
// so a wrong anchor cannot pass unnoticed.
const CASES: readonly PerftCase[] = [
  {
    options: { players: 2, size: 3 },
    seed: 8,
    counts: [4, 14, 31, 52, 92, 278],
    withoutSeat1: [1],
  },
  {
    options: { players: 2, size: 3 },
    seed: 17,
    counts: [7, 33, 75, 152, 362, 1080],
    withoutSeat1: [1],
  },
  {
    options: { players: 3, size: 4 },
    seed: 8,
    counts: [7, 40, 198, 1083, 5958],
    withoutSeat1: [7, 40, 154, 466],
  },
  {
    options: { players: 3, size: 4 },
    seed: 14,
    counts: [6, 28, 115, 529, 2570],
    withoutSeat1: [6, 28, 107, 411],
  },
  {
    options: { players: 4, size: 4 },
    seed: 10,
    counts: [3, 6, 25, 146, 549],
    withoutSeat1: [3, 6, 15, 47],
  },
  {
    options: { players: 2, size: 3, rules: "chance" },
    seed: 18,
    counts: [18, 228, 1948],
    withoutSeat1: [1],
  },
  {
    options: { players: 3, size: 4, rules: "chance" },
    seed: 7,
    counts: [26, 546, 9136],
    withoutSeat1: [26, 546, 9138],
  },
  {
    options: { players: 4, size: 4, rules: "chance" },
    seed: 10,
    counts: [24, 460, 6790],
    withoutSeat1: [24, 460, 6846],
  },
];

function depths(counts: readonly number[], count: (depth: number) => number): number[] {
  return counts.map((_, i) => count(i + 1));
}

describe("perft against a naive model", () => {
  for (const c of CASES) {
    const o = options(c.options);
    it(`${o.players}p ${o.size}×${o.size} ${o.rules}, seed ${c.seed}`, () => {
      const state = diceOfDoom.initial(o, c.seed);
      const naive = naiveNew(o.size, o.players, o.maxDice, o.rules === "chance", c.seed);
      expect(fromModule(state)).toEqual(naive);
      expect(depths(c.counts, (d) => perft(diceOfDoom, state, d))).toEqual(c.counts);
      expect(depths(c.counts, (d) => naivePerft(naive, d))).toEqual(c.counts);
      if (o.rules === "chance") {
        for (const d of [1, 2, 3]) {
          expect(expectedHexes(state, d)).toBeCloseTo(naiveExpectedHexes(naive, d), 10);
        }
      }
      const without = diceOfDoom.eliminate(state, 1);
      const naiveWithout = naiveEliminate(naive, 1);
      expect(fromModule(without)).toEqual(naiveWithout);
      expect(depths(c.withoutSeat1, (d) => perft(diceOfDoom, without, d))).toEqual(c.withoutSeat1);
      expect(depths(c.withoutSeat1, (d) => naivePerft(naiveWithout, d))).toEqual(c.withoutSeat1);
    });
  }
});
