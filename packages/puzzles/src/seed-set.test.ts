// The proof of uniqueness over the shipped seed set (docs/puzzles.md): every puzzle re-solved by its
// game's independent check. Othello's whole set takes minutes and runs in seed-set.slow.test.ts; here a
// spread-out sample of it.
import { describe, expect, it } from "vitest";
import { PUZZLE_GAME_IDS } from "./registry.js";
import { seedSet } from "./test-support/seed-set.js";
import { verifyPuzzle } from "./verify.js";

const OTHELLO_SAMPLE = 8;

describe("the shipped seed set", () => {
  it.each(PUZZLE_GAME_IDS)("%s: has puzzles, each once, each of its game", (gameId) => {
    const puzzles = seedSet(gameId);
    expect(puzzles.length).toBeGreaterThanOrEqual(100);
    expect(new Set(puzzles.map((puzzle) => puzzle.id)).size).toBe(puzzles.length);
    expect(puzzles.every((puzzle) => puzzle.gameId === gameId)).toBe(true);
  });

  it.each(PUZZLE_GAME_IDS.filter((id) => id !== "othello"))("%s: every puzzle is proved unique", (gameId) => {
    const failures = seedSet(gameId).flatMap((puzzle) => {
      const verdict = verifyPuzzle(puzzle);
      return verdict.ok ? [] : [`${puzzle.id}: ${verdict.error.code} ${verdict.error.message}`];
    });
    expect(failures).toEqual([]);
  });

  it("othello: a sample spread over the set is proved unique", () => {
    const puzzles = seedSet("othello");
    const step = Math.max(1, Math.floor(puzzles.length / OTHELLO_SAMPLE));
    const sample = puzzles.filter((_, index) => index % step === 0).slice(0, OTHELLO_SAMPLE);
    const failures = sample.flatMap((puzzle) => {
      const verdict = verifyPuzzle(puzzle);
      return verdict.ok ? [] : [`${puzzle.id}: ${verdict.error.code} ${verdict.error.message}`];
    });
    expect(sample).toHaveLength(OTHELLO_SAMPLE);
    expect(failures).toEqual([]);
  });
});
