import { describe, expect, it } from "vitest";
import { timeBudget } from "./timed-move.js";

describe("timeBudget", () => {
  it("spreads the clock over the remaining moves and keeps a reserve", () => {
    const early = timeBudget(300_000, 0, 1);
    expect(early.targetMs).toBeGreaterThan(5_000);
    expect(early.targetMs).toBeLessThan(15_000);
    expect(early.hardMs).toBeGreaterThanOrEqual(early.targetMs);
    const late = timeBudget(300_000, 0, 55);
    expect(late.targetMs).toBeGreaterThan(early.targetMs);
    for (const remaining of [0, 5, 50, 1_000, 60_000]) {
      for (const move of [1, 30, 59, 70]) {
        const b = timeBudget(remaining, 2_000, move);
        expect(b.hardMs).toBeLessThan(Math.max(remaining, 1));
        expect(b.targetMs).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("counts the increment", () => {
    expect(timeBudget(10_000, 5_000, 20).targetMs).toBeGreaterThan(
      timeBudget(10_000, 0, 20).targetMs + 3_000,
    );
  });
});
