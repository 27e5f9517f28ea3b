import type { AnyGame } from "./core/game.js";
import { connectK } from "./games/connect-k/index.js";
import { diceOfDoom } from "./games/dice-of-doom/index.js";
import { krk } from "./games/krk/index.js";
import { othello } from "./games/othello/index.js";

/** Every game Arena plays, by id. */
export const GAMES = {
  othello,
  "connect-k": connectK,
  "dice-of-doom": diceOfDoom,
  krk,
} as const satisfies Record<string, AnyGame>;

export type GameId = keyof typeof GAMES;

export const GAME_IDS = Object.keys(GAMES) as GameId[];

/** The game tools pick when none is named: Othello, the product's first game. */
export const DEFAULT_GAME_ID: GameId = "othello";

export function isGameId(id: unknown): id is GameId {
  return typeof id === "string" && Object.hasOwn(GAMES, id);
}

export function getGame(id: GameId): AnyGame {
  return GAMES[id];
}
