import { GAME_IDS } from "@arena/engine/registry";
import { gameMessages } from "../games/messages";
import type { Locale } from "./locales";
import { GAMES_NAMESPACE, SERVER_ONLY_KEY } from "./namespaces";
import en from "./messages/en.json";
import ja from "./messages/ja.json";
import ru from "./messages/ru.json";

/** A message catalogue: ICU messages by key, nested by namespace. */
export interface Messages {
  readonly [key: string]: string | Messages;
}

/** The product's own messages, one catalogue per language; each game brings its own (`games/messages.ts`). */
const COMMON: Readonly<Record<Locale, Messages>> = { en, ru, ja };

/** The whole catalogue of a language: the product's messages and every registered game's, by game id. */
export function catalogue(locale: Locale): Messages {
  const games = Object.fromEntries(GAME_IDS.map((id) => [id, gameMessages(id)[locale]]));
  return { ...COMMON[locale], [GAMES_NAMESPACE]: games };
}

/** What the browser is given of a catalogue: everything but each game's How-to-play page. */
export function clientCatalogue(locale: Locale): Messages {
  const games = Object.fromEntries(
    GAME_IDS.map((id) => {
      const { [SERVER_ONLY_KEY]: _omitted, ...rest } = gameMessages(id)[locale];
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
