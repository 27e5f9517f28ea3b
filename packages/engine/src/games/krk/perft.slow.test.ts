import { describe, expect, it } from "vitest";
import { perft } from "../../debug.js";
import { krk } from "./index.js";
import { TABLE, naiveFrom, stateFrom } from "./test-support/perft-table.js";
import { naivePerft } from "./test-support/naive.js";

// Depths 1–4 run in the quick loop (perft.test.ts).
describe("krk perft at depth 5", () => {
  for (const { name, fen, moves = [], leaves } of TABLE.filter((row) => row.leaves.length >= 5)) {
    const expected = leaves[4] ?? 0;
    it(`${name}: ${expected}`, () => {
      const state = stateFrom(fen, moves);
      expect(perft(krk, state, 5)).toBe(expected);
      expect(naivePerft(naiveFrom(fen, moves, state), 5)).toBe(expected);
    });
  }
});
