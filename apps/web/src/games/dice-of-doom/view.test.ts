import { describe, expect, it } from "vitest";
import * as DiceOfDoom from "@arena/engine/games/dice-of-doom/index";
import { attacksBySource, diceView, hexCenter } from "./view";

function start() {
  const options = DiceOfDoom.diceOfDoom.parseOptions({ players: 3, size: 4 });
  if (!options.ok) throw new Error(options.error.message);
  return DiceOfDoom.diceOfDoom.initial(options.value, 7);
}

describe("hexCenter", () => {
  it("shifts each lower row half a hex to the left", () => {
    const a = hexCenter(0, 0, 3);
    const b = hexCenter(0, 1, 3);
    expect(b.cx).toBeLessThan(a.cx);
    expect(b.cy).toBeGreaterThan(a.cy);
    expect(hexCenter(1, 1, 3).cx - b.cx).toBeCloseTo(hexCenter(1, 0, 3).cx - a.cx);
  });
});

describe("diceView", () => {
  it("has one hex per cell with the engine's owners and dice", () => {
    const state = start();
    const view = diceView(state, null);
    expect(view.hexes).toHaveLength(16);
    for (const hex of view.hexes) {
      expect(hex.owner).toBe(state.owner[hex.pos]);
      expect(hex.dice).toBe(state.dice[hex.pos]);
    }
    expect(view.player).toBe(0);
  });

  it("marks sources from the engine's moves and targets of the selected source", () => {
    const state = start();
    const attacks = attacksBySource(state);
    const [source, targets] = [...attacks.entries()][0] ?? [null, []];
    if (source === null) return; // a start with no attack for seat 0 has nothing to mark
    const view = diceView(state, source);
    expect(view.hexes.filter((h) => h.source).map((h) => h.pos)).toEqual(
      [...attacks.keys()].sort((a, b) => a - b),
    );
    expect(
      view.hexes
        .filter((h) => h.target)
        .map((h) => h.pos)
        .sort(),
    ).toEqual([...targets].sort());
    for (const hex of view.hexes.filter((h) => h.source)) expect(hex.owner).toBe(0);
  });
});
