import type { Result } from "../core/result.js";
import { aiFor, GAME_AIS } from "../ai/registry.js";
import type { GameId } from "../registry.js";
import type { SpecError } from "./spec.js";
import type { AnyPlayer } from "./types.js";

/** The spec forms each game understands, for help texts. */
export const PLAYER_SPECS: Readonly<Record<GameId, readonly string[]>> = Object.fromEntries(
  Object.entries(GAME_AIS).map(([id, ai]) => [id, ai.playerSpecs]),
) as Record<GameId, readonly string[]>;

/**
 * Reads a strategy spec such as "iago:6" or "alpha-beta:4:weighted-squares"
 * (PAIP's strategy names, written with colons) into a player for `gameId`.
 */
export function parsePlayerSpec(gameId: GameId, spec: string): Result<AnyPlayer, SpecError> {
  return aiFor(gameId).parsePlayer(spec);
}
