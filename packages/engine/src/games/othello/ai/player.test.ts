import { describe, expect, it } from "vitest";
import { Random } from "../../../core/rng.js";
import {
  type OthelloState,
  STANDARD_START,
  applyMove,
  discCounts,
  legalMoves,
  parsePosition,
} from "../rules.js";
import { PASS } from "../squares.js";
import { iagoPlay, solverEmptiesFor } from "./player.js";
import { EndgameSolver } from "./solver.js";

const solver = new EndgameSolver();
const solveExact = solver.solve.bind(solver);

function start(): OthelloState {
  const parsed = parsePosition(STANDARD_START);
  if (!parsed.ok) throw new Error("start");
  return parsed.value;
}

/** A fake clock that advances `step` ms every time it is read. */
function steppingClock(step: number): { now: () => number; reads: () => number } {
  let t = 0;
  let reads = 0;
  return {
    now: () => {
      reads++;
      t += step;
      return t;
    },
    reads: () => reads,
  };
}

describe("solverEmptiesFor", () => {
  it("trusts the solver with more empties when there is more time", () => {
    expect(solverEmptiesFor(50)).toBeLessThan(solverEmptiesFor(1_000));
    expect(solverEmptiesFor(1_000)).toBeLessThan(solverEmptiesFor(60_000));
  });
});

describe("iagoPlay", () => {
  it("deepens further with more time on the fake clock", () => {
    const quick = iagoPlay(start(), { remainingMs: 200, incrementMs: 0, now: steppingClock(1).now });
    const slow = iagoPlay(start(), {
      remainingMs: 3_000_000,
      incrementMs: 0,
      now: steppingClock(0.001).now,
      maxDepth: 6,
    });
    expect(legalMoves(start())).toContain(quick.move);
    expect(slow.depth).toBe(6);
    expect(slow.depth).toBeGreaterThan(quick.depth);
  });

  it("never plays past its hard limit: a whole game on a 2 s clock where each clock read costs 1 ms", () => {
    const random = new Random(3);
    let state = start();
    const remaining = [2_000, 2_000];
    while (legalMoves(state).length > 0) {
      const legal = legalMoves(state);
      let move: number;
      if (state.turn === 0) {
        const clock = steppingClock(1);
        const before = clock.now();
        const result = iagoPlay(state, { remainingMs: remaining[0] ?? 0, incrementMs: 0, now: clock.now });
        const spent = clock.now() - before;
        remaining[0] = (remaining[0] ?? 0) - spent;
        expect(remaining[0]).toBeGreaterThan(0);
        move = result.move;
      } else {
        move = legal[random.int(legal.length)] ?? PASS;
      }
      expect(legal).toContain(move);
      state = applyMove(state, move);
    }
    expect(discCounts(state).empty).toBeLessThan(64);
  });

  it("switches to the exact solver near the end and plays a best move", () => {
    const random = new Random(11);
    let state = start();
    while (discCounts(state).empty > 12) {
      const legal = legalMoves(state);
      state = applyMove(state, legal[random.int(legal.length)] ?? PASS);
    }
    if (legalMoves(state)[0] === PASS) state = applyMove(state, PASS);
    const clock = steppingClock(0.01);
    const result = iagoPlay(state, { remainingMs: 60_000, incrementMs: 0, now: clock.now });
    expect(result.solved).toBe(true);
    expect(result.value).toBe(solveExact(state).score);
    expect(-solveExact(applyMove(state, result.move)).score).toBe(result.value);
  });

  it("passes when forced and reports a finished game", () => {
    const pass = parsePosition("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-- O");
    if (!pass.ok) throw new Error("pass");
    expect(iagoPlay(pass.value, { remainingMs: 1000, incrementMs: 0, now: () => 0 }).move).toBe(PASS);
  });
});
