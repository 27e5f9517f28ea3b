import { describe, expect, it } from "vitest";
import { moveRows, replayTarget } from "./move-rows";

describe("moveRows", () => {
  it("numbers pairs of plies", () => {
    expect(moveRows(5, 2)).toEqual([
      { number: 1, plies: [1, 2] },
      { number: 2, plies: [3, 4] },
      { number: 3, plies: [5] },
    ]);
  });
  it("puts one ply per row for games of several steps a turn", () => {
    expect(moveRows(3, 1).map((r) => r.plies)).toEqual([[1], [2], [3]]);
    expect(moveRows(0, 2)).toEqual([]);
  });
});

describe("replayTarget", () => {
  it("goes live at or past the last move and never before the start", () => {
    expect(replayTarget(7, 7)).toBeNull();
    expect(replayTarget(9, 7)).toBeNull();
    expect(replayTarget(3, 7)).toBe(3);
    expect(replayTarget(-1, 7)).toBe(0);
  });
});
