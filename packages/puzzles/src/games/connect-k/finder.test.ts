import { ConnectK } from "@arena/engine";
import { describe, expect, it } from "vitest";
import { connectFourPuzzles } from "./finder.js";
import { applyColumn, movesToWin, onlyWinningColumn } from "./line.js";
import { verifyPuzzle } from "../../verify.js";

function state(moves: string): ConnectK.ConnectKState {
  const loaded = connectFourPuzzles.load(moves);
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
}

describe("Connect Four puzzles", () => {
  it("find a win in 2 whose first disc is the only winning column", () => {
    // 20 discs, the first player to move: column 2 makes two threats; the reply blocks one, 4 wins.
    const start = state("65175566757667571133");
    const puzzle = connectFourPuzzles.find(start);
    expect(puzzle?.line).toEqual(["2", "4", "4"]);
    expect(puzzle?.proof[0]?.values.filter(({ value }) => (value ?? 0) > 0).map(({ move }) => move)).toEqual([
      "2",
    ]);
    expect(movesToWin(start, puzzle?.value ?? 0)).toBe(2);
    let end = start;
    for (const move of puzzle?.line ?? []) end = applyColumn(end, Number(move) - 1);
    expect(ConnectK.winnerOf(end)).toBe(ConnectK.seatOnTurn(start));
  });

  it("refuse a win in 1, and a position where every column wins", () => {
    // The same game after 2 and the block on 4: 4 wins at once.
    expect(connectFourPuzzles.find(state("6517556675766757113324"))).toBeNull();
    // After 2 and a reply on 1 instead: 4 wins at once, every other column a move later.
    expect(connectFourPuzzles.find(state("6517556675766757113321"))).toBeNull();
    expect(
      onlyWinningColumn([
        { move: 0, value: 9 },
        { move: 3, value: 10 },
        { move: 1, value: -3 },
      ]),
    ).toBeNull();
    expect(
      onlyWinningColumn([
        { move: 0, value: -9 },
        { move: 3, value: 10 },
      ]),
    ).toBe(3);
  });

  it("refuse a position with one open column: its disc is forced, nothing to find", () => {
    // Every column but 6 is full; dropping there wins, and the check refuses such a puzzle too.
    const forced = state("7343344344354111737777555551121222226");
    expect(connectFourPuzzles.candidate(forced)).toBe(false);
    expect(connectFourPuzzles.find(forced)).toBeNull();
    const found = connectFourPuzzles.find(state("65175566757667571133"));
    if (found === null) throw new Error("no puzzle");
    const puzzle = { ...found, id: "", gameId: "connect-k" as const, source: { seed: 0, game: 0, ply: 0 } };
    const [first, ...rest] = puzzle.proof;
    if (first === undefined) throw new Error("no step");
    const alone = { ...first, values: first.values.filter(({ move }) => move === first.move) };
    expect(verifyPuzzle({ ...puzzle, proof: [alone, ...rest] })).toMatchObject({
      ok: false,
      error: { code: "bad-position" },
    });
  });

  it("look only at positions the solver answers quickly", () => {
    expect(connectFourPuzzles.candidate(state(""))).toBe(false);
    expect(connectFourPuzzles.candidate(state("65175566757667571133"))).toBe(true);
  });
});
