// The proof of uniqueness over the whole shipped Othello set: an exact solve of every legal move of every
// player step of every puzzle, by a solver independent of the finder's (docs/puzzles.md).
import { describe, expect, it } from "vitest";
import { seedSet } from "./test-support/seed-set.js";
import { verifyPuzzle } from "./verify.js";

// In slices, each a test of its own: the whole set takes minutes of CPU, over 20 on CI's shared cores, and
// vitest's timeout (a guard against a hang) holds per test.
const SLICE = 100;
const puzzles = seedSet("othello");
const slices = Array.from({ length: Math.ceil(puzzles.length / SLICE) }, (_, i) => [i * SLICE] as const);

describe("the shipped Othello seed set", () => {
  it.each(slices)("is proved unique, puzzle by puzzle, from puzzle %i", (from) => {
    const failures = puzzles.slice(from, from + SLICE).flatMap((puzzle) => {
      const verdict = verifyPuzzle(puzzle);
      return verdict.ok ? [] : [`${puzzle.id}: ${verdict.error.code} ${verdict.error.message}`];
    });
    expect(failures).toEqual([]);
  });
});
