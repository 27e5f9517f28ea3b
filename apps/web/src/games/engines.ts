// The one place the web app touches the engine's game modules. The UI knows
// no rules: legal moves, notation and outcomes all come from these objects.
import type { AnyGame } from "@arena/engine";
import { aiFor } from "@arena/engine/ai/registry";
import * as ConnectK from "@arena/engine/games/connect-k/index";
import * as DiceOfDoom from "@arena/engine/games/dice-of-doom/index";
import * as Othello from "@arena/engine/games/othello/index";

export { ConnectK, DiceOfDoom, Othello };

export const WEB_GAME_IDS = ["othello", "connect-k", "dice-of-doom"] as const;
export type WebGameId = (typeof WEB_GAME_IDS)[number];

export const ENGINE_GAMES: Readonly<Record<WebGameId, AnyGame>> = {
  othello: Othello.othello,
  "connect-k": ConnectK.connectK,
  "dice-of-doom": DiceOfDoom.diceOfDoom,
};

export const GAME_TITLES: Readonly<Record<WebGameId, string>> = {
  othello: "Othello",
  "connect-k": "Connect-k",
  "dice-of-doom": "Dice of Doom",
};

export function isWebGameId(id: unknown): id is WebGameId {
  return typeof id === "string" && (WEB_GAME_IDS as readonly string[]).includes(id);
}

export function engineFor(id: string): AnyGame | null {
  return isWebGameId(id) ? ENGINE_GAMES[id] : null;
}

/** Seat names per game, for banners and clocks. */
export function seatLabel(gameId: string, seat: number): string {
  if (gameId === "othello") return seat === 0 ? "Black" : "White";
  if (gameId === "connect-k") return seat === 0 ? "Red" : "Yellow";
  return ["Red", "Blue", "Green", "Purple"][seat] ?? `Seat ${seat + 1}`;
}

/** Deserializes a state the server sent; null when it is missing or not valid for the game. */
export function deserializeState(gameId: string, json: unknown): unknown {
  const game = engineFor(gameId);
  if (game === null || json === null || json === undefined) return null;
  const result = game.deserialize(json);
  return result.ok ? result.value : null;
}

/** The strongest AI level the engine (and so the server) offers for a game. */
export function maxAiLevel(id: WebGameId): number {
  return Math.max(1, aiFor(id).levels.length);
}
