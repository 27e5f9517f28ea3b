// The shipped Geist subsets (scripts/subset-font.mjs): every character the English and Russian catalogues
// write is in them, as is every non-CJK character of the Japanese one, and the committed files are exactly
// what the script makes from the `geist` package, so changing the ranges without re-running it fails.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { subsetCharacters, subsetFonts } from "../../scripts/subset-font.mjs";
import { catalogue, leaves } from "../i18n/catalogue";
import { LOCALES } from "../i18n/locales";

/** CJK punctuation, kana and ideographs: drawn by the system's Japanese font, never by Geist. */
const cjk = /[\u3000-\u9fff\uff00-\uffef]/u;

describe("Geist font subsets", () => {
  const covered = new Set<string>(subsetCharacters());

  it.each(LOCALES)("covers every character of the %s catalogue outside CJK", (locale) => {
    const missing = new Set<string>();
    for (const [, message] of leaves(catalogue(locale))) {
      for (const char of message)
        if (!covered.has(char) && !cjk.test(char) && char !== "\n") missing.add(char);
    }
    expect([...missing].map((c) => `U+${c.codePointAt(0)?.toString(16).toUpperCase()}`)).toEqual([]);
  });

  it("are the committed font files", async () => {
    const fresh = await subsetFonts();
    expect(fresh).toHaveLength(2);
    for (const { path, bytes } of fresh) expect(Buffer.compare(bytes, readFileSync(path)), path).toBe(0);
  });
});
