import { describe, expect, it } from "vitest";
import type { ClockState } from "@arena/protocol";
import { formatClock, formatTimeControl, isUrgent, remainingAt, updateOffset } from "./clock";

const clock = (over: Partial<ClockState> = {}): ClockState => ({
  baseMs: 60_000,
  incrementMs: 0,
  remainingMs: [60_000, 45_000],
  quotaMs: [0, 0],
  started: [true, true],
  running: 0,
  runningSince: 1_000,
  ...over,
});

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

describe("remainingAt", () => {
  it("counts down only the running seat", () => {
    const c = clock();
    expect(remainingAt(c, 0, 3_500)).toBe(57_500);
    expect(remainingAt(c, 1, 3_500)).toBe(45_000);
  });
  it("never goes below zero or above the stored value", () => {
    expect(remainingAt(clock(), 0, 1_000_000)).toBe(0);
    expect(remainingAt(clock(), 0, 0)).toBe(60_000);
  });
  it("is frozen when nobody is running", () => {
    expect(remainingAt(clock({ running: null, runningSince: null }), 0, 9_000)).toBe(60_000);
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
