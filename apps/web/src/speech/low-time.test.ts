import { describe, expect, it } from "vitest";
import { lowTimeMark } from "./low-time";

describe("lowTimeMark", () => {
  it("says nothing above the first mark", () => {
    expect(lowTimeMark(30_001, [])).toEqual({ mark: null, said: [] });
  });

  it("says 30 s once, then 10 s once", () => {
    const first = lowTimeMark(29_900, []);
    expect(first).toEqual({ mark: 30_000, said: [30_000] });
    expect(lowTimeMark(20_000, first.said).mark).toBeNull();
    const second = lowTimeMark(9_950, first.said);
    expect(second.mark).toBe(10_000);
    expect(lowTimeMark(5_000, second.said).mark).toBeNull();
  });

  it("a reading past both marks at once says only the lower, and counts both said", () => {
    expect(lowTimeMark(8_000, [])).toEqual({ mark: 10_000, said: [30_000, 10_000] });
  });

  it("an increment that lifts the clock back above a mark does not say it again", () => {
    expect(lowTimeMark(29_000, [30_000]).mark).toBeNull();
  });
});
