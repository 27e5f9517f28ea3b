import { describe, expect, it } from "vitest";
import { INITIAL, MIN_RD, PROVISIONAL_RD, RATING_PERIODS_PER_DAY, asOf, rate, rateGame } from "./glicko2.js";

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

  describe("time away from rated games (fractional rating periods)", () => {
    const DAY = 86_400_000;
    const settled = { rating: 1800, rd: 50, volatility: 0.06 };

    it("grows RD as t periods without games would: φ* = √(φ² + t·σ²)", () => {
      const year = asOf(settled, 0, 365 * DAY);
      const periods = 365 * RATING_PERIODS_PER_DAY;
      const phi = 50 / 173.7178;
      expect(year.rd).toBeCloseTo(Math.sqrt(phi * phi + periods * 0.06 * 0.06) * 173.7178, 9);
      expect(year.rd).toBeCloseTo(104.9, 1);
      expect(year.rating).toBe(1800);
      expect(year.volatility).toBe(0.06);
      // A day is a fifth of a period; one period's growth is the paper's step 6 with no games.
      expect(asOf(settled, 0, DAY / RATING_PERIODS_PER_DAY).rd).toBeCloseTo(rate(settled, []).rd, 9);
    });

    it("makes an established rating provisional after some 14 months away, and never exceeds the initial RD", () => {
      expect(asOf(settled, 0, 400 * DAY).rd).toBeLessThanOrEqual(PROVISIONAL_RD);
      expect(asOf(settled, 0, 420 * DAY).rd).toBeGreaterThan(PROVISIONAL_RD);
      expect(asOf(settled, 0, 100 * 365 * DAY).rd).toBe(INITIAL.rd);
    });

    it("leaves a rating alone with no time passed, or no record of its last game", () => {
      expect(asOf(settled, 5_000, 5_000)).toEqual(settled);
      expect(asOf(settled, null, 365 * DAY)).toEqual(settled);
    });

    it("a game after a year away moves the rating more than the same game straight after the last", () => {
      const rival = { rating: 1800, rd: 50, volatility: 0.06 };
      const straight = rateGame(settled, rival, 1);
      const afterYear = rateGame(asOf(settled, 0, 365 * DAY), rival, 1);
      expect(afterYear.rating - 1800).toBeGreaterThan(1.5 * (straight.rating - 1800));
    });
  });
});
