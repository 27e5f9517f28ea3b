import * as DiceOfDoom from "@arena/engine/games/dice-of-doom/index";
import * as Othello from "@arena/engine/games/othello/index";
import { describe, expect, it } from "vitest";
import { cancelPremove, cursorStep, startOfCursor, stepCursor } from "./board-cursor";
import { hexRows } from "./dice-of-doom/view";
import { othelloView } from "./othello/view";

const NO_MODIFIERS = { ctrlKey: false, altKey: false, metaKey: false };

/** The squares of an Othello board as drawn, h8 at the top left when flipped (as OthelloBoard turns it). */
function othelloRows(flipped: boolean): number[][] {
  const rows = othelloView(Othello.othello.initial({}, 0), null).rows.map((row) => row.map((c) => c.square));
  return flipped ? rows.reverse().map((row) => row.reverse()) : rows;
}

const name = (square: number) => Othello.squareName(square);
const walk = (rows: number[][], from: string, ...steps: Parameters<typeof stepCursor>[2][]) =>
  name(steps.reduce((at, step) => stepCursor(rows, at, step), Othello.parseSquare(from)));

describe("the board keys", () => {
  it("are the arrows, Home and End, and none of them with a modifier held", () => {
    expect(cursorStep("ArrowUp", NO_MODIFIERS)).toBe("up");
    expect(cursorStep("End", NO_MODIFIERS)).toBe("rowEnd");
    expect(cursorStep("Enter", NO_MODIFIERS)).toBeNull();
    expect(cursorStep("ArrowLeft", { ...NO_MODIFIERS, altKey: true })).toBeNull();
  });
});

describe("the cursor over a square board", () => {
  it("moves one square per arrow as the board is drawn and stops at the edges", () => {
    const rows = othelloRows(false);
    expect(walk(rows, "d3", "right")).toBe("e3");
    expect(walk(rows, "d3", "down")).toBe("d4");
    expect(walk(rows, "a1", "left", "up")).toBe("a1");
    expect(walk(rows, "h8", "right", "down")).toBe("h8");
    expect(walk(rows, "c5", "rowStart")).toBe("a5");
    expect(walk(rows, "c5", "rowEnd")).toBe("h5");
  });

  it("follows the drawing of a flipped board: right goes towards a, down towards rank 1", () => {
    const rows = othelloRows(true);
    expect(walk(rows, "d3", "right")).toBe("c3");
    expect(walk(rows, "d3", "down")).toBe("d2");
    expect(walk(rows, "d3", "rowStart")).toBe("h3");
  });

  it("starts at the first place when the one it stood on is gone", () => {
    expect(stepCursor([[4, 5, 6]], 9, "right")).toBe(4);
    expect(startOfCursor([undefined, null, 19], 27)).toBe(19);
    expect(startOfCursor([undefined], 27)).toBe(27);
  });
});

describe("the cursor over a row of columns (Connect-k)", () => {
  it("walks left and right, and up and down leave it where it is", () => {
    const columns = [[0, 1, 2, 3, 4, 5, 6]];
    expect(stepCursor(columns, 3, "right")).toBe(4);
    expect(stepCursor(columns, 3, "up")).toBe(3);
    expect(stepCursor(columns, 6, "right")).toBe(6);
    const flipped = [[6, 5, 4, 3, 2, 1, 0]];
    expect(stepCursor(flipped, 3, "right")).toBe(2);
  });
});

describe("the cursor over the hexes (Dice of Doom)", () => {
  for (const flipped of [false, true]) {
    it(`steps only between neighbouring hexes${flipped ? " on a flipped board" : ""}`, () => {
      const size = 5;
      const rows = hexRows(size, flipped);
      for (let pos = 0; pos < size * size; pos++) {
        for (const step of ["up", "down", "left", "right"] as const) {
          const next = stepCursor(rows, pos, step);
          if (next !== pos) expect(DiceOfDoom.neighbors(pos, size)).toContain(next);
        }
      }
    });
  }

  it("goes back where it came from: up then down, right then left", () => {
    const rows = hexRows(4, false);
    const b2 = 1 + 4 * 1;
    expect(stepCursor(rows, stepCursor(rows, b2, "up"), "down")).toBe(b2);
    expect(stepCursor(rows, stepCursor(rows, b2, "right"), "left")).toBe(b2);
  });

  it("walks a flipped board as drawn: the top row is the last one, right to left", () => {
    expect(hexRows(3, true)).toEqual([
      [8, 7, 6],
      [5, 4, 3],
      [2, 1, 0],
    ]);
  });
});

describe("Escape on a board with a premove", () => {
  it("cancels the queued premove, and does nothing when none is queued", () => {
    const clicked: number[] = [];
    const onClick = (move: number) => void clicked.push(move);
    cancelPremove({ queued: 19, onClick })?.();
    expect(clicked).toEqual([19]);
    expect(cancelPremove({ queued: null, onClick })).toBeUndefined();
    expect(cancelPremove(undefined)).toBeUndefined();
  });
});
