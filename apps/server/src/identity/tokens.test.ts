import { asMatchId, asUserId } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { Identity } from "./tokens.js";

describe("guest identity tokens", () => {
  const identity = new Identity("test-secret");
  const user = { id: asUserId("u_abc"), name: "Ada" };

  it("round-trips and refuses tampering or another secret", () => {
    const token = identity.issue(user);
    expect(identity.claims(token)).toEqual({ user, session: null });
    expect(identity.claims(token.replace(/.$/, (c) => (c === "A" ? "B" : "A")))).toBeNull();
    expect(new Identity("other").claims(token)).toBeNull();
    expect(identity.claims("garbage")).toBeNull();
    expect(identity.claims(42)).toBeNull();
  });

  it("derives invite tokens per match", () => {
    const m = asMatchId("m1");
    expect(identity.checkInvite(m, identity.inviteToken(m))).toBe(true);
    expect(identity.checkInvite(asMatchId("m2"), identity.inviteToken(m))).toBe(false);
    expect(identity.checkInvite(m, undefined)).toBe(false);
  });
});
