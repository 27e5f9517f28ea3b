import { type Sanctioned, type SanctionKind, type UserId } from "@arena/protocol";
import { type ModerationStore, type SanctionRecord } from "../store/ports/moderation.js";

/**
 * Whether a user is banned or muted now (docs/protocol.md, "Moderation"), read from the moderation store
 * on every check so that a sanction given on one process holds on all of them at once.
 */
export class Standing {
  constructor(
    private readonly store: ModerationStore,
    private readonly now: () => number,
  ) {}

  /** The ban that holds now, the one ending last (null `until`: for good). */
  banOf(userId: UserId): Promise<Sanctioned | null> {
    return this.holding(userId, "ban");
  }

  muteOf(userId: UserId): Promise<Sanctioned | null> {
    return this.holding(userId, "mute");
  }

  /**
   * The ban behind a user id: its own, or, for a guest an account's browser became after its session
   * ended, the account's (the "session chain", moderation/service.ts).
   */
  async banBehind(userId: UserId): Promise<Sanctioned | null> {
    const own = await this.banOf(userId);
    if (own !== null) return own;
    const account = await this.store.guestOf(userId);
    return account === null ? null : this.banOf(account);
  }

  private async holding(userId: UserId, kind: SanctionKind): Promise<Sanctioned | null> {
    return latestEnding(await this.store.sanctionsOf(userId), kind, this.now());
  }
}

/** Of the sanctions of a kind that hold at `now`, the one that ends last. */
export function latestEnding(
  sanctions: readonly SanctionRecord[],
  kind: SanctionKind,
  now: number,
): Sanctioned | null {
  let found: SanctionRecord | null = null;
  for (const s of sanctions) {
    if (s.kind !== kind || (s.until !== null && s.until <= now)) continue;
    if (found === null || s.until === null || (found.until !== null && s.until > found.until)) found = s;
    if (found.until === null) break;
  }
  return found === null ? null : { why: found.why, until: found.until };
}
