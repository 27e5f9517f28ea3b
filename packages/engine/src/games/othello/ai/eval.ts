/**
 * PAIP chapter 18's evaluation functions on the bitboards. Each `*Bits`
 * function scores the position for the player whose discs are (pl, ph)
 * against (ol, oh); `moveNumber` is PAIP's `*move-number*` (the number of
 * the move being chosen at the root: discs on the board − 3), used only by
 * Iago's coefficients. The `OthelloState` wrappers take the seat to score for.
 */
import type { Seat } from "../../../core/game.js";
import { moves, out, popcount32 } from "../bitboard.js";
import { BLACK, type OthelloState } from "../rules.js";
import { getEdgeTable, roundHalfEven } from "./edge-table.js";

export type BitsEvaluator = (pl: number, ph: number, ol: number, oh: number, moveNumber: number) => number;

/** PAIP's *weights*, a1..h8 row-major. */
export const WEIGHTS: readonly number[] = [
  120, -20, 20, 5, 5, 20, -20, 120, -20, -40, -5, -5, -5, -5, -40, -20, 20, -5, 15, 3, 3, 15, -5, 20, 5, -5,
  3, 3, 3, 3, -5, 5, 5, -5, 3, 3, 3, 3, -5, 5, 20, -5, 15, 3, 3, 15, -5, 20, -20, -40, -5, -5, -5, -5, -40,
  -20, 120, -20, 20, 5, 5, 20, -20, 120,
];
const W = Int32Array.from(WEIGHTS);

export function countDifferenceBits(pl: number, ph: number, ol: number, oh: number): number {
  return popcount32(pl) + popcount32(ph) - popcount32(ol) - popcount32(oh);
}

function weightSum(lo: number, hi: number): number {
  let sum = 0;
  while (lo !== 0) {
    const bit = lo & -lo;
    lo ^= bit;
    sum += W[31 - Math.clz32(bit)] as number;
  }
  while (hi !== 0) {
    const bit = hi & -hi;
    hi ^= bit;
    sum += W[63 - Math.clz32(bit)] as number;
  }
  return sum;
}

export function weightedSquaresBits(pl: number, ph: number, ol: number, oh: number): number {
  return weightSum(pl, ph) - weightSum(ol, oh);
}

// Corners and their neighbours (PAIP's `neighbors`): a1, h1, a8, h8.
const CORNER_NEIGHBOURS: readonly (readonly [number, readonly number[]])[] = [
  [0, [1, 8, 9]],
  [7, [6, 14, 15]],
  [56, [48, 49, 57]],
  [63, [54, 55, 62]],
];

function bitOf(lo: number, hi: number, sq: number): number {
  return sq < 32 ? (lo >>> sq) & 1 : (hi >>> (sq - 32)) & 1;
}

/** Weighted squares, but a square next to an occupied corner counts 5 instead of its weight. */
export function modifiedWeightedSquaresBits(pl: number, ph: number, ol: number, oh: number): number {
  let w = weightedSquaresBits(pl, ph, ol, oh);
  for (const [corner, neighbours] of CORNER_NEIGHBOURS) {
    if ((bitOf(pl | ol, ph | oh, corner) & 1) === 0) continue;
    for (const c of neighbours) {
      if (bitOf(pl, ph, c) === 1) w += 5 - (W[c] as number);
      else if (bitOf(ol, oh, c) === 1) w -= 5 - (W[c] as number);
    }
  }
  return w;
}

/** PAIP's first `mobility`: the number of legal moves of the player. */
export function mobilityBits(pl: number, ph: number, ol: number, oh: number): number {
  moves(pl, ph, ol, oh);
  return popcount32(out.lo) + popcount32(out.hi);
}

const NOT_A = 0xfefefefe | 0;
const NOT_H = 0x7f7f7f7f;

/**
 * PAIP's second `mobility` (18.12): current mobility (legal moves) and
 * potential mobility (legal moves plus empty squares next to an opponent
 * disc), written to `out` as {lo: current, hi: potential}.
 */
export function iagoMobilityBits(pl: number, ph: number, ol: number, oh: number): void {
  moves(pl, ph, ol, oh);
  const ml = out.lo;
  const mh = out.hi;
  const el = ~(pl | ol);
  const eh = ~(ph | oh);
  const al =
    ((ol << 1) & NOT_A) |
    ((ol >>> 1) & NOT_H) |
    (ol << 8) |
    (ol >>> 8) |
    (oh << 24) |
    ((ol << 9) & NOT_A) |
    (((ol >>> 9) | (oh << 23)) & NOT_H) |
    ((ol << 7) & NOT_H) |
    (((ol >>> 7) | (oh << 25)) & NOT_A);
  const ah =
    ((oh << 1) & NOT_A) |
    ((oh >>> 1) & NOT_H) |
    (oh << 8) |
    (ol >>> 24) |
    (oh >>> 8) |
    (((oh << 9) | (ol >>> 23)) & NOT_A) |
    ((oh >>> 9) & NOT_H) |
    (((oh << 7) | (ol >>> 25)) & NOT_H) |
    ((oh >>> 7) & NOT_A);
  const current = popcount32(ml) + popcount32(mh);
  out.lo = current;
  out.hi = popcount32((al & el) | ml) + popcount32((ah & eh) | mh);
}

