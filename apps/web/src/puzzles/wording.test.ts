import { describe, expect, it } from "vitest";
import { wordsIn } from "../test-support/words";
import { ratingChangeText, shortfallText, signed } from "./wording";

const en = wordsIn("en", "puzzles");

describe("a wrong move's cost in words", () => {
  it("counts Othello's discs", () => {
    expect(shortfallText({ unit: "discs", best: 4, played: -2 }, en)).toBe(
      "loses 6 discs: \u22122 instead of +4",
    );
    expect(shortfallText({ unit: "discs", best: 1, played: 0 }, en)).toBe("loses 1 disc: 0 instead of +1");
  });

  it("counts the moves to mate, or the draw", () => {
    expect(shortfallText({ unit: "moves-to-mate", best: 5, played: 7 }, en)).toBe(
      "gives mate in 7 instead of 5",
    );
    expect(shortfallText({ unit: "moves-to-mate", best: 5, played: null }, en)).toBe(
      "draws instead of mate in 5",
    );
    // A defence: Black's wrong move is mated sooner.
    expect(shortfallText({ unit: "moves-to-mate", best: 14, played: 12 }, en)).toBe(
      "is mated in 12 instead of 14",
    );
  });

  it("says what a Connect Four score becomes", () => {
    expect(shortfallText({ unit: "outcome-score", best: 12, played: 0 }, en)).toBe(
      "draws instead of winning",
    );
    expect(shortfallText({ unit: "outcome-score", best: 12, played: -3 }, en)).toBe(
      "loses instead of winning",
    );
    expect(shortfallText({ unit: "outcome-score", best: 12, played: 4 }, en)).toBe("wins more slowly");
  });

  it("words it in every language", () => {
    for (const locale of ["ru", "ja"] as const) {
      const text = shortfallText({ unit: "discs", best: 4, played: -2 }, wordsIn(locale, "puzzles"));
      expect(text).toContain("6");
      expect(text).not.toBe(shortfallText({ unit: "discs", best: 4, played: -2 }, en));
    }
  });

  it("shows a rating change with its sign", () => {
    expect(ratingChangeText({ before: 1500, after: 1488, delta: -12 }, en)).toBe(
      "Rating 1500 → 1488 (\u221212)",
    );
    expect(signed(7)).toBe("+7");
    expect(signed(0)).toBe("0");
  });
});
