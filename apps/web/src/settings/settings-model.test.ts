import { describe, expect, it } from "vitest";
import { addressStatus, kindOrder, plausibleAddress, withKind } from "./settings-model";

describe("the e-mail settings", () => {
  it("say whether there is an address and whether it was verified", () => {
    expect(addressStatus({ address: null, verified: false, kinds: {} })).toBe("none");
    expect(addressStatus({ address: "", verified: false, kinds: {} })).toBe("none");
    expect(addressStatus({ address: "bea@example.org", verified: false, kinds: {} })).toBe("unverified");
    expect(addressStatus({ address: "bea@example.org", verified: true, kinds: {} })).toBe("verified");
  });

  it("order the switches as the notification kinds, then the others by name", () => {
    const kinds = { "zz-digest": true, "game-over": false, "your-turn": true, "aa-news": false };
    expect(kindOrder(kinds)).toEqual(["your-turn", "game-over", "aa-news", "zz-digest"]);
  });

  it("switch one kind, leaving the others", () => {
    expect(withKind({ "your-turn": true, "game-over": true }, "game-over", false)).toEqual({
      "your-turn": true,
      "game-over": false,
    });
  });

  it("take only plausible addresses", () => {
    expect(plausibleAddress(" bea@example.org ")).toBe(true);
    for (const bad of ["", "bea", "bea@", "@example.org", "bea@example", "b ea@example.org", "a@b@c.org"]) {
      expect(plausibleAddress(bad)).toBe(false);
    }
    expect(plausibleAddress(`${"a".repeat(250)}@b.org`)).toBe(false);
  });
});
