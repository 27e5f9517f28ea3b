/**
 * The trained evaluation (docs/strength.md, "The trained evaluation"): the sum of the weights of a
 * position's pattern instances, mobility counts and a constant, from the table of the position's
 * stage (its number of empty squares). The value estimates the final disc difference for the side
 * to move, in units of 1/`scale` disc.
 */
import { moves, out, popcount32 } from "../bitboard.js";
import { MOBILITY_CAP, MOBILITY_KIND, FEATURE_KINDS, STAGE_SIZE, patternSum } from "./patterns.js";
import type { TrainedWeights } from "./weights-codec.js";

const MOBILITY_OWN_OFFSET = FEATURE_KINDS[MOBILITY_KIND]?.offset ?? 0;
const MOBILITY_OTHER_OFFSET = FEATURE_KINDS[MOBILITY_KIND + 1]?.offset ?? 0;
const CONSTANT_OFFSET = FEATURE_KINDS[MOBILITY_KIND + 2]?.offset ?? 0;

/** The stage whose table scores a position with `empties` empty squares. */
export function stageOf(weights: TrainedWeights, empties: number): number {
  return Math.min(weights.stageCount - 1, Math.floor(empties / weights.stageWidth));
}

/**
 * The trained value of the position with (pl, ph) to move against (ol, oh), in 1/`scale` disc,
 * for the side to move. Allocation-free: it runs at every leaf of the midgame search.
 */
export function trainedEvalBits(
  weights: TrainedWeights,
  pl: number,
  ph: number,
  ol: number,
  oh: number,
): number {
  moves(pl, ph, ol, oh);
  const own = popcount32(out.lo) + popcount32(out.hi);
  moves(ol, oh, pl, ph);
  return trainedEvalWithMobility(weights, pl, ph, ol, oh, own, popcount32(out.lo) + popcount32(out.hi));
}

/** `trainedEvalBits` when the caller already counted both sides' legal moves. */
export function trainedEvalWithMobility(
  weights: TrainedWeights,
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  ownMoves: number,
  otherMoves: number,
): number {
  const empties = 64 - popcount32(pl | ol) - popcount32(ph | oh);
  const base = stageOf(weights, empties) * STAGE_SIZE;
  const tables = weights.tables;
  const own = Math.min(MOBILITY_CAP, ownMoves);
  const other = Math.min(MOBILITY_CAP, otherMoves);
  return (
    patternSum(tables, base, pl, ph, ol, oh) +
    (tables[base + MOBILITY_OWN_OFFSET + own] as number) +
    (tables[base + MOBILITY_OTHER_OFFSET + other] as number) +
    (tables[base + CONSTANT_OFFSET] as number)
  );
}
