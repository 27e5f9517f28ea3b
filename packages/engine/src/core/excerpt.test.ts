import { describe, expect, it } from "vitest";
import { MAX_EXCERPT_CHARS, excerpt, listExcerpt } from "./excerpt.js";

describe("excerpts of untrusted input in error messages", () => {
  it("keeps short text and cuts long text to MAX_EXCERPT_CHARS code points", () => {
    expect(excerpt("colour")).toBe("colour");
    const long = "x".repeat(3_500);
    expect(excerpt(long)).toBe(`${"x".repeat(MAX_EXCERPT_CHARS - 1)}…`);
    // Astral characters are not split into lone surrogates.
    expect(Array.from(excerpt("😀".repeat(100)))).toHaveLength(MAX_EXCERPT_CHARS);
  });

  it("lists at most three items and counts the rest", () => {
    expect(listExcerpt(["a", "b"])).toBe("a, b");
    const keys = Array.from({ length: 400 }, (_, i) => `key${i}${"y".repeat(40)}`);
    const listed = listExcerpt(keys);
    expect(listed).toMatch(/ and 397 more$/);
    expect(listed.length).toBeLessThan(4 * MAX_EXCERPT_CHARS);
  });
});
