import { type GameError, gameError } from "../core/errors.js";
import type { Json } from "../core/game.js";
import { type Result, err, ok } from "../core/result.js";
import { Random } from "../core/rng.js";
import { type GameId, getGame, isGameId } from "../registry.js";
import { moveAimMs, moveCeilingMs, stoppableClock } from "./move-ceiling.js";
import { aiFor } from "./registry.js";

/** What an AI seat is asked: the position (serialized, as it crosses a worker boundary) and its clock. */
export interface AiRequest {
  readonly gameId: GameId;
  readonly state: Json;
  /** Strength level, 1 (weakest) to the number of levels of the game's AI (`aiFor(gameId).levels`). */
  readonly level: number;
  /** The seat's remaining time and increment, in milliseconds. */
  readonly remainingMs: number;
  readonly incrementMs: number;
  /** Seeds the tie-breaking randomness, so a game with AI seats replays. */
  readonly seed: number;
  /**
   * When the request was queued, in epoch milliseconds: time spent waiting for a worker is the seat's
   * own clock running, so it is taken off `remainingMs` before the search budgets its time.
   */
  readonly queuedAt?: number;
  /**
   * This search's share of the AI threads, in (0, 1]: with more searches in flight than threads, each
   * gets that fraction of the thinking time its clock alone would allow, so a busy pool slows every seat
   * a little instead of letting the end of the queue lose on time.
   */
  readonly share?: number;
}

/**
 * The clock a search should budget with, as it leaves the queue at `startedAt` (epoch ms): the wait
 * comes off the remaining time, and the remainder and the increment are scaled by the request's share.
 */
export function effectiveClock(
  request: AiRequest,
  startedAt: number,
): { readonly remainingMs: number; readonly incrementMs: number } {
  const waited = request.queuedAt === undefined ? 0 : Math.max(0, startedAt - request.queuedAt);
  const share = Math.min(1, Math.max(0.001, request.share ?? 1));
  return {
    remainingMs: Math.max(0, request.remainingMs - waited) * share,
    incrementMs: request.incrementMs * share,
  };
}

export interface AiResponse {
  /** The chosen move, formatted in the game's notation. */
  readonly move: string;
  readonly depth: number;
  readonly nodes: number;
  readonly value: number;
}

/**
 * Picks a move for an AI seat. Pure apart from the clock it is handed; the
 * server runs it in a worker thread so that the event loop never waits. The
 * search thinks no longer than its ceiling (`moveCeilingMs`: by level and clock), and
 * answers at once with its best move so far when `stopped()` turns true (the
 * pool's preemption: another user's request waits).
 */
export function chooseMove(
  request: AiRequest,
  now: () => number,
  stopped?: () => boolean,
): Result<AiResponse, GameError> {
  if (!isGameId(request.gameId)) return err(gameError("invalid-state", "unknown game"));
  const game = getGame(request.gameId);
  const ai = aiFor(request.gameId);
  const state = game.deserialize(request.state);
  if (!state.ok) return state;
  if (game.legalMoves(state.value).length === 0) return err(gameError("game-over", "the game is over"));
  const level = Math.min(Math.max(Math.trunc(request.level), 1), ai.levels.length);
  const rng = new Random(request.seed);
  const ceilingMs = moveCeilingMs(level, request.remainingMs, request.incrementMs);
  const chosen = ai.choose(state.value, level, {
    remainingMs: request.remainingMs,
    incrementMs: request.incrementMs,
    aimMs: moveAimMs(ceilingMs),
    now: stoppableClock(now, ceilingMs, stopped),
    random: () => rng.float(),
    seed: request.seed,
  });
  return ok({ ...chosen, move: game.formatMove(state.value, chosen.move) });
}
