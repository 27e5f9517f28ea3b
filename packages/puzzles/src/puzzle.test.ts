import { describe, expect, it } from "vitest";
import { type Puzzle, formatPuzzle, parsePuzzle, puzzleId } from "./puzzle.js";

const POSITION = "8/8/8/8/8/5KR1/7k/8 w - - 0 1";
const PUZZLE: Puzzle = {
  id: puzzleId("krk", POSITION),
  gameId: "krk",
  position: POSITION,
  sideToMove: 0,
  result: "win",
  value: 2,
  unit: "moves-to-mate",
  line: ["Kf2", "Kh1", "Rh3#"],
  proof: [
    {
      move: "Kf2",
      values: [
        { move: "Kf2", value: 1 },
        { move: "Rg8", value: null },
      ],
    },
    { move: "Rh3#", values: [{ move: "Rh3#", value: 0 }] },
  ],
  themes: ["mate", "quiet-move"],
  source: { seed: 1, game: 0, ply: 4 },
};

describe("puzzle lines", () => {
  it("read back what they write", () => {
    expect(parsePuzzle(formatPuzzle(PUZZLE))).toEqual({ ok: true, value: PUZZLE });
  });

  it("name a position the same way every time, and different positions differently", () => {
    expect(puzzleId("krk", POSITION)).toBe(PUZZLE.id);
    expect(puzzleId("krk", POSITION.replace("KR1", "K1R"))).not.toBe(PUZZLE.id);
    expect(PUZZLE.id).toMatch(/^krk-[0-9a-z]{11}$/);
  });

  it.each([
    ["not JSON", "{"],
    ["an id that is not the position's", formatPuzzle({ ...PUZZLE, id: "krk-00000000000" })],
    ["an unknown game", formatPuzzle({ ...PUZZLE, gameId: "chess" as Puzzle["gameId"] })],
    ["a proof step short", formatPuzzle({ ...PUZZLE, proof: PUZZLE.proof.slice(1) })],
    ["an unknown unit", formatPuzzle({ ...PUZZLE, unit: "pawns" as Puzzle["unit"] })],
    ["an unknown field", JSON.stringify({ ...JSON.parse(formatPuzzle(PUZZLE)), extra: 1 })],
    ["a fractional value", formatPuzzle({ ...PUZZLE, value: 1.5 })],
  ])("refuse %s", (_what, line) => {
    expect(parsePuzzle(line).ok).toBe(false);
  });
});
