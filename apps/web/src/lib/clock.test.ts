import { describe, expect, it } from "vitest";
import { formatClock, formatTimeControl, isUrgent, updateOffset } from "./clock";

describe("formatClock", () => {
  it.each([
    [3_723_000, "1:02:03"],
    [300_000, "5:00"],
    [65_400, "1:05"],
    [10_000, "0:10"],
    [9_999, "9.9"],
    [9_400, "9.4"],
    [50, "0.0"],
    [0, "0.0"],
    [-500, "0.0"],
  ])("%i ms reads %s", (ms, text) => {
    expect(formatClock(ms)).toBe(text);
  });
});

describe("formatTimeControl", () => {
  it("writes presets as lichess does", () => {
    expect(formatTimeControl({ baseMs: 180_000, incrementMs: 2_000 })).toBe("3+2");
    expect(formatTimeControl({ baseMs: 30_000, incrementMs: 0 })).toBe("30s+0");
  });
});

describe("urgency and offset", () => {
  it("is urgent under ten seconds", () => {
    expect(isUrgent(9_999)).toBe(true);
    expect(isUrgent(10_000)).toBe(false);
  });
  it("keeps the largest offset sample", () => {
    expect(updateOffset(null, 1_000, 400)).toBe(600);
    expect(updateOffset(600, 1_000, 500)).toBe(600);
    expect(updateOffset(600, 2_000, 1_200)).toBe(800);
  });
});
