import { describe, expect, it } from "vitest";
import { parseAccountHint } from "./account-hint";

describe("the account hint", () => {
  it("reads only the flag its writer sets: anything else is a guest's browser", () => {
    expect(parseAccountHint("1")).toBe(true);
    for (const value of ["", "0", "true", "11", undefined, null]) expect(parseAccountHint(value)).toBe(false);
  });
});
