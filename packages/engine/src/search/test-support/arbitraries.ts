import fc from "fast-check";
import { type RandomTreeShape, type Tree, randomTree } from "./toy-games.js";

export interface TreeCase {
  readonly seed: number;
  readonly shape: RandomTreeShape;
}

export interface TreeCaseLimits {
  readonly seats: readonly number[];
  readonly maxDepth: number;
  readonly maxBranching: number;
  /** Offer chance moves. */
  readonly chance?: boolean;
}

/**
 * Seeds and shapes of random trees (the tree itself is rebuilt from them, so
 * a failure prints a short, replayable case). Shapes mix transpositions,
 * seats that move several times in a row and leaves above the last level.
 */
export function treeCases(limits: TreeCaseLimits): fc.Arbitrary<TreeCase> {
  return fc.record({
    seed: fc.integer({ min: 0, max: 0xffffffff }),
    shape: fc.record({
      seats: fc.constantFrom(...limits.seats),
      depth: fc.integer({ min: 1, max: limits.maxDepth }),
      maxBranching: fc.integer({ min: 1, max: limits.maxBranching }),
      chance: limits.chance === true ? fc.constantFrom(0, 0.3, 0.6) : fc.constant(0),
      transpositions: fc.constantFrom(0, 0.3),
      repeatSeat: fc.constantFrom(0, 0.3, 0.6),
      earlyLeaf: fc.constantFrom(0, 0.15),
    }),
  });
}

export function treeOf(testCase: TreeCase): Tree {
  return randomTree(testCase.seed, testCase.shape);
}
