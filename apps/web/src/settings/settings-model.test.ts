import { describe, expect, it } from "vitest";
import { NOTIFICATION_KINDS } from "@arena/protocol";
import { addressStatus, kindOrder, plausibleAddress, withKind } from "./settings-model";

const ALL = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, false])) as Record<
  (typeof NOTIFICATION_KINDS)[number],
  boolean
>;

describe("the e-mail settings", () => {
  it("say whether there is an address and whether it was verified", () => {
    expect(addressStatus({ address: null, verified: false })).toBe("none");
    expect(addressStatus({ address: "", verified: false })).toBe("none");
    expect(addressStatus({ address: "bea@example.org", verified: false })).toBe("unverified");
    expect(addressStatus({ address: "bea@example.org", verified: true })).toBe("verified");
  });

  it("order the switches as the notification kinds", () => {
    expect(kindOrder({ "game-over": false, "draw-offer": true, "your-turn": true })).toEqual([
      "your-turn",
      "game-over",
      "draw-offer",
    ]);
  });

  it("switch one kind, leaving the others", () => {
    const all = Object.fromEntries(kindOrder(ALL).map((k) => [k, true])) as typeof ALL;
    expect(withKind(all, "game-over", false)).toEqual({ ...all, "game-over": false });
  });

  it("take only plausible addresses", () => {
    expect(plausibleAddress(" bea@example.org ")).toBe(true);
    for (const bad of ["", "bea", "bea@", "@example.org", "bea@example", "b ea@example.org", "a@b@c.org"]) {
      expect(plausibleAddress(bad)).toBe(false);
    }
    expect(plausibleAddress(`${"a".repeat(250)}@b.org`)).toBe(false);
  });
});
