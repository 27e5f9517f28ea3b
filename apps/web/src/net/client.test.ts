import { describe, expect, it } from "vitest";
import { matchOfPath } from "./client";

describe("matchOfPath", () => {
  it("names the match of a room page only", () => {
    expect(matchOfPath("/play/abc123")).toBe("abc123");
    expect(matchOfPath("/play/abc123/")).toBe("abc123");
    expect(matchOfPath("/play/a%20b")).toBe("a b");
    expect(matchOfPath("/")).toBeNull();
    expect(matchOfPath("/play")).toBeNull();
    expect(matchOfPath("/play/abc/moves")).toBeNull();
    expect(matchOfPath("/players/abc")).toBeNull();
    expect(matchOfPath("/play/%E0%A4%A")).toBeNull();
    expect(matchOfPath(null)).toBeNull();
  });
});
