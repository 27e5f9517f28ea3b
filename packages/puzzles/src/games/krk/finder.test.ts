import { Krk } from "@arena/engine";
import { describe, expect, it } from "vitest";
import { krkPuzzles } from "./finder.js";
import { onlyShortestMate } from "./line.js";

function state(fen: string): Krk.KrkState {
  const loaded = krkPuzzles.load(fen);
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
}

describe("KRK puzzles", () => {
  it("find a known mate in 2: Kf2 leaves Black only Kh1, then Rh3#", () => {
    // White Kf3, Rg3; Black Kh2. The king steps aside so the rook can mate on the h-file.
    const puzzle = krkPuzzles.find(state("8/8/8/8/8/5KR1/7k/8 w - - 0 1"));
    expect(puzzle?.value).toBe(2);
    expect(puzzle?.line).toEqual(["Kf2", "Kh1", "Rh3#"]);
    expect(puzzle?.proof.map((step) => step.values.filter(({ value }) => value === 0).length)).toEqual([
      0, 1,
    ]);
  });

  it("refuse a mate in 1 (too short) and look only at White to move", () => {
    // Black Ka8, White Kb6 and Rh2: Rh8# at once.
    expect(Krk.movesToMate(state("k7/8/1K6/8/8/8/7R/8 w - - 0 1").position)).toBe(1);
    expect(krkPuzzles.find(state("k7/8/1K6/8/8/8/7R/8 w - - 0 1"))).toBeNull();
    expect(krkPuzzles.candidate(state("8/8/8/8/8/5KR1/7k/8 b - - 0 1"))).toBe(false);
  });

  it("take a move as the only shortest mate only when no other mates as soon", () => {
    expect(
      onlyShortestMate([
        { move: 1, value: 3 },
        { move: 2, value: 4 },
        { move: 3, value: null },
      ]),
    ).toBe(1);
    expect(
      onlyShortestMate([
        { move: 1, value: 3 },
        { move: 2, value: 3 },
      ]),
    ).toBeNull();
    expect(onlyShortestMate([{ move: 1, value: null }])).toBeNull();
  });

  it("prove what they find: every White move the only shortest mate, the line ending in mate", () => {
    const puzzle = krkPuzzles.find(state("8/8/8/6K1/6R1/8/7k/8 w - - 0 1"));
    expect(puzzle).not.toBeNull();
    if (puzzle === null) return;
    expect(
      krkPuzzles.verify({ ...puzzle, id: "", gameId: "krk", source: { seed: 0, game: 0, ply: 0 } }),
    ).toEqual({
      ok: true,
      value: true,
    });
  });
});
