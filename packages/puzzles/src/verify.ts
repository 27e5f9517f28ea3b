import type { Result } from "@arena/engine";
import type { VerifyFailure } from "./finder.js";
import type { Puzzle } from "./puzzle.js";
import { puzzleFinder } from "./registry.js";

/**
 * Re-solves a puzzle with its game's independent check (docs/puzzles.md, "The proof of uniqueness"); in
 * every game the first move is a choice among two or more legal moves.
 */
export function verifyPuzzle(puzzle: Puzzle): Result<true, VerifyFailure> {
  const finder = puzzleFinder(puzzle.gameId);
  if (finder === null)
    return { ok: false, error: { code: "bad-position", message: `${puzzle.gameId} has no puzzles` } };
  if ((puzzle.proof[0]?.values.length ?? 0) < 2)
    return {
      ok: false,
      error: { code: "bad-position", message: "the first move is forced: nothing to find" },
    };
  return finder.verify(puzzle);
}
