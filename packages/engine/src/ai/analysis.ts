/**
 * Post-game analysis helpers on top of `GameAi.analyze` (docs/strength.md, "Position analysis"):
 * how much a played move lost against the best one, in the game's unit.
 */
import type { Game } from "../core/game.js";
import type { AnalyzeOptions, AnalysisUnit, GameAi, PositionAnalysis } from "./game-ai.js";

export interface MoveLoss {
  /**
   * Value of the best move minus value of the played move for the mover, in `unit` (never below 0);
   * null when the two analyses are not in the same unit (one exact, one estimated).
   */
  readonly loss: number | null;
  readonly unit: AnalysisUnit;
  /** Both values proven. */
  readonly exact: boolean;
}

/**
 * The loss of a move from the analysis of the position before it (`before`, whose side to move
 * played) and of the position it led to (`after`).
 */
export function moveLoss(before: PositionAnalysis, after: PositionAnalysis): MoveLoss {
  const mover = before.seat;
  const best = before.values[mover];
  const played = after.values[mover];
  const exact = before.exact && after.exact;
  if (before.unit !== after.unit || best === undefined || played === undefined) {
    return { loss: null, unit: before.unit, exact };
  }
  // An estimate may rate the played move above the "best" one; that is no loss.
  return { loss: Math.max(0, best - played), unit: before.unit, exact };
}

export interface AnalyzedMove {
  readonly before: PositionAnalysis;
  readonly after: PositionAnalysis;
  readonly loss: MoveLoss;
}

/**
 * Analyses a position and the position after `move` (one of `game.legalMoves(state)`), each with
 * half of `options.budgetMs`, and the loss of the move. A move equal to the best one loses 0.
 */
export function analyzeMove<S>(
  ai: GameAi<S>,
  game: Pick<Game<S, number, unknown>, "apply">,
  state: S,
  move: number,
  options: AnalyzeOptions,
): AnalyzedMove {
  const half = { ...options, budgetMs: options.budgetMs / 2 };
  const before = ai.analyze(state, half);
  const after = ai.analyze(game.apply(state, move), half);
  const loss = moveLoss(before, after);
  if (move === before.bestMove && loss.loss !== null) return { before, after, loss: { ...loss, loss: 0 } };
  return { before, after, loss };
}

/** The values of a two-seat zero-sum position for both seats, from the side to move's value. */
export function zeroSumValues(seat: number, value: number): number[] {
  // 0 − v rather than −v: a draw is 0 for both seats, never −0 (which JSON and deep equality tell apart).
  return seat === 0 ? [value, 0 - value] : [0 - value, value];
}
