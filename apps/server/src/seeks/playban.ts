import { asMillis, failure, type MatchId, type Playbanned, type UserId } from "@arena/protocol";
import { type Logger } from "pino";
import { type Clock } from "../clocks/scheduler.js";
import { type QuotaStore } from "../quotas/ports.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** When no-shows close pairing, and for how long (docs/protocol.md, "Quick pairing"). */
export interface PlaybanRules {
  /** Paired games aborted for not moving, within `noShowWindowMs`, that start a ban. */
  readonly noShows: number;
  readonly noShowWindowMs: number;
  /** The first ban; each further ban within `bansWindowMs` lasts twice the one before, up to `maxBanMs`. */
  readonly firstBanMs: number;
  readonly bansWindowMs: number;
  readonly maxBanMs: number;
}

export const PLAYBAN_RULES: PlaybanRules = {
  noShows: 2,
  noShowWindowMs: HOUR,
  firstBanMs: 5 * MINUTE,
  bansWindowMs: DAY,
  maxBanMs: DAY,
};

/** How long a paired room is remembered as paired: longer than any first-move window. */
const PAIRED_KEPT_MS = HOUR;

/**
 * Quick pairing's sanction for holding seeks and never moving (lichess's "playban" in spirit): a seeker
 * whose paired games are aborted for not moving `noShows` times within the window is kept out of pairing
 * for a while that doubles with each ban. Counted in the quota store, so every process sees the same
 * counts and bans.
 */
export class Playban {
  constructor(
    private readonly store: QuotaStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly rules: PlaybanRules = PLAYBAN_RULES,
  ) {}

  /** A room made by pairing: its no-shows count (rooms of the lobby and invitations do not). */
  async paired(matchId: MatchId): Promise<void> {
    await this.store.cooldown(`paired:m:${matchId}`, PAIRED_KEPT_MS, this.clock.now());
  }

  /**
   * A game was aborted because `user` did not move. Counted once per match however many processes hear of
   * it; the one that reaches the count starts a ban. Store failures are logged: the ban is a deterrent,
   * not a guarantee, and no game waits on it.
   */
  async noShow(matchId: MatchId, user: UserId): Promise<void> {
    const { store, rules } = this;
    const now = this.clock.now();
    try {
      if ((await store.left(`paired:m:${matchId}`, now)) === 0) return;
      if ((await store.cooldown(`noshow:m:${matchId}`, PAIRED_KEPT_MS, now)) > 0) return;
      const noShows = await store.note(`noshow:u:${user}`, now, rules.noShowWindowMs);
      if (noShows < rules.noShows) return;
      const bans = await store.note(`playban:bans:u:${user}`, now, rules.bansWindowMs);
      const banMs = Math.min(rules.maxBanMs, rules.firstBanMs * 2 ** (bans - 1));
      await store.cooldown(`playban:u:${user}`, banMs, now);
      this.logger.info({ user, noShows, bans, banMs }, "playban: kept out of pairing");
    } catch (error) {
      this.logger.warn({ err: error, matchId }, "playban not recorded: the quota store is unavailable");
    }
  }

  /** Null when `user` may seek; else `playban` with when it ends. */
  async refusal(user: UserId): Promise<Playbanned | null> {
    const now = this.clock.now();
    const left = await this.store.left(`playban:u:${user}`, now);
    if (left === 0) return null;
    const minutes = Math.ceil(left / MINUTE);
    return {
      ...failure(
        "playban",
        `your paired games were aborted for not moving too often: quick pairing is closed to you for ${minutes} min`,
      ),
      code: "playban",
      retryAfterMs: left,
      until: asMillis(now + left),
    };
  }
}
