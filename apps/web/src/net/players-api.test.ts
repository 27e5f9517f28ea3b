import { describe, expect, it } from "vitest";
import { changeLabel, ratingLabel } from "./players-api";

describe("how ratings read", () => {
  it("marks provisional ratings with a question mark", () => {
    expect(ratingLabel({ rating: 1662, provisional: true })).toBe("1662?");
    expect(ratingLabel({ rating: 1580, provisional: false })).toBe("1580");
  });

  it("signs a change with plus, a real minus, or ±0", () => {
    expect(changeLabel(1500, 1662)).toBe("+162");
    expect(changeLabel(1500, 1338)).toBe("\u2212162");
    expect(changeLabel(1500, 1500)).toBe("\u00b10");
  });
});
