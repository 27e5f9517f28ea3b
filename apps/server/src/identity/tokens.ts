import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
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

/** `s`: an account's session id, checked against the store; `b`: a bot account (docs/protocol.md, "Accounts"). */
const TokenBody = z.object({
  u: UserId,
  n: DisplayName,
  s: z.string().max(64).optional(),
  b: z.boolean().optional(),
});

/** What a token says: the user, and for an account the session it belongs to. */
export interface TokenClaims {
  readonly user: UserRef;
  readonly session: { readonly id: string; readonly bot: boolean } | null;
}

export function randomId(bytes = 12): string {
  return randomBytes(bytes).toString("base64url");
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
    const user = { id, name: `Guest ${id.slice(2, 7)}` };
    return { user, token: this.issue(user) };
  }

  /**
   * The claims of a well-signed token. An account's claims are not enough on their own: the session must
   * still be open (accounts/sessions.ts resolves them).
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
      return { user: { id: u, name: n }, session: s === undefined ? null : { id: s, bot: b ?? false } };
    } catch {
      return null;
    }
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
