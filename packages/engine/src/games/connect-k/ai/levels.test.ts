import { describe, expect, it } from "vitest";
import { Random } from "../../../core/rng.js";
import { type ConnectKState } from "../board.js";
import { connectK, positionFromSequence } from "../index.js";
import { type ConnectKOptions, parseOptions } from "../options.js";
import { evaluateConnectK } from "./heuristic.js";
import { type ChooseOptions, chooseConnectKMove, connectKLevels, moveBudgetMs } from "./levels.js";
import { solve } from "./solver.js";

function opts(input: object): ConnectKOptions {
  const parsed = parseOptions(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

const C4 = opts({ preset: "connect-four" });
const TRILOBITE = opts({ preset: "trilobite" });

function position(options: ConnectKOptions, sequence: string): ConnectKState {
  const parsed = positionFromSequence(options, sequence);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** A fake clock that advances by `step` ms at every reading. */
function fakeClock(step: number): { now: () => number; readings: () => number } {
  let t = 0;
  let count = 0;
  return {
    now: () => {
      count++;
      t += step;
      return t;
    },
    readings: () => count,
  };
}

function choose(seed: number, now: () => number, remainingMs = 4000, incrementMs = 0): ChooseOptions {
  const random = new Random(seed);
  return { remainingMs, incrementMs, now, random: () => random.nextUint32() / 0x1_0000_0000 };
}

describe("connectKLevels", () => {
  it("numbers the levels 1..n with documented strategies", () => {
    expect(connectKLevels.map((l) => l.level)).toEqual([1, 2, 3, 4, 5]);
    expect(connectKLevels[0]?.strategy).toBe("random");
    expect(connectKLevels.at(-1)?.strategy).toBe("solver");
    for (const level of connectKLevels) expect(level.description.length).toBeGreaterThan(10);
  });
});

describe("moveBudgetMs", () => {
  it("shares the clock, adds most of the increment, caps at half the clock and the level's cap", () => {
    expect(moveBudgetMs(60_000, 0, 20, 10_000)).toBe(3000);
    expect(moveBudgetMs(60_000, 1000, 20, 10_000)).toBe(3800);
    expect(moveBudgetMs(100, 0, 1, 10_000)).toBeCloseTo(12.5);
    expect(moveBudgetMs(1000, 5000, 1, 10_000)).toBe(500);
    expect(moveBudgetMs(Infinity, 0, 20, 777)).toBe(777);
    expect(moveBudgetMs(-5, 0, 20, 777)).toBe(0);
  });
});

describe("chooseConnectKMove", () => {
  it("every level takes a win in one", () => {
    const state = position(C4, "445566");
    for (const { level } of connectKLevels) {
      const { move } = chooseConnectKMove(state, level, choose(level, fakeClock(0.25).now));
      expect([2, 6]).toContain(move);
    }
  });

  it("levels 2+ block a win in one", () => {
    // Seat 0 has three discs stacked in column 4; seat 1 to move must cover it.
    const state = position(C4, "41424");
    for (const level of [2, 3, 4, 5]) {
      const { move } = chooseConnectKMove(state, level, choose(level, fakeClock(0.25).now));
      expect(move).toBe(3);
    }
  });

  it("the perfect level plays a move that keeps the exact score", () => {
    const state = position(C4, "2252576253462244111563365343671351441".slice(0, 30));
    const root = solve(state).score;
    const chosen = chooseConnectKMove(state, 5, choose(7, fakeClock(0.25).now));
    expect(chosen.value).toBe(root);
    expect(-solve(connectK.apply(state, chosen.move)).score).toBe(root);
  });

  it("level 1 is random but seeded", () => {
    const state = connectK.initial(C4, 0);
    const a = [1, 2, 3, 4, 5].map(
      (seed) =>
        chooseConnectKMove(
          state,
          1,
          choose(seed, () => 0),
        ).move,
    );
    const b = [1, 2, 3, 4, 5].map(
      (seed) =>
        chooseConnectKMove(
          state,
          1,
          choose(seed, () => 0),
        ).move,
    );
    expect(a).toEqual(b);
    expect(new Set(a).size).toBeGreaterThan(1);
  });

  it("never thinks past the budget derived from the clock", () => {
    for (const [options, sequence] of [
      [C4, ""],
      [C4, "4453"],
      [TRILOBITE, "4455"],
    ] as const) {
      const state = position(options, sequence);
      for (const level of [3, 4, 5]) {
        const clock = fakeClock(0.05);
        const start = clock.now();
        const remainingMs = 400;
        const budget = moveBudgetMs(remainingMs, 0, Math.ceil((42 - state.plies) / 2), 10_000);
        const chosen = chooseConnectKMove(state, level, choose(1, clock.now, remainingMs));
        const used = clock.now() - start;
        expect(connectK.legalMoves(state)).toContain(chosen.move);
        // One clock reading per 256 nodes at most: the overshoot is a few readings.
        expect(used).toBeLessThanOrEqual(budget + 1);
      }
    }
  });

  it("plays a whole Trilobite game between two levels without error", () => {
    let state = connectK.initial(TRILOBITE, 0);
    // One ms per clock reading: each move gets a few hundred readings' worth of nodes.
    const clock = fakeClock(1);
    let turn = 0;
    while (state.status === "ongoing") {
      const level = turn % 2 === 0 ? 4 : 2;
      const { move } = chooseConnectKMove(state, level, choose(turn, clock.now, 1000, 0));
      expect(connectK.legalMoves(state)).toContain(move);
      state = connectK.apply(state, move);
      turn++;
    }
    expect(connectK.outcome(state).kind).toBe("finished");
  });

  it("rejects a finished game", () => {
    expect(() =>
      chooseConnectKMove(
        position(C4, "1212121"),
        3,
        choose(1, () => 0),
      ),
    ).toThrow(RangeError);
  });
});

describe("evaluateConnectK", () => {
  it("is 0 on the empty board and antisymmetric between the seats", () => {
    expect(evaluateConnectK(connectK.initial(C4, 0), 0)).toBe(0);
    for (const sequence of ["4", "44", "4453", "1234567"]) {
      const state = position(TRILOBITE, sequence);
      expect(evaluateConnectK(state, 0)).toBe(-evaluateConnectK(state, 1));
    }
  });

  it("prefers the centre", () => {
    expect(evaluateConnectK(position(C4, "4"), 0)).toBeGreaterThan(evaluateConnectK(position(C4, "1"), 0));
  });
});
