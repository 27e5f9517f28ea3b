import { describe, expect, it } from "vitest";
import { perft } from "../../debug.js";
import { krk } from "./index.js";
import { TABLE, naiveFrom, stateFrom } from "./test-support/perft-table.js";
import { naivePerft } from "./test-support/naive.js";

// Depth 5, the exhaustive part, runs in perft.slow.test.ts.
describe("krk perft", () => {
  for (const { name, fen, moves = [], leaves } of TABLE) {
    it(`${name}: ${leaves.slice(0, 4).join(", ")}`, () => {
      const state = stateFrom(fen, moves);
      leaves.slice(0, 4).forEach((expected, index) => {
        const depth = index + 1;
        expect(perft(krk, state, depth)).toBe(expected);
        expect(naivePerft(naiveFrom(fen, moves, state), depth)).toBe(expected);
      });
    });
  }
});
