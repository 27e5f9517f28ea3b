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

// The name is read as it was signed, and checked as a display name afterwards (`claims`): a token signed
// before a naming rule existed keeps its user, who gets a plain guest name back. `s`: an account's session
// id, checked against the store; `b`: a bot account (docs/protocol.md, "Accounts").
const TokenBody = z.object({
  u: UserId,
  n: z.string(),
  s: z.string().max(64).optional(),
  b: z.boolean().optional(),
});

/** What a token says: the user, and for an account the session it belongs to. */
export interface TokenClaims {
  readonly user: UserRef;
  readonly session: { readonly id: string; readonly bot: boolean } | null;
  /** The signed name is no longer a valid display name: `user.name` replaces it (a new token should say so). */
  readonly renamed: boolean;
}

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

  /** An account's token: the session id makes logout final (accounts/sessions.ts). */
  issueSession(user: UserRef, session: { readonly id: string; readonly bot: boolean }): string {
    const body = Buffer.from(
      JSON.stringify({ u: user.id, n: user.name, s: session.id, b: session.bot }),
    ).toString("base64url");
    return `${body}.${this.mac(body)}`;
  }

  newGuest(): { user: UserRef; token: string } {
    const id = asUserId(`u_${randomId()}`);
    const user = { id, name: guestName(id) };
    return { user, token: this.issue(user) };
  }

  /**
   * The claims of a well-signed token. A name that is no longer a valid display name (docs/protocol.md:
   * normalised, no direction controls, …) comes back normalised, or as the guest's default name. An
   * account's claims are not enough on their own: the session must still be open (accounts/service.ts
   * resolves them).
   */
  claims(token: unknown): TokenClaims | null {
    if (typeof token !== "string" || token.length > 1024) return null;
    const [body, mac, extra] = token.split(".");
    if (body === undefined || mac === undefined || extra !== undefined || !this.verifyMac(body, mac))
      return null;
    try {
      const parsed = TokenBody.safeParse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
      if (!parsed.success) return null;
      const { u, n, s, b } = parsed.data;
      const name = DisplayName.safeParse(n);
      const user = { id: u, name: name.success ? name.data : guestName(u) };
      return {
        user,
        session: s === undefined ? null : { id: s, bot: b ?? false },
        renamed: user.name !== n,
      };
    } catch {
      return null;
    }
  }

  /** The user a token names, if this server signed it (its session unchecked: see `claims`). */
  verify(token: unknown): UserRef | null {
    return this.claims(token)?.user ?? null;
  }

  /** The user of a valid token, with the token to keep: the same one, or a new one if the name changed. */
  resume(token: unknown): { user: UserRef; token: string } | null {
    const claims = this.claims(token);
    if (claims === null || typeof token !== "string") return null;
    return { user: claims.user, token: claims.renamed ? this.issue(claims.user) : token };
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
