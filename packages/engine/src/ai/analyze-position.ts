import { type GameError, gameError } from "../core/errors.js";
import type { Json } from "../core/game.js";
import { type Result, err, ok } from "../core/result.js";
import { type GameId, getGame, isGameId } from "../registry.js";
import type { PositionAnalysis } from "./game-ai.js";
import { aiFor } from "./registry.js";

/** A position to analyse (serialized, as it crosses a worker boundary) and what the analysis may spend. */
export interface AnalysisRequest {
  readonly gameId: GameId;
  readonly state: Json;
  readonly budgetMs: number;
  readonly seed: number;
}

/** An analysis with its best move and line also written in the game's notation, for people. */
export interface NotatedAnalysis extends PositionAnalysis {
  readonly bestMoveText: string | null;
  /** The principal variation in notation, cut where a move of it is not legal (a chance outcome differed). */
  readonly pvText: readonly string[];
}

/**
 * Analyses one position for post-game analysis and the analysis board (docs/analysis.md). Pure apart
 * from the clock it is handed; the server runs it in its AI worker threads.
 */
export function analyzePosition(
  request: AnalysisRequest,
  now: () => number,
): Result<NotatedAnalysis, GameError> {
  if (!isGameId(request.gameId)) return err(gameError("invalid-state", "unknown game"));
  const game = getGame(request.gameId);
  const state = game.deserialize(request.state);
  if (!state.ok) return state;
  const analysis = aiFor(request.gameId).analyze(state.value, {
    now,
    budgetMs: request.budgetMs,
    seed: request.seed,
  });
  const pvText: string[] = [];
  let at = state.value;
  for (const move of analysis.pv) {
    if (!game.legalMoves(at).includes(move)) break;
    pvText.push(game.formatMove(at, move));
    at = game.apply(at, move);
  }
  const bestMoveText = analysis.bestMove === null ? null : game.formatMove(state.value, analysis.bestMove);
  return ok({ ...analysis, bestMoveText, pvText });
}
