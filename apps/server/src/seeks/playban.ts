import { asMillis, failure, type MatchId, type Playbanned, type UserId } from "@arena/protocol";
import { type Logger } from "pino";
import { type Clock } from "../clocks/scheduler.js";
import { type QuotaStore } from "../store/ports/quotas.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** When no-shows close pairing, and for how long (docs/protocol.md, "Quick pairing"). */
export interface PlaybanRules {
  /** Paired games aborted for not moving, within `noShowWindowMs`, that start a ban. */
  readonly noShows: number;
  /**
   * The same from one client address, whichever users: guests are free, so a jammer's fresh identities
   * are caught by their address. Higher, as one address may be a household or a school behind one NAT.
   */
  readonly noShowsPerAddress: number;
  readonly noShowWindowMs: number;
  /** The first ban; each further ban within `bansWindowMs` lasts twice the one before, up to `maxBanMs`. */
  readonly firstBanMs: number;
  readonly bansWindowMs: number;
  readonly maxBanMs: number;
}

export const PLAYBAN_RULES: PlaybanRules = {
  noShows: 2,
  noShowsPerAddress: 4,
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

  /** A room made by pairing, with each player's address: its no-shows count (other rooms' do not). */
  async paired(
    matchId: MatchId,
    players: readonly { readonly user: UserId; readonly address: string | null }[],
  ): Promise<void> {
    const now = this.clock.now();
    await this.store.cooldown(`paired:m:${matchId}`, PAIRED_KEPT_MS, now);
    for (const { user, address } of players) {
      if (address !== null)
        await this.store.remember(`paired:m:${matchId}:u:${user}`, address, PAIRED_KEPT_MS, now);
    }
  }

  /**
   * A game was aborted because `user` did not move. Counted once per match however many processes hear of
   * it, against the user and the address they sought from; the one that reaches a count starts a ban. Store
   * failures are logged: the ban is a deterrent, not a guarantee, and no game waits on it.
   */
  async noShow(matchId: MatchId, user: UserId): Promise<void> {
    const { store, rules } = this;
    const now = this.clock.now();
    try {
      if ((await store.left(`paired:m:${matchId}`, now)) === 0) return;
      if ((await store.cooldown(`noshow:m:${matchId}`, PAIRED_KEPT_MS, now)) > 0) return;
      const address = await store.recall(`paired:m:${matchId}:u:${user}`, now);
      await this.count(`u:${user}`, rules.noShows, now);
      if (address !== null) await this.count(`a:${address}`, rules.noShowsPerAddress, now);
    } catch (error) {
      this.logger.warn({ err: error, matchId }, "playban not recorded: the quota store is unavailable");
    }
  }

  /** One no-show of a user (`u:<id>`) or an address (`a:<address>`): a ban once `limit` are in the window. */
  private async count(who: string, limit: number, now: number): Promise<void> {
    const { store, rules } = this;
    const noShows = await store.note(`noshow:${who}`, now, rules.noShowWindowMs);
    if (noShows < limit) return;
    const bans = await store.note(`playban:bans:${who}`, now, rules.bansWindowMs);
    const banMs = Math.min(rules.maxBanMs, rules.firstBanMs * 2 ** (bans - 1));
    await store.cooldown(`playban:${who}`, banMs, now);
    this.logger.info({ who, noShows, bans, banMs }, "playban: kept out of pairing");
  }

  /** Null when `user`, from `address`, may seek; else `playban` with when it ends. */
  async refusal(user: UserId, address: string | null): Promise<Playbanned | null> {
    const now = this.clock.now();
    const mine = await this.store.left(`playban:u:${user}`, now);
    const theirs = address === null ? 0 : await this.store.left(`playban:a:${address}`, now);
    const left = Math.max(mine, theirs);
    if (left === 0) return null;
    const minutes = Math.ceil(left / MINUTE);
    const whose = mine >= theirs ? "your paired games were" : "paired games from your address were";
    return {
      ...failure(
        "playban",
        `${whose} aborted for not moving too often: quick pairing is closed to you for ${minutes} min`,
      ),
      code: "playban",
      retryAfterMs: left,
      until: asMillis(now + left),
    };
  }
}
