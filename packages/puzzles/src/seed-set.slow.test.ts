// The proof of uniqueness over the whole shipped Othello set: an exact solve of every legal move of every
// player step of every puzzle, by a solver independent of the finder's (docs/puzzles.md).
import { describe, expect, it } from "vitest";
import { seedSet } from "./test-support/seed-set.js";
import { verifyPuzzle } from "./verify.js";

describe("the shipped Othello seed set", () => {
  it("is proved unique, puzzle by puzzle", () => {
    const failures = seedSet("othello").flatMap((puzzle) => {
      const verdict = verifyPuzzle(puzzle);
      return verdict.ok ? [] : [`${puzzle.id}: ${verdict.error.code} ${verdict.error.message}`];
    });
    expect(failures).toEqual([]);
  });
});
