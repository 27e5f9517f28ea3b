import { type Puzzle } from "@arena/puzzles";
import { type Glicko } from "../../ratings/glicko2.js";

export { type Glicko };

/** A puzzle as the store keeps it: the checked puzzle, its Glicko-2 rating, and its rated attempts. */
export interface StoredPuzzle {
  readonly puzzle: Puzzle;
  readonly glicko: Glicko;
  /** Rated attempts it has had (the compare-and-set guard of its rating). */
  readonly plays: number;
}

/** An account's puzzle rating in one game, and its rated attempts (the compare-and-set guard). */
export interface PuzzlePlayer {
  readonly glicko: Glicko;
  readonly attempts: number;
}

/** One finished attempt of an account, as its history keeps it. */
export interface PuzzleAttemptRecord {
  readonly puzzleId: string;
  readonly at: number;
  readonly correct: boolean;
  readonly rated: boolean;
  /** The account's rating after it; null when unrated. */
  readonly rating: number | null;
  /** The puzzle's rating after it. */
  readonly puzzleRating: number;
}

/** Who solves: an account, or a guest whose records expire (`GUEST_PUZZLE_TTL_MS`). */
export interface PuzzleSolver {
  readonly id: string;
  readonly guest: boolean;
}

/**
 * Which puzzle to serve: of `gameId` (and `theme`), one `solver` has not seen; `near`: the rating nearest
 * `rating` (ties to the higher); `from`: the lowest rating at or above `rating` (a streak's next step).
 */
export interface PuzzlePick {
  readonly gameId: string;
  readonly theme?: string;
  readonly rating: number;
  readonly order: "near" | "from";
}

/**
 * A rated attempt's writes: the account's and the puzzle's new ratings, made only if the account still has
 * `expectedAttempts` rated attempts, the puzzle `expectedPlays`, and the account has not completed it yet.
 */
export interface RatedWrite {
  readonly player: Glicko;
  readonly expectedAttempts: number;
  readonly puzzle: Glicko;
  readonly expectedPlays: number;
}

/** `recorded`; `stale`: a rated write whose guard failed (nothing written: read again and retry). */
export type RecordOutcome = "recorded" | "stale";

/** Served or attempted puzzles kept per identity: the oldest are forgotten past this (and may come again). */
export const SEEN_KEPT = 20_000;
/** Finished attempts kept per account and game: the history page and the rating chart read the latest. */
export const HISTORY_KEPT = 500;
/** A guest's seen puzzles are forgotten this long after its last one. */
export const GUEST_PUZZLE_TTL_MS = 30 * 86_400_000;

/**
 * Puzzles, their ratings and who has played them (docs/puzzles.md, "Serving and rating"), durable in every
 * backend. An attempt's writes (history, seen, completed, both ratings) are one atomic step, guarded by
 * compare-and-set so that two processes never rate one attempt twice. Every method may reject when the
 * backing service is down.
 */
export interface PuzzleStore {
  /** Adds the puzzles whose ids it lacks, in one step, keeping those it has (and their ratings): how many were new. */
  seed(puzzles: readonly { readonly puzzle: Puzzle; readonly glicko: Glicko }[]): Promise<number>;
  get(id: string): Promise<StoredPuzzle | null>;
  /** Every theme of a game's puzzles with how many carry it, by name. */
  themes(gameId: string): Promise<{ theme: string; count: number }[]>;
  /** The puzzle to serve `solver` (see `PuzzlePick`); null when every one is seen. */
  pick(solverId: string, query: PuzzlePick): Promise<StoredPuzzle | null>;
  /** Marks a puzzle served to `solver`, so that it is never served to it again. */
  markSeen(solver: PuzzleSolver, puzzleId: string, at: number): Promise<void>;
  /** Whether `solverId` has completed (finished an attempt of) the puzzle. */
  completed(solverId: string, puzzleId: string): Promise<boolean>;
  /** An account's puzzle rating in a game; null before its first rated attempt. */
  player(accountId: string, gameId: string): Promise<PuzzlePlayer | null>;
  /**
   * A finished attempt, atomically: seen and completed for `solver`, the attempt in an account's history,
   * and with `rated` both new ratings (guarded as `RatedWrite` says; `stale` writes nothing).
   */
  record(
    solver: PuzzleSolver,
    gameId: string,
    attempt: PuzzleAttemptRecord,
    rated: RatedWrite | null,
  ): Promise<RecordOutcome>;
  /** An account's latest attempts in a game, newest first. */
  history(accountId: string, gameId: string, limit: number): Promise<PuzzleAttemptRecord[]>;
  /** The daily puzzle of (game, UTC day): `candidate` if none is set yet, else the one set first. */
  daily(gameId: string, day: string, candidate: string): Promise<string>;
}

/** One canonical text per attempt (fixed key order). */
export function encodeAttempt(attempt: PuzzleAttemptRecord): string {
  const { puzzleId, at, correct, rated, rating, puzzleRating } = attempt;
  return JSON.stringify({ puzzleId, at, correct, rated, rating, puzzleRating });
}

export function decodeAttempt(text: string): PuzzleAttemptRecord {
  const { puzzleId, at, correct, rated, rating, puzzleRating } = JSON.parse(text) as PuzzleAttemptRecord;
  return { puzzleId, at, correct, rated, rating, puzzleRating };
}

/** Of the candidates below and at-or-above `rating`, the one a `near` pick takes (ties to the higher). */
export function nearer<T extends { readonly glicko: Glicko }>(
  rating: number,
  below: T | null,
  above: T | null,
): T | null {
  if (below === null) return above;
  if (above === null) return below;
  return above.glicko.rating - rating <= rating - below.glicko.rating ? above : below;
}
