import { describe, expect, it } from "vitest";
import { Random } from "../../core/rng.js";
import { dealtDice, dealtHexes, hexCounts } from "./board.js";
import { diceOfDoom } from "./index.js";
import { parseOptions } from "./options.js";

/** Dice per seat on a board. */
function diceTotals(owner: readonly number[], dice: readonly number[], players: number): number[] {
  const totals = new Array<number>(players).fill(0);
  owner.forEach((seat, pos) => (totals[seat] = (totals[seat] ?? 0) + (dice[pos] ?? 0)));
  return totals;
}

describe("the deal is fair (docs/dice-of-doom.md §2)", () => {
  it("gives every seat the same hexes (the last seats one more) and the same dice, over many seeds", () => {
    const random = new Random(27);
    for (let game = 0; game < 2_000; game++) {
      const players = 2 + random.int(3);
      const size = 3 + random.int(6);
      const maxDice = 2 + random.int(7);
      const rules = random.int(2) === 0 ? "classic" : "chance";
      const options = parseOptions({ players, size, maxDice, rules });
      if (!options.ok) throw new Error(options.error.message);
      const state = diceOfDoom.initial(options.value, random.nextUint32());
      const hexes = hexCounts(state, players);
      expect(hexes).toEqual(dealtHexes(size * size, players));
      expect(Math.max(...hexes) - Math.min(...hexes)).toBeLessThanOrEqual(1);
      const totals = diceTotals(state.owner, state.dice, players);
      expect(new Set(totals).size).toBe(1);
      expect(totals[0]).toBe(dealtDice(size * size, players, maxDice));
      expect(state.dice.every((d) => d >= 1 && d <= maxDice)).toBe(true);
    }
  });

  it("deals the 5×5 4-player board 6/6/6/7 hexes and 12 dice each (18 in chance rules), never 8/4/2/2", () => {
    expect(dealtHexes(25, 4)).toEqual([6, 6, 6, 7]);
    expect(dealtDice(25, 4, 3)).toBe(12);
    expect(dealtDice(25, 4, 5)).toBe(18);
    expect(dealtHexes(25, 2)).toEqual([12, 13]);
    expect(dealtDice(25, 2, 3)).toBe(24);
  });
});