// Base-3 value of an 8-bit line as edge cells 1..8 (weights 3^8 .. 3^1).
const LINE3 = new Int32Array(256);
for (let b = 0; b < 256; b++) {
  let v = 0;
  for (let i = 0; i < 8; i++) if ((b >>> i) & 1) v += 3 ** (8 - i);
  LINE3[b] = v;
}

function columnByte(lo: number, hi: number, file: number): number {
  const a = Math.imul((lo >>> file) & 0x01010101, 0x01020408) >>> 24;
  const b = Math.imul((hi >>> file) & 0x01010101, 0x01020408) >>> 24;
  return (a & 0xf) | ((b & 0xf) << 4);
}

const X_WEIGHT = 19683; // 3^9: the first X-square of each PAIP edge list

function edgeIndex(pLine: number, oLine: number, pX1: number, oX1: number, pX2: number, oX2: number): number {
  return (
    (LINE3[pLine] as number) + 2 * (LINE3[oLine] as number) + X_WEIGHT * (pX1 + 2 * oX1) + (pX2 + 2 * oX2)
  );
}

/** PAIP's edge-stability: the edge table summed over the four edges, for the player to move. */
export function edgeStabilityBits(pl: number, ph: number, ol: number, oh: number): number {
  const table = getEdgeTable();
  // b2 = 9, g2 = 14, b7 = 49, g7 = 54.
  const pb2 = (pl >>> 9) & 1;
  const ob2 = (ol >>> 9) & 1;
  const pg2 = (pl >>> 14) & 1;
  const og2 = (ol >>> 14) & 1;
  const pb7 = (ph >>> 17) & 1;
  const ob7 = (oh >>> 17) & 1;
  const pg7 = (ph >>> 22) & 1;
  const og7 = (oh >>> 22) & 1;
  const top = edgeIndex(pl & 0xff, ol & 0xff, pb2, ob2, pg2, og2);
  const bottom = edgeIndex(ph >>> 24, oh >>> 24, pb7, ob7, pg7, og7);
  const left = edgeIndex(columnByte(pl, ph, 0), columnByte(ol, oh, 0), pb2, ob2, pb7, ob7);
  const right = edgeIndex(columnByte(pl, ph, 7), columnByte(ol, oh, 7), pg2, og2, pg7, og7);
  return (
    (table[top] as number) + (table[bottom] as number) + (table[left] as number) + (table[right] as number)
  );
}

/** PAIP's Iago-eval with its move-number-dependent coefficients. */
export function iagoEvalBits(pl: number, ph: number, ol: number, oh: number, moveNumber: number): number {
  const cEdg = 312000 + 6240 * moveNumber;
  const cCur = moveNumber < 25 ? 50000 + 2000 * moveNumber : 75000 + 1000 * moveNumber;
  const cPot = 20000;
  iagoMobilityBits(pl, ph, ol, oh);
  const pCur = out.lo;
  const pPot = out.hi;
  iagoMobilityBits(ol, oh, pl, ph);
  const oCur = out.lo;
  const oPot = out.hi;
  return (
    roundHalfEven((cEdg * edgeStabilityBits(pl, ph, ol, oh)) / 32000) +
    roundHalfEven((cCur * (pCur - oCur)) / (pCur + oCur + 2)) +
    roundHalfEven((cPot * (pPot - oPot)) / (pPot + oPot + 2))
  );
}

// ---------------------------------------------------------------- state API

/** PAIP's `*move-number*` for the move about to be played: passes do not count, each move adds a disc. */
export function moveNumberOf(state: OthelloState): number {
  return popcount32(state.blackLo | state.whiteLo) + popcount32(state.blackHi | state.whiteHi) - 3;
}

function forSeat(state: OthelloState, seat: Seat, fn: BitsEvaluator): number {
  const m = moveNumberOf(state);
  return seat === BLACK
    ? fn(state.blackLo, state.blackHi, state.whiteLo, state.whiteHi, m)
    : fn(state.whiteLo, state.whiteHi, state.blackLo, state.blackHi, m);
}

/** Named evaluation functions, as PAIP names them. */
export const EVALUATORS = {
  "count-difference": countDifferenceBits,
  "weighted-squares": weightedSquaresBits,
  "modified-weighted-squares": modifiedWeightedSquaresBits,
  mobility: mobilityBits,
  "iago-eval": iagoEvalBits,
} as const satisfies Record<string, BitsEvaluator>;
export type EvaluatorName = keyof typeof EVALUATORS;

/** Evaluates `state` for `seat` with a named PAIP evaluation (Iago's uses the state's own move number). */
export function evaluate(name: EvaluatorName, state: OthelloState, seat: Seat): number {
  return forSeat(state, seat, EVALUATORS[name]);
}

/** Iago's current and potential mobility for `seat`. */
export function iagoMobility(state: OthelloState, seat: Seat): { current: number; potential: number } {
  forSeat(state, seat, (pl, ph, ol, oh) => {
    iagoMobilityBits(pl, ph, ol, oh);
    return 0;
  });
  return { current: out.lo, potential: out.hi };
}

/** Edge stability for `seat` as the player to move (PAIP's `edge-stability`). */
export function edgeStability(state: OthelloState, seat: Seat): number {
  return forSeat(state, seat, edgeStabilityBits);
}
