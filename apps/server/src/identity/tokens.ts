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

const TokenBody = z.object({ u: UserId, n: DisplayName });

export function randomId(bytes = 12): string {
  return randomBytes(bytes).toString("base64url");
}

/** A new match secret (docs/protocol.md, "Hidden randomness"): 256 bits from the system's CSPRNG, in hex. */
export function newMatchSecret(): string {
  return randomBytes(SECRET_BYTES).toString("hex");
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
    const user = { id, name: `Guest ${id.slice(2, 7)}` };
    return { user, token: this.issue(user) };
  }

  verify(token: unknown): UserRef | null {
    if (typeof token !== "string" || token.length > 1024) return null;
    const [body, mac, extra] = token.split(".");
    if (body === undefined || mac === undefined || extra !== undefined || !this.verifyMac(body, mac))
      return null;
    try {
      const parsed = TokenBody.safeParse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
      return parsed.success ? { id: parsed.data.u, name: parsed.data.n } : null;
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
