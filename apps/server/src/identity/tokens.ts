import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { SECRET_BYTES } from "@arena/match";
import {
  asInviteToken,
  asUserId,
  DisplayName,
  type InviteToken,
  type MatchId,
  UserId,
  type UserRef,
} from "@arena/protocol";
import { z } from "zod";

// The name is read as it was signed, and checked as a display name afterwards (`verify`): a token signed
// before a naming rule existed keeps its user, who gets a plain guest name back.
const TokenBody = z.object({ u: UserId, n: z.string() });

export function randomId(bytes = 12): string {
  return randomBytes(bytes).toString("base64url");
}

/** A new match secret (docs/protocol.md, "Hidden randomness"): 256 bits from the system's CSPRNG, in hex. */
export function newMatchSecret(): string {
  return randomBytes(SECRET_BYTES).toString("hex");
}

/** A guest's default name: "Guest" and the start of their id. */
function guestName(id: string): string {
  return `Guest ${id.slice(2, 7)}`;
}

/**
 * Guest identities without sign-up: `base64url(json).hmac`. Anyone holding
 * the token is that user; the server keeps no session table.
 */
export class Identity {
  constructor(private readonly secret: string) {}

  private mac(text: string): string {
    return createHmac("sha256", this.secret).update(text).digest("base64url");
  }

  private verifyMac(text: string, mac: string): boolean {
    const expected = Buffer.from(this.mac(text));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  issue(user: UserRef): string {
    const body = Buffer.from(JSON.stringify({ u: user.id, n: user.name })).toString("base64url");
    return `${body}.${this.mac(body)}`;
  }

  newGuest(): { user: UserRef; token: string } {
    const id = asUserId(`u_${randomId()}`);
    const user = { id, name: guestName(id) };
    return { user, token: this.issue(user) };
  }

  /** The user id and the name a token was signed with, if this server signed it. */
  private read(token: unknown): { readonly id: UserId; readonly signedName: string } | null {
    if (typeof token !== "string" || token.length > 1024) return null;
    const [body, mac, extra] = token.split(".");
    if (body === undefined || mac === undefined || extra !== undefined || !this.verifyMac(body, mac))
      return null;
    try {
      const parsed = TokenBody.safeParse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
      return parsed.success ? { id: parsed.data.u, signedName: parsed.data.n } : null;
    } catch {
      return null;
    }
  }

  /**
   * The user a token names, if this server signed it. A name that is no longer a valid display name
   * (docs/protocol.md: normalised, no direction controls, …) comes back normalised, or as the guest's
   * default name; `resume` hands such a user a token that says so.
   */
  verify(token: unknown): UserRef | null {
    const signed = this.read(token);
    if (signed === null) return null;
    const name = DisplayName.safeParse(signed.signedName);
    return { id: signed.id, name: name.success ? name.data : guestName(signed.id) };
  }

  /** The user of a valid token, with the token to keep: the same one, or a new one if the name changed. */
  resume(token: unknown): { user: UserRef; token: string } | null {
    const signed = this.read(token);
    const user = this.verify(token);
    if (signed === null || user === null || typeof token !== "string") return null;
    return { user, token: signed.signedName === user.name ? token : this.issue(user) };
  }

  /** The invite secret of a room: derived, so every process with the same SECRET agrees without storage. */
  inviteToken(matchId: MatchId): InviteToken {
    return asInviteToken(this.mac(`invite:${matchId}`).slice(0, 22));
  }

  checkInvite(matchId: MatchId, token: string | undefined): boolean {
    if (token === undefined) return false;
    const expected = Buffer.from(this.inviteToken(matchId));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
