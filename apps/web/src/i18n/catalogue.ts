import { GAME_IDS } from "@arena/engine/registry";
import { webGame } from "../games/registry";
import type { Locale } from "./locales";
import en from "./messages/en.json";
import ja from "./messages/ja.json";
import ru from "./messages/ru.json";

/** A message catalogue: ICU messages by key, nested by namespace. */
export interface Messages {
  readonly [key: string]: string | Messages;
}

/** The product's own messages, one catalogue per language; each game brings its own (`WebGame.messages`). */
const COMMON: Readonly<Record<Locale, Messages>> = { en, ru, ja };

/** The namespace each game's messages live under: `games.<id>` (its title, seats, results, How to play). */
export const GAMES_NAMESPACE = "games";

/** The whole catalogue of a language: the product's messages and every registered game's, by game id. */
export function catalogue(locale: Locale): Messages {
  const games = Object.fromEntries(GAME_IDS.map((id) => [id, webGame(id).messages[locale]]));
  return { ...COMMON[locale], [GAMES_NAMESPACE]: games };
}

/** The How-to-play texts render on the server only: the browser's copy of a catalogue leaves them out. */
export const SERVER_ONLY_KEY = "howTo";

/** What the browser is given of a catalogue: everything but each game's How-to-play page. */
export function clientCatalogue(locale: Locale): Messages {
  const games = Object.fromEntries(
    GAME_IDS.map((id) => {
      const { [SERVER_ONLY_KEY]: _omitted, ...rest } = webGame(id).messages[locale];
      return [id, rest];
    }),
  );
  return { ...COMMON[locale], [GAMES_NAMESPACE]: games };
}

/** Every message of a catalogue by its dotted key ("lobby.openGames"). */
export function leaves(messages: Messages, prefix = ""): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix === "" ? key : `${prefix}.${key}`;
    if (typeof value === "string") found.set(path, value);
    else for (const [inner, text] of leaves(value, path)) found.set(inner, text);
  }
  return found;
}
