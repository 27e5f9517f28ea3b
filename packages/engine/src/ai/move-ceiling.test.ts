import { describe, expect, it } from "vitest";
import { MOVE_CAP_MS, moveCeilingMs } from "./move-ceiling.js";

const MIN = 60_000;

describe("time use for people (docs/strength.md)", () => {
  it("caps each level, low levels fast, on a long clock", () => {
    expect(MOVE_CAP_MS.map((_, i) => moveCeilingMs(i + 1, 30 * MIN, 0))).toEqual([
      500, 700, 1_000, 1_500, 2_000, 2_500, 3_000, 4_000,
    ]);
    expect(moveCeilingMs(12, 30 * MIN, 0)).toBe(4_000);
    expect(moveCeilingMs(0, 30 * MIN, 0)).toBe(500);
  });

  it("takes a fortieth of what is left plus half the increment when that is less", () => {
    expect(moveCeilingMs(8, 2 * MIN, 0)).toBe(3_000);
    expect(moveCeilingMs(8, 1 * MIN, 0)).toBe(1_500);
    expect(moveCeilingMs(8, 20_000, 2_000)).toBe(1_500);
    expect(moveCeilingMs(8, 0, 0)).toBe(50);
  });

  it("keeps level 8 at 5+0 to well under a tenth of its clock in its first six moves", () => {
    let remaining = 5 * MIN;
    for (let move = 0; move < 6; move++) remaining -= moveCeilingMs(8, remaining, 0);
    expect(5 * MIN - remaining).toBe(24_000);
  });

  it("answers with the cap alone without a clock", () => {
    expect(moveCeilingMs(5)).toBe(2_000);
  });
});
