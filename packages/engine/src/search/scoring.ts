import type { Outcome, Seat } from "../core/game.js";
import type { ScoringOptions, TerminalValue } from "./types.js";

/** Default value of a win for the root seat (see `ScoringOptions.winScore`). */
export const DEFAULT_WIN_SCORE = 1_000_000;

/**
 * The deepest any search goes. Wins are scored `winScore - ply`, so values
 * within `MAX_PLY` of `±winScore` are read as proven wins and losses.
 */
export const MAX_PLY = 256;

export type FinishedOutcome = Extract<Outcome, { readonly kind: "finished" }>;

/**
 * The default score of a finished game for `seat`, `ply` plies below the
 * root: `winScore - ply` for a sole win, `-(winScore - ply)` for a loss,
 * `winScore / k` for a win shared by k seats out of more than k, 0 for a draw.
 */
export function outcomeValue(outcome: FinishedOutcome, seat: Seat, ply: number, winScore: number): number {
  const winners = outcome.winners;
  if (winners.length === 0 || winners.length >= outcome.scores.length) return 0;
  if (!winners.includes(seat)) return ply - winScore;
  return winners.length === 1 ? winScore - ply : winScore / winners.length;
}

/** Terminal scoring for one search: always from the root seat's point of view. */
export class Scorer<S> {
  readonly winScore: number;
  /**
   * True when wins carry the distance adjustment, so the transposition table
   * must store them relative to the node (custom terminal values do not).
   */
  readonly distanceAdjusted: boolean;
  private readonly custom: TerminalValue<S> | undefined;

  constructor(
    options: ScoringOptions<S>,
    private readonly root: Seat,
  ) {
    this.winScore = options.winScore ?? DEFAULT_WIN_SCORE;
    // Above 2 * MAX_PLY a shared win (winScore / k) stays out of the proven-win band.
    if (!(this.winScore > 2 * MAX_PLY)) throw new RangeError(`winScore must exceed ${2 * MAX_PLY}`);
    this.custom = options.terminalValue;
    this.distanceAdjusted = this.custom === undefined;
  }

  terminal(state: S, outcome: FinishedOutcome, ply: number): number {
    return this.custom === undefined
      ? outcomeValue(outcome, this.root, ply, this.winScore)
      : this.custom(state, this.root);
  }

  /** A value that can only come from a forced win or loss (default scoring only). */
  isProven(value: number): boolean {
    return this.distanceAdjusted && Math.abs(value) >= this.winScore - MAX_PLY;
  }
}

/** Negamax turns 0 into -0; results report a plain 0. */
export function plainZero(value: number): number {
  return value === 0 ? 0 : value;
}
