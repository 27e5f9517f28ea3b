import { describe, expect, it } from "vitest";
import { Random } from "../../../core/rng.js";
import {
  type OthelloState,
  BLACK,
  STANDARD_START,
  WHITE,
  applyMove,
  legalMoves,
  parsePosition,
  stateFromBoard,
} from "../rules.js";
import { PASS } from "../squares.js";
import { edgeIndexOf, getEdgeTable, roundHalfEven } from "./edge-table.js";
import { type EvaluatorName, WEIGHTS, edgeStability, evaluate, iagoMobility, moveNumberOf } from "./eval.js";

function position(text: string): OthelloState {
  const parsed = parsePosition(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

const start = position(STANDARD_START);

function randomPosition(seed: number, plies: number): OthelloState {
  const random = new Random(seed);
  let state = start;
  for (let i = 0; i < plies; i++) {
    const moves = legalMoves(state);
    if (moves.length === 0) break;
    state = applyMove(state, moves[random.int(moves.length)] ?? PASS);
  }
  return state;
}

/** The eight symmetries of the board as square maps. */
const SYMMETRIES: readonly ((sq: number) => number)[] = [
  (sq) => sq,
  (sq) => (sq >> 3) * 8 + (7 - (sq & 7)),
  (sq) => (7 - (sq >> 3)) * 8 + (sq & 7),
  (sq) => (7 - (sq >> 3)) * 8 + (7 - (sq & 7)),
  (sq) => (sq & 7) * 8 + (sq >> 3),
  (sq) => (7 - (sq & 7)) * 8 + (sq >> 3),
  (sq) => (sq & 7) * 8 + (7 - (sq >> 3)),
  (sq) => (7 - (sq & 7)) * 8 + (7 - (sq >> 3)),
];

function transform(state: OthelloState, map: (sq: number) => number): OthelloState {
  const board = { blackLo: 0, blackHi: 0, whiteLo: 0, whiteHi: 0 };
  for (let sq = 0; sq < 64; sq++) {
    const to = map(sq);
    const lo = to < 32 ? 1 << to : 0;
    const hi = to < 32 ? 0 : 1 << (to - 32);
    const black = sq < 32 ? (state.blackLo >>> sq) & 1 : (state.blackHi >>> (sq - 32)) & 1;
    const white = sq < 32 ? (state.whiteLo >>> sq) & 1 : (state.whiteHi >>> (sq - 32)) & 1;
    if (black) {
      board.blackLo |= lo;
      board.blackHi |= hi;
    }
    if (white) {
      board.whiteLo |= lo;
      board.whiteHi |= hi;
    }
  }
  return stateFromBoard(board, state.turn);
}

describe("PAIP's evaluation functions", () => {
  it("uses PAIP's weights table", () => {
    expect(WEIGHTS).toHaveLength(64);
    expect(WEIGHTS.reduce((a, b) => a + b, 0)).toBe(376);
    expect([WEIGHTS[0], WEIGHTS[1], WEIGHTS[9], WEIGHTS[27], WEIGHTS[63]]).toEqual([120, -20, -40, 3, 120]);
  });

  it("scores the start position evenly", () => {
    for (const name of [
      "count-difference",
      "weighted-squares",
      "modified-weighted-squares",
      "iago-eval",
    ] as const) {
      expect(evaluate(name, start, BLACK)).toBe(0);
      expect(evaluate(name, start, WHITE)).toBe(0);
    }
    expect(evaluate("mobility", start, BLACK)).toBe(4);
    expect(evaluate("mobility", start, WHITE)).toBe(4);
    // Potential mobility: the ten empty squares around d4 and e5, which include black's four moves.
    expect(iagoMobility(start, BLACK)).toEqual({ current: 4, potential: 10 });
    expect(moveNumberOf(start)).toBe(1);
  });

  it("modified-weighted-squares values a C-square next to a taken corner at 5", () => {
    const state = position(`XX${"-".repeat(25)}OX------XO${"-".repeat(27)} X`);
    expect(evaluate("weighted-squares", state, BLACK)).toBe(120 - 20);
    expect(evaluate("modified-weighted-squares", state, BLACK)).toBe(120 + 5);
    expect(evaluate("modified-weighted-squares", state, WHITE)).toBe(-(120 + 5));
  });

  it("is invariant under the board's eight symmetries", () => {
    const names: EvaluatorName[] = [
      "count-difference",
      "weighted-squares",
      "modified-weighted-squares",
      "mobility",
      "iago-eval",
    ];
    for (let seed = 1; seed <= 30; seed++) {
      const state = randomPosition(seed, 10 + (seed % 45));
      for (const name of names) {
        const expected = evaluate(name, state, state.turn);
        for (const map of SYMMETRIES) {
          expect(evaluate(name, transform(state, map), state.turn), `${name} seed ${seed}`).toBe(expected);
        }
      }
    }
  });

  it("count-difference and weighted-squares are antisymmetric between the seats", () => {
    for (let seed = 40; seed < 60; seed++) {
      const state = randomPosition(seed, 30);
      for (const name of ["count-difference", "weighted-squares", "modified-weighted-squares"] as const) {
        expect(evaluate(name, state, BLACK) + evaluate(name, state, WHITE)).toBe(0);
      }
    }
  });
});

describe("the edge table (PAIP 18.12)", () => {
  const table = getEdgeTable();

  it("has 3^10 entries, empty edge 0, full edges at their static values", () => {
    expect(table).toHaveLength(59049);
    expect(table[edgeIndexOf("..........")]).toBe(0);
    // All ten squares ours: X-squares semi-stable (0), corners 700, C 1200, A and B 1000 each.
    expect(table[edgeIndexOf("@@@@@@@@@@")]).toBe(2 * 700 + 2 * 1200 + 4 * 1000);
    expect(table[edgeIndexOf("OOOOOOOOOO")]).toBe(-7800);
    expect(table[edgeIndexOf(".@@@@@@@@.")]).toBe(7800);
  });

  it("values corners and X-squares the way PAIP's weights do", () => {
    expect(table[edgeIndexOf(".@........")]).toBeGreaterThan(0); // a corner of ours
    expect(table[edgeIndexOf(".O........")]).toBeLessThan(0);
    expect(table[edgeIndexOf("@.........")]).toBeLessThan(0); // an X-square of ours by an empty corner
    expect(table[edgeIndexOf(".@........")]).toBeGreaterThan(table[edgeIndexOf("..@.......")] ?? Infinity);
  });

  it("is symmetric under reversing the edge", () => {
    let mismatches = 0;
    for (let index = 0; index < 59049; index++) {
      let rest = index;
      let mirrored = 0;
      for (let k = 0; k < 10; k++) {
        mirrored = mirrored * 3 + (rest % 3);
        rest = Math.floor(rest / 3);
      }
      if (table[mirrored] !== table[index]) mismatches++;
    }
    expect(mismatches).toBe(0);
  });

  it("edge-stability sums the four edges", () => {
    const state = position(`X${"-".repeat(26)}OX------XO${"-".repeat(27)} X`);
    // a1 is on the top and the left edge.
    expect(edgeStability(state, BLACK)).toBe(2 * (table[edgeIndexOf(".@........")] ?? 0));
  });

  it("rounds halves to even like Lisp", () => {
    expect([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 2.4, -2.6].map(roundHalfEven)).toEqual([
      0, 2, 2, -0, -2, -2, 2, -3,
    ]);
  });
});
