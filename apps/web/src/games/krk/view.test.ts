import * as Krk from "@arena/engine/games/krk/index";
import { describe, expect, it } from "vitest";
import { wordsIn } from "../../test-support/words";
import {
  type KrkCell,
  type KrkView,
  endingOf,
  fiftyMoveCount,
  krkView,
  moveBetween,
  movesFrom,
} from "./view";

/** The state a FEN describes, then after the moves given in any notation the engine reads. */
function game(fen: string, ...moves: string[]): Krk.KrkState {
  const options = Krk.krk.parseOptions({ fen });
  if (!options.ok) throw new Error(options.error.message);
  let state = Krk.krk.initial(options.value, 0);
  for (const text of moves) {
    const move = Krk.krk.parseMove(state, text);
    if (!move.ok) throw new Error(move.error.message);
    state = Krk.krk.apply(state, move.value);
  }
  return state;
}

function cell(view: KrkView, name: string): KrkCell {
  const found = view.rows.flat().find((c) => c.name === name);
  if (found === undefined) throw new Error(`no square ${name}`);
  return found;
}

const names = (cells: readonly KrkCell[]) => cells.map((c) => c.name).sort();

const START = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1";

describe("krkView", () => {
  it("puts the pieces where the FEN does and names each square with its piece", () => {
    const view = krkView(game(START), null, false);
    expect(cell(view, "e1")).toMatchObject({ piece: "white king", label: "e1: white king" });
    expect(cell(view, "a1")).toMatchObject({ piece: "white rook", label: "a1: white rook" });
    expect(cell(view, "e5")).toMatchObject({ piece: "black king", label: "e5: black king" });
    expect(cell(view, "d4")).toMatchObject({ piece: null, label: "d4" });
    expect(view.rows.flat().filter((c) => c.piece !== null)).toHaveLength(3);
    expect(view.turn).toBe("white");
  });

  it("colours a1 and h8 dark, h1 and a8 light", () => {
    const view = krkView(game(START), null, false);
    expect([
      cell(view, "a1").dark,
      cell(view, "h8").dark,
      cell(view, "h1").dark,
      cell(view, "a8").dark,
    ]).toEqual([true, true, false, false]);
  });

  it("shows White's side at the bottom, or Black's when flipped", () => {
    const white = krkView(game(START), null, false);
    expect(white.rows[0]?.[0]?.name).toBe("a8");
    expect(white.rows[7]?.[7]?.name).toBe("h1");
    expect(white.files.join("")).toBe("abcdefgh");
    expect(white.ranks.join("")).toBe("87654321");
    const black = krkView(game(START), null, true);
    expect(black.rows[0]?.[0]?.name).toBe("h1");
    expect(black.rows[7]?.[7]?.name).toBe("a8");
    expect(black.files.join("")).toBe("hgfedcba");
    expect(black.ranks.join("")).toBe("12345678");
    expect(black.flipped).toBe(true);
  });

  it("marks as movable exactly the pieces of the side to move", () => {
    const state = game(START);
    expect(
      names(
        krkView(state, null, false)
          .rows.flat()
          .filter((c) => c.movable),
      ),
    ).toEqual(["a1", "e1"]);
    const after = game(START, "Kd2");
    expect(
      names(
        krkView(after, null, false)
          .rows.flat()
          .filter((c) => c.movable),
      ),
    ).toEqual(["e5"]);
  });

  it("shows the engine's legal moves of the selected piece as its targets, and nothing else", () => {
    const state = game(START);
    for (const from of ["a1", "e1"]) {
      const square = Krk.parseSquare(from);
      const view = krkView(state, square, false);
      const expected = state.moves
        .filter((m) => Krk.moveFrom(m) === square)
        .map((m) => Krk.squareName(Krk.moveTo(m)))
        .sort();
      expect(names(view.rows.flat().filter((c) => c.target))).toEqual(expected);
      expect(names(view.rows.flat().filter((c) => c.selected))).toEqual([from]);
    }
    // The king may not step next to the black king: d2, e2, f2, d1, f1 only.
    const king = krkView(state, Krk.parseSquare("e1"), false);
    expect(names(king.rows.flat().filter((c) => c.target))).toEqual(["d1", "d2", "e2", "f1", "f2"]);
  });

  it("selects nothing on a square without a movable piece", () => {
    const state = game(START);
    for (const square of ["e5", "d4"]) {
      const view = krkView(state, Krk.parseSquare(square), false);
      expect(view.rows.flat().some((c) => c.selected || c.target)).toBe(false);
    }
  });

  it("marks the rook as a target when the black king may take it", () => {
    const state = game("8/8/8/8/8/2k5/1R6/7K b - - 0 1");
    const view = krkView(state, Krk.parseSquare("c3"), false);
    expect(cell(view, "b2")).toMatchObject({ target: true, piece: "white rook" });
    expect(moveBetween(state, Krk.parseSquare("c3"), Krk.parseSquare("b2"))).not.toBeNull();
  });

  it("marks the last move's squares and a king in check", () => {
    const view = krkView(game(START, "Ra5+"), null, false);
    expect(names(view.rows.flat().filter((c) => c.last))).toEqual(["a1", "a5"]);
    expect(names(view.rows.flat().filter((c) => c.check))).toEqual(["e5"]);
    expect(view.rows.flat().filter((c) => c.check)[0]?.piece).toBe("black king");
    const quiet = krkView(game(START, "Kd2"), null, false);
    expect(quiet.rows.flat().some((c) => c.check)).toBe(false);
    expect(
      krkView(game(START), null, false)
        .rows.flat()
        .some((c) => c.last),
    ).toBe(false);
  });

  it("marks the mated king, and nothing is movable once the game is over", () => {
    const mated = game("k7/8/1K6/8/8/8/8/7R w - - 0 1", "Rh8#");
    const view = krkView(mated, null, false);
    expect(mated.status).toBe("checkmate");
    expect(cell(view, "a8").check).toBe(true);
    expect(view.rows.flat().some((c) => c.movable)).toBe(false);
    expect(view.turn).toBeNull();
  });
});

