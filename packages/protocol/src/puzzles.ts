import { z } from "./zod.js";
import { PUZZLE_ATTEMPT_MAX_MOVES, PUZZLE_MODES } from "./values/puzzles.js";

export * from "./values/puzzles.js";

/**
 * `GET /api/puzzles/next?gameId=&theme=&mode=&step=` (docs/puzzles.md, "Serving and rating"): a puzzle
 * the player has not seen, near their puzzle rating; `theme` narrows it to one theme; a streak's `step`
 * (0, 1, …) asks for a harder one each time.
 */
export const PuzzleNextQuery = z
  .object({
    gameId: z.string().min(1).max(32),
    theme: z.string().min(1).max(32).optional(),
    mode: z.enum(PUZZLE_MODES).default("rated"),
    step: z.coerce.number().int().min(0).max(1000).default(0),
  })
  .strict();
export type PuzzleNextQuery = z.infer<typeof PuzzleNextQuery>;

/** `GET /api/puzzles/daily?gameId=` and `GET /api/puzzles/themes?gameId=`. */
export const PuzzleGameQuery = z.object({ gameId: z.string().min(1).max(32) }).strict();
export type PuzzleGameQuery = z.infer<typeof PuzzleGameQuery>;

/** A puzzle as served: never its solution, which only an attempt reveals. */
export interface PuzzleView {
  readonly id: string;
  readonly gameId: string;
  /** The position in the game's notation (Othello: `arena solve`'s 64 squares and the side to move). */
  readonly position: string;
  /** The seat that solves the puzzle. */
  readonly sideToMove: number;
  /** The puzzle's Glicko-2 rating, rounded. */
  readonly rating: number;
  readonly themes: readonly string[];
  /** The position as the engine serializes it (the game's `serialize`), for the board. */
  readonly state: unknown;
  /** How many moves the player must find. */
  readonly playerMoves: number;
  /** How many first attempts it has had. */
  readonly plays: number;
}

/** An account's puzzle rating in one game. */
export interface PuzzleRating {
  readonly rating: number;
  readonly deviation: number;
  /** Fewer than a few attempts, or a deviation still high: shown with a "?". */
  readonly provisional: boolean;
  readonly attempts: number;
}

/** `GET /api/puzzles/next` and `/daily`: the puzzle, and the viewer's rating (null for a guest). */
export interface PuzzleServed {
  readonly ok: true;
  readonly puzzle: PuzzleView;
  readonly player: PuzzleRating | null;
  /** The daily puzzle's UTC day (`2026-11-29`); absent for `next`. */
  readonly day?: string;
}

/** `POST /api/puzzles/<id>/attempt`: the player's moves so far, the forced replies between them included. */
export const PuzzleAttemptRequest = z
  .object({
    moves: z.array(z.string().min(1).max(16)).min(1).max(PUZZLE_ATTEMPT_MAX_MOVES),
    /** Unrated play (a streak, a replay): the attempt is recorded as seen but never rated. */
    rated: z.boolean().default(true),
  })
  .strict();
export type PuzzleAttemptRequest = z.infer<typeof PuzzleAttemptRequest>;

/** The rating an attempt moved, before and after; null when it was not rated (a guest, a second try). */
export interface PuzzleRatingChange {
  readonly before: number;
  readonly after: number;
  readonly delta: number;
}

/** How far a wrong move falls short, in the puzzle's unit (docs/puzzles.md). */
export interface PuzzleShortfall {
  readonly unit: "discs" | "moves-to-mate" | "outcome-score";
  /** The value the solution keeps and the value the wrong move gives (null: a draw in KRK). */
  readonly best: number;
  readonly played: number | null;
}

/** The answer to an attempt. */
export type PuzzleAttemptResult =
  /** Right so far: the opponent's reply to play, and the next move is the player's again. */
  | { readonly ok: true; readonly correct: true; readonly done: false; readonly reply: string }
  /** Solved: the whole line, and the rating change if it counted. */
  | {
      readonly ok: true;
      readonly correct: true;
      readonly done: true;
      readonly solution: readonly string[];
      readonly ratingChange: PuzzleRatingChange | null;
    }
  /** A wrong move: the solution, the best answer to the wrong move, and what it cost. */
  | {
      readonly ok: true;
      readonly correct: false;
      readonly done: true;
      readonly solution: readonly string[];
      /** The wrong move, then the opponent's best play against it (a few plies). */
      readonly refutation: readonly string[];
      readonly shortfall: PuzzleShortfall | null;
      readonly ratingChange: PuzzleRatingChange | null;
    };

/** One finished attempt in a history (`GET /api/puzzles/history?gameId=`), newest first. */
export interface PuzzleHistoryEntry {
  readonly puzzleId: string;
  readonly at: number;
  readonly correct: boolean;
  /** The account's rating after it (the chart's points); null when the attempt was unrated. */
  readonly rating: number | null;
  readonly puzzleRating: number;
}

/** `GET /api/puzzles/history?gameId=`: an account's rating and recent attempts. */
export interface PuzzleHistory {
  readonly ok: true;
  readonly player: PuzzleRating;
  readonly attempts: readonly PuzzleHistoryEntry[];
}

/** `GET /api/puzzles/themes?gameId=`: every theme of a game with how many puzzles carry it. */
export interface PuzzleThemes {
  readonly ok: true;
  readonly themes: readonly { readonly theme: string; readonly count: number }[];
}
