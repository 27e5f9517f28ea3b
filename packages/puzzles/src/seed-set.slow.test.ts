// The proof of uniqueness over the whole shipped Othello set: an exact solve of every legal move of every
// player step of every puzzle, by a solver independent of the finder's (docs/puzzles.md).
/// <reference types="node" />
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Puzzle, parsePuzzle } from "./puzzle.js";
import { verifyPuzzle } from "./verify.js";

/** The shipped puzzles of one game (packages/puzzles/data/<game>.jsonl), each line parsed. */
function seedSet(gameId: string): Puzzle[] {
  const text = readFileSync(new URL(`../data/${gameId}.jsonl`, import.meta.url), "utf8");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line, index) => {
      const puzzle = parsePuzzle(line);
      if (!puzzle.ok) throw new Error(`${gameId}.jsonl:${index + 1}: ${puzzle.error.message}`);
      return puzzle.value;
    });
}

describe("the shipped Othello seed set", () => {
  it("is proved unique, puzzle by puzzle", () => {
    const failures = seedSet("othello").flatMap((puzzle) => {
      const verdict = verifyPuzzle(puzzle);
      return verdict.ok ? [] : [`${puzzle.id}: ${verdict.error.code} ${verdict.error.message}`];
    });
    expect(failures).toEqual([]);
  });
});
