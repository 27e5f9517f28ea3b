/** A position's features for training: where each of its weights lives among a stage's canonical slots. */
import {
  FEATURE_KINDS,
  INSTANCE_OFFSET,
  INSTANCES,
  MOBILITY_CAP,
  MOBILITY_KIND,
  instanceIndices,
} from "@arena/engine/games/othello/ai/patterns";

const INDICES = new Int32Array(INSTANCES.length);
const INSTANCE_CANONICAL: readonly Int32Array[] = INSTANCES.map(
  (instance) => FEATURE_KINDS[instance.kind]?.canonical ?? new Int32Array(0),
);

/**
 * A position's features as offsets into a stage's weights, each the canonical slot its weight lives
 * in: the pattern instances, the two mobility counts (from the move masks the caller computed), the
 * constant. Used by training, where the weights at canonical slots are the unknowns.
 */
export function positionFeatures(
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  ownMoves: number,
  otherMoves: number,
  out: Int32Array,
  at: number,
): void {
  instanceIndices(pl, ph, ol, oh, INDICES);
  for (let i = 0; i < INSTANCES.length; i++) {
    out[at + i] =
      (INSTANCE_OFFSET[i] as number) +
      ((INSTANCE_CANONICAL[i] as Int32Array)[INDICES[i] as number] as number);
  }
  const mobility = FEATURE_KINDS[MOBILITY_KIND]?.offset ?? 0;
  out[at + INSTANCES.length] = mobility + Math.min(MOBILITY_CAP, ownMoves);
  out[at + INSTANCES.length + 1] = mobility + MOBILITY_CAP + 1 + Math.min(MOBILITY_CAP, otherMoves);
  out[at + INSTANCES.length + 2] = mobility + 2 * (MOBILITY_CAP + 1);
}
