import { describe, expect, it } from "vitest";
import { INITIAL, MIN_RD, rate, rateGame } from "./glicko2.js";

describe("Glicko-2", () => {
  it("reproduces the worked example of Glickman's paper", () => {
    const next = rate({ rating: 1500, rd: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, rd: 30 }, score: 1 },
      { opponent: { rating: 1550, rd: 100 }, score: 0 },
      { opponent: { rating: 1700, rd: 300 }, score: 0 },
    ]);
    // The paper rounds its intermediate values; computed exactly, the rating is 1464.0507.
    expect(Math.abs(next.rating - 1464.06)).toBeLessThan(0.01);
    expect(next.rd).toBeCloseTo(151.52, 2);
    expect(Math.abs(next.volatility - 0.05999)).toBeLessThan(0.00001);
  });

  it("moves two new players by the same amount in opposite directions", () => {
    const winner = rateGame(INITIAL, INITIAL, 1);
    const loser = rateGame(INITIAL, INITIAL, 0);
    expect(winner.rating - 1500).toBeCloseTo(1500 - loser.rating, 6);
    expect(winner.rating).toBeGreaterThan(1600);
    expect(winner.rd).toBeLessThan(INITIAL.rd);
  });

  it("leaves a draw between equals where it was; RD settles where the volatility holds it", () => {
    let a = INITIAL;
    for (let i = 0; i < 300; i++) a = rateGame(a, { rating: 1500, rd: 50, volatility: 0.06 }, 0.5);
    expect(a.rating).toBeCloseTo(1500, 6);
    expect(a.rd).toBeGreaterThan(MIN_RD);
    expect(a.rd).toBeLessThan(70);
  });

  it("never lets RD fall below its floor", () => {
    const steady = rateGame(
      { rating: 1500, rd: 45, volatility: 0.0001 },
      { rating: 1500, rd: 30, volatility: 0.06 },
      0.5,
    );
    expect(steady.rd).toBe(MIN_RD);
  });
});
