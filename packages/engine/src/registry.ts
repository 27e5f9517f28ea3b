import type { AnyGame } from "./core/game.js";
import type { RecordWriters } from "./core/records.js";
import { connectK } from "./games/connect-k/index.js";
import { diceOfDoom } from "./games/dice-of-doom/index.js";
import { krk } from "./games/krk/index.js";
import { krkRecords } from "./games/krk/records.js";
import { othello } from "./games/othello/index.js";
import { othelloRecords } from "./games/othello/records.js";

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

/**
 * The file formats each game writes besides the JSON log every match has (docs/protocol.md, "Downloads"):
 * GGF and a transcript for Othello, PGN for king and rook vs king.
 */
const RECORDS = {
  othello: othelloRecords,
  "connect-k": {},
  "dice-of-doom": {},
  krk: krkRecords,
} as const satisfies { readonly [G in GameId]: RecordWriters<never> };

/** A game's record writers (each is handed states that game's engine made). */
export function recordWriters(id: GameId): RecordWriters<unknown> {
  return RECORDS[id] as RecordWriters<unknown>;
}
