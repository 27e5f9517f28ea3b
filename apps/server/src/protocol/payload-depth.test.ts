import { describe, expect, it } from "vitest";
import { MAX_PAYLOAD_DEPTH, nestsDeeperThan } from "./payload-depth.js";

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

describe("the payload depth limit (issue 20, finding 8)", () => {
  it("counts arrays and objects, not scalars", () => {
    expect(nestsDeeperThan(7, 0)).toBe(false);
    expect(nestsDeeperThan(null, 0)).toBe(false);
    expect(nestsDeeperThan([], 0)).toBe(true);
    expect(nestsDeeperThan({ a: [1, { b: 2 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: [] }] }, 3)).toBe(true);
  });

  it("allows exactly the limit and refuses one more, in any branch", () => {
    expect(nestsDeeperThan(nested(MAX_PAYLOAD_DEPTH), MAX_PAYLOAD_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_PAYLOAD_DEPTH + 1), MAX_PAYLOAD_DEPTH)).toBe(true);
    const wide = { seats: [{ kind: "me" }], options: {}, last: nested(MAX_PAYLOAD_DEPTH) };
    expect(nestsDeeperThan(wide, MAX_PAYLOAD_DEPTH)).toBe(true);
  });

  it("walks an array nested far deeper than the stack allows without overflowing", () => {
    const deep = JSON.parse(`${"[".repeat(100_000)}${"]".repeat(100_000)}`) as unknown;
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(nestsDeeperThan(deep, MAX_PAYLOAD_DEPTH)).toBe(true);
  });
});
