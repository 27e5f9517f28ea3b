import { Othello } from "@arena/engine";
import { describe, expect, it } from "vitest";
import { othelloPuzzles } from "./finder.js";
import { MARGIN, onlyMove } from "./line.js";
import { regionSizes } from "./themes.js";

function state(position: string): Othello.OthelloState {
  const loaded = othelloPuzzles.load(position);
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
}

/** Plain negamax on the rules, no solver: the final disc difference for the side to move (WOF scoring). */
function bruteForce(position: Othello.OthelloState): number {
  const legal = Othello.legalMoves(position);
  if (legal.length === 0) {
    const [black, white] = Othello.finalScores(position);
    return position.turn === Othello.BLACK ? black - white : white - black;
  }
  return Math.max(...legal.map((move) => -bruteForce(Othello.applyMove(position, move))));
}

describe("Othello puzzles", () => {
  it("find a small endgame's only move, with every alternative's exact value", () => {
    // 9 empties, White to move: g1 alone wins (+6; g7 loses by 8), checked here by brute force on the rules.
    const start = state("XXXXXX-X--OOOXXXXOOXOXOXXOXXXOOXXXXXOOOOXXXXXXOX--OOOO---OOOOOO- O");
    const puzzle = othelloPuzzles.find(start);
    expect(puzzle?.line.slice(0, 1)).toEqual(["g1"]);
    expect(puzzle?.value).toBe(6);
    const first = puzzle?.proof[0];
    for (const { move, value } of first?.values ?? []) {
      expect(value).toBe(-bruteForce(Othello.applyMove(start, Othello.parseSquare(move))));
    }
    expect(
      onlyMove(
        (first?.values ?? []).map(({ move, value }) => ({
          move: Othello.parseSquare(move),
          value: value ?? 0,
        })),
      ),
    ).toBe(Othello.parseSquare(first?.move ?? ""));
  });

  it("take a move as the only one when it alone keeps the result or wins by the margin", () => {
    expect(
      onlyMove([
        { move: 1, value: 2 },
        { move: 2, value: 0 },
        { move: 3, value: -4 },
      ]),
    ).toBe(1);
    expect(
      onlyMove([
        { move: 1, value: 0 },
        { move: 2, value: -2 },
      ]),
    ).toBe(1);
    expect(
      onlyMove([
        { move: 1, value: 12 },
        { move: 2, value: 12 - MARGIN },
      ]),
    ).toBe(1);
    expect(
      onlyMove([
        { move: 1, value: 12 },
        { move: 2, value: 14 - MARGIN },
      ]),
    ).toBeNull();
    expect(
      onlyMove([
        { move: 1, value: -10 },
        { move: 2, value: -12 },
      ]),
    ).toBeNull();
    expect(onlyMove([{ move: 1, value: 10 }])).toBeNull();
  });

  it("look only at 12 to 18 empties with a move to make", () => {
    expect(othelloPuzzles.candidate(state(Othello.STANDARD_START))).toBe(false);
    expect(
      othelloPuzzles.candidate(state("--X-OXOO--OOOXOO--OOOXOO--OOOXOX-OOOOXOX--OOOOOX--OOOOOX---O-XOX X")),
    ).toBe(true);
  });

  it("measure regions of empty squares through all eight neighbours", () => {
    // g1 alone, a2-b2, a7-b7-a8 and g7-h7-h8; a1 is taken.
    const sizes = regionSizes(state("XXXXXX-X--OOOXXXXOOXOXOXXOXXXOOXXXXXOOOOXXXXXXOX--OOOO---OOOOOO- O"));
    expect([sizes[6], sizes[8], sizes[9], sizes[48], sizes[56], sizes[63], sizes[0]]).toEqual([
      1, 2, 2, 3, 3, 3, 0,
    ]);
  });
});
