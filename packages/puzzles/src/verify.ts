import type { Result } from "@arena/engine";
import type { VerifyFailure } from "./finder.js";
import type { Puzzle } from "./puzzle.js";
import { puzzleFinder } from "./registry.js";

/** Re-solves a puzzle with its game's independent check (docs/puzzles.md, "The proof of uniqueness"). */
export function verifyPuzzle(puzzle: Puzzle): Result<true, VerifyFailure> {
  const finder = puzzleFinder(puzzle.gameId);
  if (finder === null)
    return { ok: false, error: { code: "bad-position", message: `${puzzle.gameId} has no puzzles` } };
  return finder.verify(puzzle);
}
