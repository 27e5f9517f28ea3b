// The one place the web app finds a game by id. Adding a game: its folder `games/<id>/` (board, views,
// a `WebGame`) and its line below; the `satisfies` refuses to compile while a game of the engine's
// registry has no entry.
import { type GameId, isGameId } from "@arena/engine/registry";
import { connectKWeb } from "./connect-k/index";
import { diceOfDoomWeb } from "./dice-of-doom/index";
import { krkWeb } from "./krk/index";
import { othelloWeb } from "./othello/index";
import type { AnyWebGame } from "./web-game";

const WEB_GAMES = {
  othello: othelloWeb,
  "connect-k": connectKWeb,
  "dice-of-doom": diceOfDoomWeb,
  krk: krkWeb,
} as const satisfies Record<GameId, AnyWebGame>;

/** The web module of a game. */
export function webGame(id: GameId): AnyWebGame {
  return WEB_GAMES[id];
}

/** The web module of a game id from the wire, or null for a game this build does not know. */
export function webGameOf(id: string): AnyWebGame | null {
  return isGameId(id) ? WEB_GAMES[id] : null;
}
