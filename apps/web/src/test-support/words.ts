import { createTranslator } from "next-intl";
import { catalogue } from "../i18n/catalogue";
import type { Locale } from "../i18n/locales";
import type { Words } from "../i18n/words";

/** A translator over one namespace of a language's whole catalogue, as the pages get one. */
export function wordsIn(locale: Locale, namespace?: string): Words {
  // The catalogue's type is open (keys are checked by src/i18n/catalogue.test.ts), so is the translator's.
  return createTranslator({
    locale,
    messages: catalogue(locale),
    ...(namespace === undefined ? {} : { namespace }),
  }) as unknown as Words;
}

/** The translators the result banner and the seats are worded with, in one language, for one game. */
export function roomWords(locale: Locale, gameId: string) {
  return {
    result: wordsIn(locale, "result"),
    seats: wordsIn(locale, "seats"),
    game: wordsIn(locale, `games.${gameId}`),
    locale,
  };
}
