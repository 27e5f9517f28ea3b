import type { ChooseOptions, ChosenMove } from "../search/budget.js";

/** A strength level as the lobby offers it: a short name and a sentence on how it plays. */
export interface AiLevel {
  readonly name: string;
  readonly description: string;
}

/** What a level is told besides the position: the seat's clock, a seeded random source, and the seed itself. */
export interface AiOptions extends ChooseOptions {
  readonly seed: number;
}

/**
 * The units an analysis reports values in (docs/strength.md, "Position analysis"):
 * - "discs": the final disc difference (Othello);
 * - "outcome-score": an exact result: positive a win, 0 a draw, negative a loss, the magnitude larger
 *   the sooner the win or the later the loss (Connect-k: Pascal Pons's score; see `outcome`);
 * - "heuristic": a game's own static scale, comparable only within the game and the analysis;
 * - "win-chance": the probability of winning, 0 to 1 (Dice of Doom).
 */
export const ANALYSIS_UNITS = ["discs", "outcome-score", "heuristic", "win-chance"] as const;
export type AnalysisUnit = (typeof ANALYSIS_UNITS)[number];

/** What an analysis may spend: a time budget read from the injected clock, and a seed for playouts. */
export interface AnalyzeOptions {
  /** The clock, in milliseconds. */
  readonly now: () => number;
  /** Milliseconds the analysis may take, counted from the call (it may overrun by one clock check). */
  readonly budgetMs: number;
  /** Seeds any sampling, so an analysis replays. */
  readonly seed?: number;
}

/** What an analysis concludes about a position. */
export interface PositionAnalysis {
  readonly unit: AnalysisUnit;
  /** The seat to move (for a finished game, the seat that would have moved; 0 if none). */
  readonly seat: number;
  /** The position's value for each seat, in `unit`, under best play from here. */
  readonly values: readonly number[];
  /** `values[seat]`: the value for the side to move. */
  readonly value: number;
  /** Proven (a solved position or a finished game) rather than estimated. */
  readonly exact: boolean;
  /** A best move for the side to move; null when the game is over. */
  readonly bestMove: number | null;
  /** The line the analysis expects, starting with `bestMove` (passes included). */
  readonly pv: readonly number[];
  /** Plies searched (empties for a solved Othello position), 0 without a search. */
  readonly depth: number;
  readonly nodes: number;
  /** For an exact result: win, draw or loss for the side to move and, when known, the winner's moves left. */
  readonly outcome?: { readonly kind: "win" | "draw" | "loss"; readonly moves: number | null };
}

/**
 * A game's AI, as the server's worker pool and the CLI find it: its levels, weakest first, and its
 * analysis. Moves are the game's own move values (numbers for every built-in game).
 */
export interface GameAi<S> {
  readonly levels: readonly AiLevel[];
  /** The move of an AI seat at `level` (1-based, already clamped); only called while the game is on. */
  choose(state: S, level: number, options: AiOptions): ChosenMove;
  /**
   * Analyses a position within `options.budgetMs` (post-game analysis, the analysis board): its value
   * for every seat and a best move. Works on finished positions too (exact, no best move).
   */
  analyze(state: S, options: AnalyzeOptions): PositionAnalysis;
}

/** A game AI whose state type is not known to the caller (registry lookups). */
export type AnyGameAi = GameAi<unknown>;
