/**
 * What a game gives to have puzzles (docs/puzzles.md): how to reach positions by self-play, which ones are
 * worth an exact solve, the solve that turns one into a puzzle, and the independent re-solve that proves a
 * puzzle's solution unique. A game gains puzzles by registering its finder in `registry.ts`.
 */
import type { GameError, Result } from "@arena/engine";
import type { FoundPuzzle, Puzzle } from "./puzzle.js";

/** How generation plays its games: the game's options, a few random plies, then AI levels. */
export interface SelfPlay {
  /** Options as the game's `parseOptions` reads them. */
  readonly options: unknown;
  /** Uniformly random moves from the start, so that games differ (the levels alone would repeat). */
  readonly randomPlies: number;
  /**
   * Per seat, the levels one is drawn from for each game. Only levels that need no clock: generation
   * must give the same games on any machine, so the levels are asked with a clock that never moves.
   */
  readonly levels: readonly (readonly number[])[];
}

/** Why `verify` refused a puzzle: a reason code and the step it concerns. */
export interface VerifyFailure {
  readonly code:
    "bad-position" | "illegal-move" | "not-unique" | "not-best-reply" | "wrong-value" | "no-finish";
  readonly message: string;
}

export interface PuzzleFinder<S> {
  readonly selfPlay: SelfPlay;
  /** A cheap filter on the positions of a game before any solve (range of empties, side to move). */
  candidate(state: S): boolean;
  /** The puzzle starting at `state` if its solution is provably unique, else null. */
  find(state: S): FoundPuzzle | null;
  /** The position back from the puzzle's notation. */
  load(position: string): Result<S, GameError>;
  /**
   * Re-solves the puzzle from its position with solver instances of its own (not the finder's) and checks
   * every player move is the only best one, every reply a best reply, and the proof's values exact.
   */
  verify(puzzle: Puzzle): Result<true, VerifyFailure>;
  /**
   * Best play for both sides from `state`, by the exact solver, at most `plies` moves in the game's notation
   * (the first best move in the game's move order at each ply); shorter when the game ends. A wrong move's
   * refutation is this line from the position after it.
   */
  bestPlay(state: S, plies: number): string[];
}

/** A finder whose state type is not known to the caller (registry lookups). */
export type AnyPuzzleFinder = PuzzleFinder<unknown>;
