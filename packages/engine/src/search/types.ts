import type { Game, Seat } from "../core/game.js";

/**
 * The part of `Game` that search uses. Every `Game<S, M, O>` is one; tests
 * and adapters may pass anything with these members. Only the first seat of
 * `toMove` is read (no built-in game has simultaneous moves), and `hash` only
 * by the engine's transposition table and by tie-break noise.
 */
export type SearchGame<S, M> = Pick<
  Game<S, M, unknown>,
  "toMove" | "legalMoves" | "apply" | "outcome" | "hash" | "chanceOutcomes"
>;

/**
 * Static value of `state` from the point of view of `seat`; larger is better.
 * Terminal states are scored by the search from `outcome()`, scaled by the
 * caller's `winScore`.
 *
 * Search always asks for the root seat (the seat to move where the search
 * started) and backs values up as minimax for two seats and as paranoid
 * minimax for more, so an evaluator need not be antisymmetric. It must stay
 * well inside `±(winScore - MAX_PLY)` so that heuristic values never look
 * like proven wins.
 */
export type Evaluator<S> = (state: S, seat: Seat) => number;

/**
 * Replaces the default win/draw/loss scoring of finished states, e.g. the
 * final disc difference times a large constant for Othello. Called with the
 * root seat; the value is used as is (no distance-to-win adjustment).
 */
export type TerminalValue<S> = (state: S, seat: Seat) => number;

/**
 * Reorders a node's legal moves before they are searched (PAIP's static or
 * sorted ordering). Must return the same moves, and must be a deterministic
 * function of the state: the engine's transposition table stores a best move
 * as an index into this list.
 */
export type MoveOrderer<S, M> = (state: S, moves: readonly M[]) => readonly M[];

/**
 * A small non-negative integer naming a move across positions (for example
 * `from * 64 + to`), used by killer moves and the history heuristic. Without
 * one, a move that is a non-negative 32-bit integer is its own key and any
 * other move is keyed by its index in the move list (a weak but harmless
 * heuristic).
 */
export type MoveKey<M> = (move: M) => number;

/** How finished games are scored; shared by every search. */
export interface ScoringOptions<S> {
  /**
   * Value of a win for the root seat, before the distance adjustment: a win
   * found `ply` plies below the root is worth `winScore - ply` (faster wins
   * are preferred) and a loss `-(winScore - ply)` (slower losses are
   * preferred). A win shared by k of n seats (k < n) is `winScore / k`; a
   * draw (every seat a winner) is 0. Must exceed `2 * MAX_PLY`; default
   * `DEFAULT_WIN_SCORE` (one million).
   */
  readonly winScore?: number;
  /** Scores finished states instead of the win/draw/loss rule above. */
  readonly terminalValue?: TerminalValue<S>;
}

/** What a search did; every counter is a plain count over the whole call. */
export interface SearchStats {
  /** Positions visited: every call on a state, including leaves and chance outcomes. */
  readonly nodes: number;
  /** Heuristic evaluations at the depth horizon. */
  readonly evaluations: number;
  /** Finished positions scored by `winScore` or `terminalValue`. */
  readonly terminals: number;
  /** Nodes left early because a move reached beta. */
  readonly betaCutoffs: number;
  /** Transposition table probes that found the position. */
  readonly ttHits: number;
  /** Of those, probes whose stored bound settled the node without a search. */
  readonly ttCutoffs: number;
  /** Zero-window searches that failed high and were searched again with the full window. */
  readonly researches: number;
  /** Root searches repeated because the aspiration window failed. */
  readonly aspirationFailures: number;
}

/** Result of the fixed-depth searches (`minimax`, `alphaBeta`, `paranoidSearch`, `expectimax`). */
export interface DepthSearchResult<M> {
  /**
   * Backed-up value from the root seat's point of view (the seat to move at
   * the root; seat 0 if the game is already over).
   */
  readonly value: number;
  /** The first move with the best value; null when the game is over or the depth is 0. */
  readonly move: M | null;
  /**
   * The principal variation from the root. It stops after a move with more
   * than one chance outcome, since what follows depends on the roll.
   */
  readonly pv: readonly M[];
  readonly stats: SearchStats;
}
