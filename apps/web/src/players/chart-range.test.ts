import { describe, expect, it } from "vitest";
import { timeRange } from "./chart-range";

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
