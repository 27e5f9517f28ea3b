/**
 * Training labels, in discs for the side to move: the exact final disc difference from the solver,
 * or, above the solver's reach, the value of an alpha-beta search that descends until the position
 * has no more than `horizon` empties and scores it there with the weights already fitted for those
 * stages (so each stage learns from searches into the stages below it).
 */
import { flips, moves, out, popcount32 } from "../../bitboard.js";
import { solveBits } from "../solver.js";
import { trainedEvalBits } from "../trained-eval.js";
import type { TrainedWeights } from "../weights-codec.js";

/** Exact labels of positions `from` .. `to - 1` of `boards` (4 ints each, side to move first). */
export function exactLabels(boards: Int32Array, from: number, to: number): Float32Array {
  const labels = new Float32Array(to - from);
  for (let i = from; i < to; i++) {
    labels[i - from] = solveBits(
      boards[4 * i] as number,
      boards[4 * i + 1] as number,
      boards[4 * i + 2] as number,
      boards[4 * i + 3] as number,
    );
  }
  return labels;
}

function finalScore(pl: number, ph: number, ol: number, oh: number): number {
  const p = popcount32(pl) + popcount32(ph);
  const o = popcount32(ol) + popcount32(oh);
  const empty = 64 - p - o;
  return p > o ? p - o + empty : p < o ? p - o - empty : 0;
}

/** Negamax alpha-beta in weight units; leaves are positions with at most `horizon` empties. */
function search(
  weights: TrainedWeights,
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  alpha: number,
  beta: number,
  horizon: number,
  passed: boolean,
): number {
  moves(pl, ph, ol, oh);
  let ml = out.lo;
  let mh = out.hi;
  if ((ml | mh) === 0) {
    if (passed) return finalScore(pl, ph, ol, oh) * weights.scale;
    moves(ol, oh, pl, ph);
    if ((out.lo | out.hi) === 0) return finalScore(pl, ph, ol, oh) * weights.scale;
    return -search(weights, ol, oh, pl, ph, -beta, -alpha, horizon, true);
  }
  const empties = 64 - popcount32(pl | ol) - popcount32(ph | oh);
  if (empties <= horizon) return trainedEvalBits(weights, pl, ph, ol, oh);
  let best = -Infinity;
  while ((ml | mh) !== 0) {
    let bl = 0;
    let bh = 0;
    let square: number;
    if (ml !== 0) {
      bl = ml & -ml;
      ml ^= bl;
      square = 31 - Math.clz32(bl);
    } else {
      bh = mh & -mh;
      mh ^= bh;
      square = 63 - Math.clz32(bh);
    }
    flips(square, pl, ph, ol, oh);
    const fl = out.lo;
    const fh = out.hi;
    const v = -search(weights, ol & ~fl, oh & ~fh, pl | fl | bl, ph | fh | bh, -beta, -alpha, horizon, false);
    if (v > best) {
      best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
  }
  return best;
}

/**
 * Search labels of positions `from` .. `to - 1`: each searched at least `depth` plies and on until
 * it has at most `horizon` empties (`horizon` below the stage being fitted, so every leaf is scored
 * by fitted weights).
 */
export function searchLabels(
  weights: TrainedWeights,
  boards: Int32Array,
  from: number,
  to: number,
  depth: number,
  horizon: number,
): Float32Array {
  const labels = new Float32Array(to - from);
  for (let i = from; i < to; i++) {
    const pl = boards[4 * i] as number;
    const ph = boards[4 * i + 1] as number;
    const ol = boards[4 * i + 2] as number;
    const oh = boards[4 * i + 3] as number;
    const empties = 64 - popcount32(pl | ol) - popcount32(ph | oh);
    const limit = Math.min(horizon, empties - depth);
    labels[i - from] = search(weights, pl, ph, ol, oh, -Infinity, Infinity, limit, false) / weights.scale;
  }
  return labels;
}
