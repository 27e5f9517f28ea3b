import type { Result } from "@arena/engine/core/result";
import type { GameId } from "@arena/engine/registry";
import { CONNECT_K_SPECS, parseConnectKSpec } from "./connect-k.js";
import { DICE_OF_DOOM_SPECS, parseDiceOfDoomSpec } from "./dice-of-doom.js";
import { KRK_SPECS, parseKrkSpec } from "./krk.js";
import { OTHELLO_SPECS, parseOthelloSpec } from "./othello.js";
import type { SpecError } from "./spec.js";
import type { AnyPlayer, Player } from "./types.js";

/** A game's player specs: the forms it reads (for help texts) and the reader. */
interface GameSpecs<S> {
  readonly specs: readonly string[];
  parse(spec: string): Result<Player<S, number>, SpecError>;
}

/** Every game's player specs, by game id: a game added to the rules registry must be added here too. */
const GAME_SPECS = {
  othello: { specs: OTHELLO_SPECS, parse: parseOthelloSpec },
  "connect-k": { specs: CONNECT_K_SPECS, parse: parseConnectKSpec },
  "dice-of-doom": { specs: DICE_OF_DOOM_SPECS, parse: parseDiceOfDoomSpec },
  krk: { specs: KRK_SPECS, parse: parseKrkSpec },
} as const satisfies { [G in GameId]: GameSpecs<never> };

/** The spec forms each game understands, for help texts. */
export const PLAYER_SPECS: Readonly<Record<GameId, readonly string[]>> = Object.fromEntries(
  Object.entries(GAME_SPECS).map(([id, game]): [string, readonly string[]] => [id, game.specs]),
) as Record<GameId, readonly string[]>;

/**
 * Reads a strategy spec such as "iago:6" or "alpha-beta:4:weighted-squares"
 * (PAIP's strategy names, written with colons) into a player for `gameId`.
 */
export function parsePlayerSpec(gameId: GameId, spec: string): Result<AnyPlayer, SpecError> {
  return GAME_SPECS[gameId].parse(spec);
}
