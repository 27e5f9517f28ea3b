/**
 * Training labels, in discs for the side to move: the exact final disc difference from the solver,
 * or, above the solver's reach, the value of an alpha-beta search that descends until the position
 * has no more than `horizon` empties and scores it there with the weights already fitted for those
 * stages (so each stage learns from searches into the stages below it).
 */
import { flips, moves, out, popcount32 } from "@arena/engine/games/othello/bitboard";
import { finalScore } from "@arena/engine/games/othello/ai/sides";
import type { EndgameSolver } from "@arena/engine/games/othello/ai/solver";
import { trainedEvalBits } from "@arena/engine/games/othello/ai/trained-eval";
import type { TrainedWeights } from "@arena/engine/games/othello/ai/weights-codec";

/** Exact labels of positions `from` .. `to - 1` of `boards` (4 ints each, side to move first). */
export function exactLabels(
  solver: EndgameSolver,
  boards: Int32Array,
  from: number,
  to: number,
): Float32Array {
  const labels = new Float32Array(to - from);
  for (let i = from; i < to; i++) {
    labels[i - from] = solver.solveBits(
      boards[4 * i] as number,
      boards[4 * i + 1] as number,
      boards[4 * i + 2] as number,
      boards[4 * i + 3] as number,
    );
  }
  return labels;
}

const MAX_PLY = 64;
const MAX_MOVES = 32;
/**
 * Children of each ply, best first by the trained evaluation (the order changes no value, only the
 * time). Module scratch on purpose: the labelling search is the training's hot path and a worker
 * runs one search at a time.
 */
const LIST_SQ = new Int8Array(MAX_PLY * MAX_MOVES);
const LIST_KEY = new Int32Array(MAX_PLY * MAX_MOVES);

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
  ply: number,
): number {
  moves(pl, ph, ol, oh);
  let ml = out.lo;
  let mh = out.hi;
  if ((ml | mh) === 0) {
    if (passed) return finalScore(pl, ph, ol, oh) * weights.scale;
    moves(ol, oh, pl, ph);
    if ((out.lo | out.hi) === 0) return finalScore(pl, ph, ol, oh) * weights.scale;
    return -search(weights, ol, oh, pl, ph, -beta, -alpha, horizon, true, ply + 1);
  }
  const empties = 64 - popcount32(pl | ol) - popcount32(ph | oh);
  if (empties <= horizon) return trainedEvalBits(weights, pl, ph, ol, oh);
  const base = ply * MAX_MOVES;
  const sorted = empties - horizon >= 2;
  let count = 0;
  while ((ml | mh) !== 0) {
    let sq: number;
    if (ml !== 0) {
      const bit = ml & -ml;
      ml ^= bit;
      sq = 31 - Math.clz32(bit);
    } else {
      const bit = mh & -mh;
      mh ^= bit;
      sq = 63 - Math.clz32(bit);
    }
    let key = 0;
    if (sorted) {
      flips(sq, pl, ph, ol, oh);
      const bl = sq < 32 ? 1 << sq : 0;
      const bh = sq < 32 ? 0 : 1 << (sq - 32);
      key = trainedEvalBits(weights, ol & ~out.lo, oh & ~out.hi, pl | out.lo | bl, ph | out.hi | bh);
    }
    let j = count++;
    while (j > 0 && (LIST_KEY[base + j - 1] as number) > key) {
      LIST_SQ[base + j] = LIST_SQ[base + j - 1] as number;
      LIST_KEY[base + j] = LIST_KEY[base + j - 1] as number;
      j--;
    }
    LIST_SQ[base + j] = sq;
    LIST_KEY[base + j] = key;
  }
  let best = -Infinity;
  for (let i = 0; i < count; i++) {
    const sq = LIST_SQ[base + i] as number;
    flips(sq, pl, ph, ol, oh);
    const fl = out.lo;
    const fh = out.hi;
    const bl = sq < 32 ? 1 << sq : 0;
    const bh = sq < 32 ? 0 : 1 << (sq - 32);
    const v = -search(
      weights,
      ol & ~fl,
      oh & ~fh,
      pl | fl | bl,
      ph | fh | bh,
      -beta,
      -alpha,
      horizon,
      false,
      ply + 1,
    );
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
    labels[i - from] = search(weights, pl, ph, ol, oh, -Infinity, Infinity, limit, false, 0) / weights.scale;
  }
  return labels;
}
