// The catalogues are compiled at build time (next.config.ts, next-intl's `precompile`) and formatted in the
// browser by icu-minify with no named formats: a named style ("{x, number, percent}") is silently dropped
// there (0.42 shows as "0.42"), so every style is written as a skeleton ("{x, number, ::percent}").
import { type MessageFormatElement, TYPE, parse } from "@formatjs/icu-messageformat-parser";
import compile from "icu-minify/compile";
import format from "icu-minify/format";
import { describe, expect, it } from "vitest";
import { catalogue, leaves } from "./catalogue";
import { LOCALES } from "./locales";

/** The number, date and time arguments of a message that name a style instead of spelling a skeleton. */
function namedStyles(elements: readonly MessageFormatElement[], into: string[] = []): string[] {
  for (const element of elements) {
    if (
      (element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) &&
      typeof element.style === "string"
    )
      into.push(`${element.value}: ${element.style}`);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) namedStyles(option.value, into);
    if (element.type === TYPE.tag) namedStyles(element.children, into);
  }
  return into;
}

const FORMATTERS = {
  formatters: {
    getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) =>
      new Intl.DateTimeFormat(...args),
    getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) =>
      new Intl.NumberFormat(...args),
    getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) =>
      new Intl.PluralRules(...args),
  },
};

describe("the precompiled catalogues", () => {
  for (const locale of LOCALES) {
    it(`${locale}: every message compiles, and names no style the browser's formatter would drop`, () => {
      const named: string[] = [];
      for (const [key, message] of leaves(catalogue(locale))) {
        expect(() => compile(message), key).not.toThrow();
        for (const style of namedStyles(parse(message))) named.push(`${key} (${style})`);
      }
      expect(named).toEqual([]);
    });
  }

  it("formats a chance as a percentage, as the browser shows it", () => {
    const chance = leaves(catalogue("en")).get("games.dice-of-doom.analysis.chance") ?? "";
    expect(format(compile(chance), "en", { seat: "Red", chance: 0.42 }, FORMATTERS)).toBe("Red 42%");
  });
});
