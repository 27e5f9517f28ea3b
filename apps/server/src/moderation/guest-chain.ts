import { type SanctionRefusal, sanctionRefusal, type UserId } from "@arena/protocol";
import { type Identity } from "../identity/tokens.js";
import { type ModerationStore } from "../store/ports/moderation.js";
import { type Standing } from "./standing.js";

/**
 * A ban's "session chain" (docs/protocol.md, "Moderation"): the guests a browser becomes after its
 * account's session ended. The web client presents its last token (`auth.former`) when it comes back as a
 * guest; the new guest is linked to the account behind it, and a handshake whose tokens lead to a banned
 * account is refused (`banned`). The guest an account was registered from has the account's own id.
 */
export class GuestChain {
  constructor(
    private readonly identity: Identity,
    private readonly store: ModerationStore,
    private readonly standing: Standing,
  ) {}

  /** The ban behind any of a handshake's well-signed tokens, as a refusal; null when none is banned. */
  async refusal(tokens: readonly unknown[]): Promise<SanctionRefusal | null> {
    for (const user of this.users(tokens)) {
      const ban = await this.standing.banBehind(user);
      if (ban !== null) return sanctionRefusal("banned", ban);
    }
    return null;
  }

  /** A new guest minted for a handshake that presented `former`: linked to the account behind it. */
  async link(guestId: UserId, former: unknown): Promise<void> {
    const claims = this.identity.claims(former);
    if (claims === null) return;
    const account = claims.session !== null ? claims.user.id : await this.store.guestOf(claims.user.id);
    if (account !== null) await this.store.linkGuest(guestId, account);
  }

  private users(tokens: readonly unknown[]): UserId[] {
    return tokens.flatMap((token) => {
      const claims = this.identity.claims(token);
      return claims === null ? [] : [claims.user.id];
    });
  }
}
