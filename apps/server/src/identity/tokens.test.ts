import { asMatchId, asUserId } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { Identity } from "./tokens.js";

describe("guest identity tokens", () => {
  const identity = new Identity("test-secret");
  const user = { id: asUserId("u_abc"), name: "Ada" };

  it("round-trips and refuses tampering or another secret", () => {
    const token = identity.issue(user);
    expect(identity.claims(token)).toEqual({ user, session: null, renamed: false });
    expect(identity.claims(token.replace(/.$/, (c) => (c === "A" ? "B" : "A")))).toBeNull();
    expect(new Identity("other").claims(token)).toBeNull();
    expect(identity.claims("garbage")).toBeNull();
    expect(identity.claims(42)).toBeNull();
  });

  it("keeps the user of a token signed with a name that is no longer valid, and reissues it", () => {
    // Signed before names were checked for direction controls (issue 20, finding 7).
    const spoofing = identity.issue({ id: asUserId("u_abcdefgh"), name: "\u202Eevil\u202C Guest" });
    expect(identity.verify(spoofing)).toEqual({ id: "u_abcdefgh", name: "Guest abcde" });
    const resumed = identity.resume(spoofing);
    expect(resumed?.user).toEqual({ id: "u_abcdefgh", name: "Guest abcde" });
    expect(resumed?.token).not.toBe(spoofing);
    expect(identity.verify(resumed?.token)).toEqual(resumed?.user);
    // A name that only needed normalising keeps its normal form.
    const wide = identity.issue({ id: asUserId("u_w"), name: "Ｗｉｄｅ" });
    expect(identity.resume(wide)?.user.name).toBe("Wide");
    // A valid token is kept as it is.
    const token = identity.issue(user);
    expect(identity.resume(token)).toEqual({ user, token });
    expect(identity.resume("garbage")).toBeNull();
  });

  it("derives invite tokens per match", () => {
    const m = asMatchId("m1");
    expect(identity.checkInvite(m, identity.inviteToken(m))).toBe(true);
    expect(identity.checkInvite(asMatchId("m2"), identity.inviteToken(m))).toBe(false);
    expect(identity.checkInvite(m, undefined)).toBe(false);
  });
});
