import { describe, expect, it } from "vitest";
import { diceOfDoom } from "../index.js";
import { options } from "../test-support/boards.js";
import { analyzeDiceOfDoom } from "./analysis.js";

describe("Dice of Doom's position analysis", () => {
  it("analyses a chance game, whose attacks need dice, with its own seeded dice", () => {
    const state = diceOfDoom.initial(options({ players: 2, size: 3, rules: "chance" }), 5);
    let clock = 0;
    const analyze = (seed: number) =>
      analyzeDiceOfDoom(state, { now: () => (clock += 1), budgetMs: 40, seed });
    const analysis = analyze(1);
    expect(analysis.unit).toBe("win-chance");
    expect(diceOfDoom.legalMoves(state)).toContain(analysis.bestMove);
    expect(analysis.values.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1 + 1e-9);
    expect(analysis.value).toBe(analysis.values[analysis.seat]);
    // The playouts' dice come from the seed alone: the same seed, the same estimate.
    expect(analyze(1).values).toEqual(analysis.values);
  });
});
