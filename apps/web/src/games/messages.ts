// The games' messages by game id, beside `registry.ts`: the server assembles each language's catalogue
// from it (src/i18n/catalogue.ts), and the browser is sent only its own language's words in the page,
// never every language's in its scripts. Adding a game: its `messages/` folder and its line below; the
// `satisfies` refuses to compile while a game of the engine's registry has none.
import type { GameId } from "@arena/engine/registry";
import { connectKMessages } from "./connect-k/messages/index";
import { diceOfDoomMessages } from "./dice-of-doom/messages/index";
import { krkMessages } from "./krk/messages/index";
import { othelloMessages } from "./othello/messages/index";
import type { GameMessages } from "./web-game";

const GAME_MESSAGES = {
  othello: othelloMessages,
  "connect-k": connectKMessages,
  "dice-of-doom": diceOfDoomMessages,
  krk: krkMessages,
} as const satisfies Record<GameId, GameMessages>;

/** A game's messages in every language. */
export function gameMessages(id: GameId): GameMessages {
  return GAME_MESSAGES[id];
}
