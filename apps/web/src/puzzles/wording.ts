import type { PuzzleRatingChange, PuzzleShortfall } from "@arena/protocol";
import type { Words } from "../i18n/words";

/** A value with its sign, as the solvers' values read ("+4", "−6", "0"). */
export function signed(value: number): string {
  if (value > 0) return `+${value}`;
  return value < 0 ? `\u2212${Math.abs(value)}` : "0";
}

/**
 * What a wrong move cost, in words (docs/puzzles.md, "The trainer"): "loses 6 discs: −2 instead of +4",
 * "mate in 7 instead of 5", "is mated in 3 instead of 7", "draws instead of winning".
 *
 * @param words a translator over the `puzzles` namespace
 */
export function shortfallText(shortfall: PuzzleShortfall, words: Words): string {
  const { best, played } = shortfall;
  switch (shortfall.unit) {
    case "discs":
      return words("shortfall.discs", {
        lost: best - (played ?? 0),
        played: signed(played ?? 0),
        best: signed(best),
      });
    case "moves-to-mate":
      // A wrong move is worse for the player: a later mate for the side that mates, a sooner one for the
      // side that defends (king and rook's defences).
      if (played === null) return words("shortfall.mateDrawn", { best });
      return played < best
        ? words("shortfall.mateSooner", { played, best })
        : words("shortfall.mateSlower", { played, best });
    case "outcome-score":
      if (played === null || played === 0) return words("shortfall.draws");
      return played < 0 ? words("shortfall.loses") : words("shortfall.winsSlower");
  }
}

/**
 * A rating change as the trainer shows it: "1500 → 1512 (+12)".
 *
 * @param words a translator over the `puzzles` namespace
 */
export function ratingChangeText(change: PuzzleRatingChange, words: Words): string {
  return words("ratingChange", { before: change.before, after: change.after, delta: signed(change.delta) });
}