describe("moves of the board", () => {
  it("finds only moves the engine lists", () => {
    const state = game(START);
    const e1 = Krk.parseSquare("e1");
    expect(movesFrom(state, e1)).toHaveLength(5);
    expect(moveBetween(state, e1, Krk.parseSquare("e2"))).toBe(Krk.encodeMove(e1, Krk.parseSquare("e2")));
    expect(moveBetween(state, e1, Krk.parseSquare("e3"))).toBeNull();
    expect(moveBetween(state, e1, Krk.parseSquare("f1"))).not.toBeNull();
    // Through its own king: the rook stops at d1.
    expect(moveBetween(state, Krk.parseSquare("a1"), Krk.parseSquare("f1"))).toBeNull();
    // A black piece, when it is White's move.
    expect(moveBetween(state, Krk.parseSquare("e5"), Krk.parseSquare("e4"))).toBeNull();
  });
});

describe("endingOf", () => {
  const words = wordsIn("en", "games.krk");
  it("reads every ending from the engine's status", () => {
    const cases: [Krk.KrkState, Krk.KrkStatus, string][] = [
      [game("k7/8/1K6/8/8/8/8/7R w - - 0 1", "Rh8#"), "checkmate", "by checkmate"],
      [game("7k/6R1/8/4K3/8/8/8/8 w - - 0 1", "Kf6"), "stalemate", "by stalemate"],
      [
        game("8/8/8/8/8/2k5/1R6/7K b - - 0 1", "Kxb2"),
        "rook-captured",
        "by the capture of the rook (insufficient material)",
      ],
      [game("8/8/8/4k3/8/8/8/R3K3 w - - 99 60", "Kd1"), "fifty-moves", "by the 50-move rule"],
      [
        game(START, "Kd1", "Kd5", "Ke1", "Ke5", "Kd1", "Kd5", "Ke1", "Ke5"),
        "repetition",
        "by threefold repetition",
      ],
    ];
    for (const [state, status, text] of cases) {
      expect(state.status).toBe(status);
      expect(words(`result.${endingOf(state)}`)).toBe(text);
    }
  });

  it("counts Black's moves toward the 50-move rule from the halfmove clock", () => {
    expect(fiftyMoveCount(game(START))).toBe(0);
    expect(fiftyMoveCount(game(START, "Kd1", "Kd5", "Ke1"))).toBe(1);
    expect(fiftyMoveCount(game("8/8/8/4k3/8/8/8/R3K3 w - - 40 30", "Kd1", "Kd5"))).toBe(21);
  });
});
