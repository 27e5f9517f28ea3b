// The message catalogues (issue 17): every language has every key, every message is valid ICU with the
// same arguments in every language, every error code of the protocol is worded, and plurals follow each
// language's rules (Russian has one/few/many, Japanese no plural forms at all).
import { type MessageFormatElement, TYPE, parse } from "@formatjs/icu-messageformat-parser";
import { ERROR_CODES, SPEEDS } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { wordsIn } from "../test-support/words";
import { catalogue, leaves } from "./catalogue";
import { DEFAULT_LOCALE, LOCALES } from "./locales";

/** The words of a message outside its arguments: what a translator writes. */
function literalText(elements: readonly MessageFormatElement[]): string {
  return elements
    .map((element) => {
      if (element.type === TYPE.literal) return element.value;
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        return Object.values(element.options)
          .map((option) => literalText(option.value))
          .join(" ");
      }
      return "";
    })
    .join(" ");
}

/** The arguments a message takes ("count", "seat"), wherever they are nested. */
function argumentsOf(elements: readonly MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

const CATALOGUES = new Map(LOCALES.map((locale) => [locale, leaves(catalogue(locale))]));
const ENGLISH = CATALOGUES.get(DEFAULT_LOCALE) ?? new Map<string, string>();

describe("the catalogues", () => {
  it("have the same keys in every language", () => {
    for (const [locale, messages] of CATALOGUES) {
      const missing = [...ENGLISH.keys()].filter((key) => !messages.has(key));
      const extra = [...messages.keys()].filter((key) => !ENGLISH.has(key));
      expect({ locale, missing, extra }).toEqual({ locale, missing: [], extra: [] });
    }
  });

  it("hold valid ICU messages that take the same arguments in every language", () => {
    for (const [key, english] of ENGLISH) {
      const expected = [...argumentsOf(parse(english))].sort();
      for (const [locale, messages] of CATALOGUES) {
        const text = messages.get(key) ?? "";
        expect(text.trim(), `${locale} ${key} is empty`).not.toBe("");
        const found = [...argumentsOf(parse(text))].sort();
        // A language may leave out an argument its grammar does not need (Japanese has no plural
        // forms, so "wins" needs no count), never take one the page does not pass. The page passes the
        // number of players with every sentence about them, for languages whose verbs agree with it
        // (Russian "сдаётся"/"сдаются"), though English needs it only for "wins"/"win".
        const passed = key.startsWith("result.") ? [...expected, "count"] : expected;
        for (const name of found) expect(passed, `${locale} ${key} takes {${name}}`).toContain(name);
      }
    }
  });

  it("word every error code of the protocol, and nothing else", () => {
    const codes = [...ERROR_CODES, "unknown"].sort();
    for (const [locale, messages] of CATALOGUES) {
      const worded = [...messages.keys()].filter((k) => k.startsWith("errors.")).map((k) => k.slice(7));
      expect({ locale, codes: worded.sort() }).toEqual({ locale, codes });
    }
  });

  it("name every speed of the ratings, and nothing else", () => {
    for (const [locale, messages] of CATALOGUES) {
      const named = [...messages.keys()].filter((k) => k.startsWith("speeds.")).map((k) => k.slice(7));
      expect({ locale, speeds: named.sort() }).toEqual({ locale, speeds: [...SPEEDS].sort() });
    }
  });

  it("leave no English text in the Russian and Japanese catalogues", () => {
    // Names and notation that read the same in every language.
    const universal = new Set(["Arena", "FEN", "GGF", "{page} · Arena"]);
    for (const locale of ["ru", "ja"] as const) {
      const messages = CATALOGUES.get(locale) ?? new Map<string, string>();
      for (const [key, english] of ENGLISH) {
        const text = messages.get(key);
        if (/[a-z]{3}/i.test(literalText(parse(english))) && !universal.has(english)) {
          expect(text, `${locale} ${key}`).not.toBe(english);
        }
      }
    }
  });
});

describe("plurals follow each language's rules", () => {
  const viewers = (locale: (typeof LOCALES)[number], count: number) =>
    wordsIn(locale, "room")("viewers", { count });

  it("Russian: one for 1 and 21, few for 2, many for 5 and 11", () => {
    expect(viewers("ru", 1)).toBe("1 зритель");
    expect(viewers("ru", 2)).toBe("2 зрителя");
    expect(viewers("ru", 5)).toBe("5 зрителей");
    expect(viewers("ru", 11)).toBe("11 зрителей");
    expect(viewers("ru", 21)).toBe("21 зритель");
    const free = (count: number) => wordsIn("ru", "rooms")("free", { count });
    expect([1, 2, 5, 21].map(free)).toEqual([
      "(свободно 1 место)",
      "(свободно 2 места)",
      "(свободно 5 мест)",
      "(свободно 21 место)",
    ]);
  });

  it("English: one and other", () => {
    expect([1, 2, 5, 21].map((n) => viewers("en", n))).toEqual([
      "1 viewer",
      "2 viewers",
      "5 viewers",
      "21 viewers",
    ]);
  });

  it("Japanese: one form for every count", () => {
    expect([1, 2, 5, 21].map((n) => viewers("ja", n))).toEqual([
      "観戦 1 人",
      "観戦 2 人",
      "観戦 5 人",
      "観戦 21 人",
    ]);
  });

  it("Russian records and analysis summaries agree with their numbers", () => {
    const record = wordsIn("ru", "profile")("record", { wins: 21, draws: 2, losses: 5 });
    expect(record).toBe("21 победа · 2 ничьи · 5 поражений");
    const mate = (moves: number) => wordsIn("ru", "games.krk")("analysis.mateIn", { moves });
    expect([1, 3, 16].map(mate)).toEqual([
      "Белые ставят мат в 1 ход",
      "Белые ставят мат в 3 хода",
      "Белые ставят мат в 16 ходов",
    ]);
  });
});
