import { describe, expect, it } from "vitest";
import { diceOfDoom } from "../games/dice-of-doom/index.js";
import { othello } from "../games/othello/index.js";
import { applyRolling, checkRolls, diceOf, rollDice } from "./chance.js";
import { Random } from "./rng.js";

describe("rolls", () => {
  it("are checked against the dice a move rolls: count and faces", () => {
    expect(checkRolls([6, 6], [1, 6])).toBeNull();
    expect(checkRolls([], undefined)).toBeNull();
    expect(checkRolls([], [])).toBeNull();
    for (const rolls of [undefined, [1], [1, 2, 3], [0, 1], [7, 1], [1.5, 1], [Number.NaN, 1]]) {
      expect(checkRolls([6, 6], rolls)?.code).toBe("malformed-move");
    }
    expect(checkRolls([], [3])?.code).toBe("malformed-move");
  });

  it("are drawn uniformly from 1 to the faces of each die", () => {
    const random = new Random(3);
    const counts = new Array<number>(7).fill(0);
    for (let i = 0; i < 6000; i++) {
      const [roll] = rollDice([6], random);
      counts[roll ?? 0] = (counts[roll ?? 0] ?? 0) + 1;
    }
    expect(counts[0]).toBe(0);
    for (let face = 1; face <= 6; face++) expect(Math.abs((counts[face] ?? 0) - 1000)).toBeLessThan(120);
  });

  it("are none for games and moves without chance", () => {
    const start = othello.initial({}, 0);
    const move = othello.legalMoves(start)[0] ?? 0;
    expect(diceOf(othello, start, move)).toEqual([]);
    const played = applyRolling(othello, start, move, new Random(1));
    expect(played.rolls).toEqual([]);
    expect(played.state).toEqual(othello.apply(start, move));
    // Dice handed to a game without chance are refused, never ignored.
    expect(othello.play(start, move, undefined, [3]).ok).toBe(false);
  });

  it("roll a chance move's dice and apply it with them", () => {
    const options = diceOfDoom.parseOptions({ rules: "chance", players: 2, size: 3 });
    if (!options.ok) throw new Error(options.error.message);
    const state = diceOfDoom.initial(options.value, 5);
    const attack = diceOfDoom.legalMoves(state)[0] ?? -1;
    const played = applyRolling(diceOfDoom, state, attack, new Random(9));
    expect(played.rolls).toHaveLength(diceOfDoom.diceFor(state, attack).length);
    expect(played.rolls.length).toBeGreaterThan(0);
    expect(played.state).toEqual(diceOfDoom.apply(state, attack, played.rolls));
  });
});
