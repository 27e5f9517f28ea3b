import { describe, expect, it } from "vitest";
import { ratingRange, timeRange } from "./chart-range";

const AT = 1_795_000_000;

describe("the rating chart's time axis", () => {
  it("spans a day either side of a lone game, whatever uPlot proposed", () => {
    expect(timeRange(AT, AT, [AT, AT + 86_400_000])).toEqual([AT - 86_400, AT + 86_400]);
  });

  it("keeps uPlot's range when the games differ (their span, or a zoom)", () => {
    expect(timeRange(AT, AT + 3_600, [AT, AT + 3_600])).toEqual([AT, AT + 3_600]);
    expect(timeRange(AT, AT + 3_600, [AT + 60, AT + 120])).toEqual([AT + 60, AT + 120]);
  });
});

describe("the rating chart's value axis", () => {
  it("frames a lone rating closely, not 0 to 3000", () => {
    expect(ratingRange(1500, 1500)).toEqual([1450, 1550]);
    expect(ratingRange(1523, 1523)).toEqual([1450, 1600]);
  });

  it("pads a span by a tenth, rounded out to fifties, never below zero", () => {
    expect(ratingRange(1200, 2200)).toEqual([1100, 2300]);
    expect(ratingRange(20, 80)).toEqual([0, 150]);
  });
});
