import type { GameError } from "../core/errors.js";
import type { Json } from "../core/game.js";
import { type Result, err, ok } from "../core/result.js";
import { Random } from "../core/rng.js";
import { type GameId, getGame, isGameId } from "../registry.js";
import { gameError } from "../core/errors.js";

/** What an AI seat is asked: the position (serialized, as it crosses a worker boundary) and its clock. */
export interface AiRequest {
  readonly gameId: GameId;
  readonly state: Json;
  /** Strength level, 1 (weakest) upwards; see `AI_LEVELS`. */
  readonly level: number;
  /** The seat's remaining time and increment, in milliseconds. */
  readonly remainingMs: number;
  readonly incrementMs: number;
  /** Seeds the tie-breaking randomness, so a game with AI seats replays. */
  readonly seed: number;
}

export interface AiResponse {
  /** The chosen move, formatted in the game's notation. */
  readonly move: string;
  readonly depth: number;
  readonly nodes: number;
  readonly value: number;
}

/** Highest level per game; the lobby offers 1..max. */
export const AI_MAX_LEVEL: Record<GameId, number> = { othello: 1, "connect-k": 1, "dice-of-doom": 1 };

/**
 * Picks a move for an AI seat. Pure apart from the clock it is handed; the
 * server runs it in a worker thread so that the event loop never waits.
 */
export function chooseMove(request: AiRequest, now: () => number): Result<AiResponse, GameError> {
  if (!isGameId(request.gameId)) return err(gameError("invalid-state", "unknown game"));
  const game = getGame(request.gameId);
  const state = game.deserialize(request.state);
  if (!state.ok) return state;
  const moves = game.legalMoves(state.value);
  if (moves.length === 0) return err(gameError("game-over", "the game is over"));
  void now;
  const random = new Random(request.seed);
  const move = moves[random.int(moves.length)];
  return ok({ move: game.formatMove(state.value, move), depth: 0, nodes: 1, value: 0 });
}
