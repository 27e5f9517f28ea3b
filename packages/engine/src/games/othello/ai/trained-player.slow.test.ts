import { describe, expect, it } from "vitest";
import { Random } from "../../../core/rng.js";
import { applyMove, discCounts, legalMoves } from "../rules.js";
import { PASS } from "../squares.js";
import { endgame, midgame, start, steppingClock } from "../test-support/level-8.js";
import { trainedPlay } from "./trained-player.js";

describe("trainedPlay (level 8)", () => {
  it("never plays past its hard limit: a whole game on a 2 s clock where each reading costs 1 ms", () => {
    const now = steppingClock(1);
    const remaining = [2000, 2000];
    let state = start();
    const random = new Random(3);
    for (let i = 0; i < 6; i++)
      state = applyMove(state, legalMoves(state)[random.int(legalMoves(state).length)] ?? PASS);
    while (legalMoves(state).length > 0) {
      const seat = state.turn;
      const before = now();
      const result = trainedPlay(state, {
        remainingMs: remaining[seat] ?? 0,
        incrementMs: 0,
        now,
        midgame,
        endgame,
      });
      remaining[seat] = (remaining[seat] ?? 0) - (now() - before);
      expect(remaining[seat]).toBeGreaterThan(0);
      expect(legalMoves(state)).toContain(result.move);
      state = applyMove(state, result.move);
    }
    expect(discCounts(state).black + discCounts(state).white).toBeGreaterThan(0);
  });
});
