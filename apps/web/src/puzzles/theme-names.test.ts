// Every theme of the shipped seed set has a name in every language (docs/puzzles.md, "Themes"): a theme
// without one would show its id, a Latin word on a Russian or Japanese page.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogue, leaves } from "../i18n/catalogue";
import { LOCALES } from "../i18n/locales";

const DATA = join(import.meta.dirname, "../../../../packages/puzzles/data");

function shippedThemes(): Set<string> {
  const themes = new Set<string>();
  for (const file of readdirSync(DATA).filter((name) => name.endsWith(".jsonl"))) {
    for (const line of readFileSync(join(DATA, file), "utf8").split("\n")) {
      if (line === "") continue;
      const { gameId, themes: own } = JSON.parse(line) as { gameId: string; themes: string[] };
      for (const theme of own) themes.add(`${gameId}.puzzleThemes.${theme}`);
    }
  }
  return themes;
}

describe("puzzle theme names", () => {
  const themes = [...shippedThemes()].sort();

  it.each(LOCALES)("%s names every theme of the seed set", (locale) => {
    expect(themes.length).toBeGreaterThan(5);
    const words = leaves(catalogue(locale));
    expect(themes.filter((key) => !words.has(`games.${key}`))).toEqual([]);
  });
});
