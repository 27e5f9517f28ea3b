/**
 * Puzzles' plain values (docs/puzzles.md, "Serving and rating"): what the trainer page needs without zod.
 */

/** How a puzzle is asked for: rated (served near the player's rating) or a streak (unrated, harder each step). */
export const PUZZLE_MODES = ["rated", "streak"] as const;
export type PuzzleMode = (typeof PUZZLE_MODES)[number];

/** The most moves an attempt may carry: a solution has at most 16 player moves and their replies. */
export const PUZZLE_ATTEMPT_MAX_MOVES = 64;
