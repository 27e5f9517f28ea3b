import { describe, expect, it } from "vitest";
import { pointTime, ratingRange, timeRange, timeTicks } from "./chart-range";

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

describe("timeTicks and pointTime", () => {
  // 2026-11-27 09:00 and 15:00 UTC, and the next day.
  const morning = Date.UTC(2026, 10, 27, 9) / 1000;
  const afternoon = Date.UTC(2026, 10, 27, 15) / 1000;

  it("labels hours in 24-hour time in every language: no am/pm to crowd the axis", () => {
    for (const locale of ["en", "ru", "ja"]) {
      const labels = timeTicks(locale, [morning, afternoon], 6 * 3600);
      expect(labels.join(" ")).not.toMatch(/AM|PM|午前|午後/i);
      expect(new Set(labels).size).toBe(2);
    }
  });

  it("labels days as the language writes dates, and the legend's time likewise", () => {
    expect(timeTicks("ja", [morning], 86_400)[0]).toMatch(/11月2[78]日/);
    expect(timeTicks("ru", [morning], 86_400)[0]).toMatch(/нояб/);
    expect(pointTime("ja", morning)).toMatch(/2026\/11\/2[78]/);
    expect(pointTime("ru", null)).toBe("–");
  });
});
