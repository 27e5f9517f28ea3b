import { describe, expect, it } from "vitest";
import { Random } from "../../../core/rng.js";
import { applyMove, discCounts, legalMoves, parsePosition } from "../rules.js";
import { PASS } from "../squares.js";
import { endgame, midgame, start, steppingClock } from "../test-support/level-8.js";
import { trainedPlay, trainedSolverEmptiesFor } from "./trained-player.js";

describe("trainedPlay (level 8)", () => {
  it("trusts the solver with more empties when there is more time", () => {
    expect(trainedSolverEmptiesFor(5)).toBeLessThan(trainedSolverEmptiesFor(200));
    expect(trainedSolverEmptiesFor(200)).toBeLessThan(trainedSolverEmptiesFor(60_000));
  });

  it("keeps 25 ms for each of its later moves when its clock runs low", () => {
    for (const [seed, empties] of [
      [5, 20],
      [6, 16],
      [7, 14],
    ] as const) {
      const random = new Random(seed);
      let state = start();
      while (discCounts(state).empty > empties && legalMoves(state).length > 0) {
        const legal = legalMoves(state);
        state = applyMove(state, legal[random.int(legal.length)] ?? PASS);
      }
      if (legalMoves(state)[0] === PASS) state = applyMove(state, PASS);
      const left = discCounts(state).empty;
      const floor = 25 * (Math.ceil(left / 2) - 1);
      // Each clock reading costs 1 ms, so a search runs until its deadline; the margin is ten readings:
      // this test's two, and those of an aborted solve and the one-ply search that follows it.
      const now = steppingClock(1);
      const remainingMs = floor + 60;
      const before = now();
      trainedPlay(state, { remainingMs, incrementMs: 0, now, midgame, endgame });
      expect(remainingMs - (now() - before)).toBeGreaterThanOrEqual(floor - 10);
    }
  });

  it("switches to the exact solver near the end and plays a best move", () => {
    const random = new Random(11);
    let state = start();
    while (discCounts(state).empty > 12) {
      const legal = legalMoves(state);
      if (legal.length === 0) break;
      state = applyMove(state, legal[random.int(legal.length)] ?? PASS);
    }
    if (legalMoves(state)[0] === PASS) state = applyMove(state, PASS);
    const result = trainedPlay(state, {
      remainingMs: 60_000,
      incrementMs: 0,
      now: steppingClock(0.01),
      midgame,
      endgame,
    });
    expect(result.solved).toBe(true);
    expect(result.value).toBe(endgame.solve(state).score);
    expect(-endgame.solve(applyMove(state, result.move)).score).toBe(result.value);
  });

  it("passes when it must and reports a finished game", () => {
    const pass = parsePosition(`${"X".repeat(61)}O-- O`);
    if (!pass.ok) throw new Error(pass.error.message);
    expect(trainedPlay(pass.value, { remainingMs: 1000, incrementMs: 0, now: () => 0 }).move).toBe(PASS);
    const over = parsePosition(`${"X".repeat(63)}- O`);
    if (!over.ok) throw new Error(over.error.message);
    expect(trainedPlay(over.value, { remainingMs: 1000, incrementMs: 0, now: () => 0 }).move).toBe(-1);
  });
});
