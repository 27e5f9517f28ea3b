import { describe, expect, it } from "vitest";
import { connectK } from "../index.js";
import { parseOptions } from "../options.js";
import { blogMoveOrder, rateMoves, trilobiteMove } from "./small.js";

function tiny() {
  const parsed = parseOptions({ preset: "tiny" });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return connectK.initial(parsed.value, 0);
}

describe("Trilobite 3×3 toy (the blog's rules-engine article, docs/connect-k.md §6)", () => {
  it("rates every first move a draw, on cells 6, 7, 8", () => {
    expect(rateMoves(tiny())).toEqual([
      { move: 0, cell: 6, rating: 0 },
      { move: 1, cell: 7, rating: 0 },
      { move: 2, cell: 8, rating: 0 },
    ]);
  });

  it("plays the first maximum, the bottom-left cell", () => {
    expect(trilobiteMove(tiny())).toBe(0);
  });

  it("rates the human's replies 3, 7, 8 as (1, 1, 0) from the AI's side", () => {
    const afterAi = connectK.apply(tiny(), 0);
    expect(blogMoveOrder(afterAi)).toEqual([0, 1, 2]);
    expect(rateMoves(afterAi, 0)).toEqual([
      { move: 0, cell: 3, rating: 1 },
      { move: 1, cell: 7, rating: 1 },
      { move: 2, cell: 8, rating: 0 },
    ]);
  });

  it("orders higher landing cells first", () => {
    // Column 1 filled twice: its next cell (1) is above the bottom row's 6 and 8.
    const state = connectK.apply(connectK.apply(tiny(), 1), 1);
    expect(blogMoveOrder(state)).toEqual([1, 0, 2]);
  });

  it("refuses boards too large for a full tree", () => {
    const parsed = parseOptions({ preset: "connect-four" });
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(() => rateMoves(connectK.initial(parsed.value, 0))).toThrow(RangeError);
  });
});
