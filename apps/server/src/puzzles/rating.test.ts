import { type Puzzle } from "@arena/puzzles";
import { describe, expect, it } from "vitest";
import { firstGap, initialPuzzleGlicko } from "./rating.js";

/** A king-and-rook puzzle of one step whose first position's moves have these values (moves to mate). */
function krk(result: "win" | "loss", values: readonly (number | null)[]): Puzzle {
  const moves = values.map((value, i) => ({ move: `m${i}`, value }));
  return {
    id: "krk-test",
    gameId: "krk",
    position: "8/8/8/8/8/8/8/8 w - - 0 1",
    sideToMove: result === "win" ? 0 : 1,
    result,
    value: 0,
    unit: "moves-to-mate",
    line: ["m0"],
    proof: [{ move: "m0", values: moves }],
    themes: [],
    source: { seed: 0, game: 0, ply: 0 },
  };
}

describe("a puzzle's first rating", () => {
  it("measures the gap to the next best move from the player's side: sooner mates, longer defences", () => {
    // White: m0 mates in 5, the next best in 7.
    expect(firstGap(krk("win", [5, 7, 9, null]))).toBe(2);
    // Black: m0 holds out 14 moves, the next best 12.
    expect(firstGap(krk("loss", [14, 12, 8]))).toBe(2);
    // The closer the next best, the harder the puzzle.
    const close = initialPuzzleGlicko(krk("loss", [14, 13]));
    const far = initialPuzzleGlicko(krk("loss", [14, 4]));
    expect(close.rating).toBeGreaterThan(far.rating);
  });
});
