import { Krk } from "@arena/engine";
import { describe, expect, it } from "vitest";
import { krkPuzzles } from "./finder.js";
import { onlyLongestDefence, onlyShortestMate } from "./line.js";

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

  it("refuse a mate in 1 (too short)", () => {
    // Black Ka8, White Kb6 and Rh2: Rh8# at once.
    expect(Krk.movesToMate(state("k7/8/1K6/8/8/8/7R/8 w - - 0 1").position)).toBe(1);
    expect(krkPuzzles.find(state("k7/8/1K6/8/8/8/7R/8 w - - 0 1"))).toBeNull();
  });

  it("find Black's defence: Kd7 alone holds out 14 moves, every other king move is mated in 12 or fewer", () => {
    // Black Ke8 against Kh5 and Rc4: towards the centre and away from the rook's file.
    const puzzle = krkPuzzles.find(state("4k3/8/8/7K/2R5/8/8/8 b - - 0 1"));
    expect(puzzle?.sideToMove).toBe(Krk.BLACK);
    expect(puzzle?.result).toBe("loss");
    expect(puzzle?.value).toBe(14);
    expect(puzzle?.line.slice(0, 3)).toEqual(["Kd7", "Kg4", "Ke6"]);
    expect(puzzle?.themes).toEqual(["defence"]);
    const first = puzzle?.proof[0]?.values ?? [];
    expect(first.filter(({ value }) => value === 14).map(({ move }) => move)).toEqual(["Kd7"]);
    expect(Math.max(...first.filter(({ move }) => move !== "Kd7").map(({ value }) => value ?? 0))).toBe(12);
  });

  it("refuse a defence with one legal move, or two moves holding equally long", () => {
    // Black Kh8, White Kg6 and Ra1: Kg8 is Black's only legal move.
    expect(Krk.legalMovesOf(state("7k/8/6K1/8/8/8/8/R7 b - - 0 1").position)).toHaveLength(1);
    expect(krkPuzzles.find(state("7k/8/6K1/8/8/8/8/R7 b - - 0 1"))).toBeNull();
    expect(
      onlyLongestDefence([
        { move: 1, value: 5 },
        { move: 2, value: 5 },
      ]),
    ).toBeNull();
    expect(
      onlyLongestDefence([
        { move: 1, value: 5 },
        { move: 2, value: null },
      ]),
    ).toBeNull();
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

  it.each(["8/8/8/6K1/6R1/8/7k/8 w - - 0 1", "4k3/8/8/7K/2R5/8/8/8 b - - 0 1"])(
    "prove what they find, a mate or a defence: %s",
    (fen) => {
      const puzzle = krkPuzzles.find(state(fen));
      expect(puzzle).not.toBeNull();
      if (puzzle === null) return;
      const full = { ...puzzle, id: "", gameId: "krk" as const, source: { seed: 0, game: 0, ply: 0 } };
      expect(krkPuzzles.verify(full)).toEqual({ ok: true, value: true });
      // A proof the oracle does not give is refused.
      const [first, ...rest] = full.proof;
      if (first === undefined) return;
      const second = first.values.find(({ move }) => move !== first.move);
      if (second === undefined) return;
      const doctored = {
        ...first,
        values: first.values.map((v) => (v === second ? { ...v, value: 99 } : v)),
      };
      expect(krkPuzzles.verify({ ...full, proof: [doctored, ...rest] }).ok).toBe(false);
    },
  );
});
