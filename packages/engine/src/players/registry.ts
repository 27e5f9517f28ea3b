import type { Result } from "../core/result.js";
import type { GameId } from "../registry.js";
import { CONNECT_K_SPECS, parseConnectKSpec } from "./connect-k.js";
import { DICE_OF_DOOM_SPECS, parseDiceOfDoomSpec } from "./dice-of-doom.js";
import { OTHELLO_SPECS, parseOthelloSpec } from "./othello.js";
import type { SpecError } from "./spec.js";
import type { AnyPlayer } from "./types.js";

/** The spec forms each game understands, for help texts. */
export const PLAYER_SPECS: Readonly<Record<GameId, readonly string[]>> = {
  othello: OTHELLO_SPECS,
  "connect-k": CONNECT_K_SPECS,
  "dice-of-doom": DICE_OF_DOOM_SPECS,
};

/**
 * Reads a strategy spec such as "iago:6" or "alpha-beta:4:weighted-squares"
 * (PAIP's strategy names, written with colons) into a player for `gameId`.
 */
export function parsePlayerSpec(gameId: GameId, spec: string): Result<AnyPlayer, SpecError> {
  switch (gameId) {
    case "othello":
      return parseOthelloSpec(spec);
    case "connect-k":
      return parseConnectKSpec(spec);
    case "dice-of-doom":
      return parseDiceOfDoomSpec(spec);
  }
}
