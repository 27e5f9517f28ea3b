import { describe, expect, it } from "vitest";
import { Random } from "../core/rng.js";
import { withTieBreakNoise } from "./noise.js";
import { nextUp } from "./numeric.js";
import { DEFAULT_WIN_SCORE, outcomeValue } from "./scoring.js";

const finished = (winners: number[], seats: number) =>
  ({ kind: "finished", scores: new Array<number>(seats).fill(0), winners }) as const;

describe("outcomeValue", () => {
  const W = DEFAULT_WIN_SCORE;

  it("prefers fast wins and slow losses, and scores a draw 0", () => {
    expect(outcomeValue(finished([0], 2), 0, 3, W)).toBe(W - 3);
    expect(outcomeValue(finished([1], 2), 0, 3, W)).toBe(-(W - 3));
    expect(outcomeValue(finished([0, 1], 2), 0, 3, W)).toBe(0);
    expect(outcomeValue(finished([], 2), 1, 3, W)).toBe(0);
  });

  it("splits a win shared by some of the seats", () => {
    expect(outcomeValue(finished([0, 2], 3), 2, 5, W)).toBe(W / 2);
    expect(outcomeValue(finished([0, 2], 3), 1, 5, W)).toBe(-(W - 5));
    expect(outcomeValue(finished([0, 1, 2], 3), 1, 5, W)).toBe(0);
  });
});

describe("nextUp", () => {
  it("gives the next double above", () => {
    for (const x of [0, -0, 1, -1, 0.1, -0.1, 1e6 - 3, -1e300, 5e-324, -5e-324, 2 ** 52, 2 ** 1000]) {
      const up = nextUp(x);
      expect(up).toBeGreaterThan(x);
      expect((x + up) / 2 === x || (x + up) / 2 === up).toBe(true);
    }
    expect(nextUp(1)).toBe(1 + Number.EPSILON);
    expect(nextUp(-1)).toBe(-1 + Number.EPSILON / 2);
    expect(nextUp(-Infinity)).toBe(-Number.MAX_VALUE);
    expect(nextUp(Infinity)).toBe(Infinity);
    expect(nextUp(Number.MAX_VALUE)).toBe(Infinity);
    expect(nextUp(-Number.MIN_VALUE) === 0).toBe(true);
  });
});

describe("withTieBreakNoise", () => {
  const game = { hash: (state: number) => state * 7919 };
  const evaluate = (state: number): number => state;

  it("adds a per-position amount in [0, amount) that is stable within a search", () => {
    const noisy = withTieBreakNoise(game, evaluate, 0.5, () => 0.25);
    const values = Array.from({ length: 200 }, (_, s) => noisy(s, 0) - s);
    for (const v of values) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(0.5);
    }
    expect(new Set(values).size).toBeGreaterThan(190);
    expect(noisy(17, 0)).toBe(noisy(17, 1));
  });

  it("changes with the random source and is off at 0", () => {
    const a = withTieBreakNoise(game, evaluate, 1, () => new Random(1).float());
    const b = withTieBreakNoise(game, evaluate, 1, () => new Random(2).float());
    expect(a(3, 0)).not.toBe(b(3, 0));
    expect(withTieBreakNoise(game, evaluate, 0)).toBe(evaluate);
    expect(withTieBreakNoise({ hash: () => 2 ** 53 - 1 }, evaluate, 1)(0, 0)).toBeLessThan(1);
    expect(() => withTieBreakNoise(game, evaluate, -1)).toThrow(RangeError);
  });
});
