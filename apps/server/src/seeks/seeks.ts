import { randomInt } from "node:crypto";
import {
  type Ack,
  failure,
  type MatchId,
  type SeekCounts,
  type SeekEndReason,
  type UserRef,
} from "@arena/protocol";
import { type Logger } from "pino";
import { type PlayerStore } from "../store/ports/players.js";
import { type Clock } from "../clocks/scheduler.js";
import { randomId } from "../identity/tokens.js";
import { type Quotas } from "../quotas/quotas.js";
import { newMatchId } from "../rooms/creation.js";
import { INITIAL } from "../ratings/glicko2.js";
import { type Playban } from "./playban.js";
import { type Pool, poolById, POOLS } from "./pools.js";
import { type Seek, type SeekStore } from "../store/ports/seeks.js";
import { findPair, pairKey, refuseSeek } from "./rule.js";
import { refuseGuestCorrespondence } from "../rooms/decide/accounts-only.js";

/** While rated seeks wait here, their pools are paired again this often (the range widens every 3 s). */
export const WIDEN_PASS_MS = 1_000;
/** Seek counts go out at most this often (like the lobby's batches). */
export const SEEK_COUNTS_BATCH_MS = 700;
/** While anyone watches the counts, they are read again this often (a dead process's seeks drop out). */
const COUNTS_RESYNC_MS = 5_000;
/** Claims lost to another process in one pairing round before giving up until the next event or pass. */
const MAX_ROUNDS = 8;

/** Who enters a seek: the socket's user, account and address (as the gateway knows them). */
export interface Seeker {
  readonly user: UserRef;
  readonly socketId: string;
  readonly account: { readonly bot: boolean } | null;
  /** For the room-creation rate (docs/protocol.md, "Quotas"); null: an address without a limit. */
  readonly address: string | null;
}

/** What quick pairing tells the outside (socket.io in the app). */
export interface SeekNews {
  /** The seek's socket (on any process) is told its room. */
  paired(seek: Seek, matchId: MatchId): void;
  /** The seek's socket (on any process) is told its seek ended without a pairing. */
  ended(seek: Seek, reason: SeekEndReason): void;
  /** A pool changed here: the other processes' count watchers should hear. */
  changed(): void;
  /** The counts this process's watchers are to see. */
  counts(counts: SeekCounts): void;
}

export interface SeeksOptions {
  readonly store: SeekStore;
  readonly clock: Clock;
  readonly logger: Logger;
  /** This process's name (a seek's `instance`). */
  readonly instance: string;
  readonly players: PlayerStore;
  readonly quotas: Quotas;
  /** Keeps seekers who do not move out of pairing for a while. */
  readonly playban: Playban;
  /** Whether two users are kept apart by a block (docs/protocol.md, "Blocks"): they are never paired. */
  readonly apart?: (a: UserRef["id"], b: UserRef["id"]) => Promise<boolean>;
  /** Creates the paired room, both seated in this order (seat 0 first), and starts it. */
  readonly createRoom: (
    pool: Pool,
    players: readonly [UserRef, UserRef],
    rated: boolean,
  ) => Promise<Ack<{ matchId: MatchId }>>;
  readonly news: SeekNews;
}

/**
 * Quick pairing (docs/protocol.md, "Quick pairing"): seeks enter pools in the `SeekStore`, and a pool is
 * paired at once when a seek enters it (a compatible pair needs no timer), and again every `WIDEN_PASS_MS`
 * while rated seeks entered here wait (their ranges widen). Pairing takes both seeks with the store's
 * atomic `claim`, so of several processes trying, one creates the room.
 */
export class Seeks {
  /** The seeks entered through this process, by user (those its pass and its sockets care about). */
  private readonly local = new Map<string, Seek>();
  private readonly watchers = new Set<string>();
  private cancelPass: (() => void) | null = null;
  private cancelFlush: (() => void) | null = null;
  private flushAt = 0;
  private lastCounts = "";
  private stopped = false;

  constructor(private readonly options: SeeksOptions) {}

  /** Enters a seek (replacing the user's previous one) and pairs its pool at once. */
  async enter(
    seeker: Seeker,
    poolId: string,
    rated: boolean,
  ): Promise<Ack<{ poolId: string; rated: boolean }>> {
    const { store, clock, logger, quotas, news } = this.options;
    const pool = poolById(poolId);
    if (pool === undefined) return failure("not-found", "no such pool");
    const refused =
      refuseSeek(rated, seeker.account) ?? refuseGuestCorrespondence(pool.timeControl, seeker.user);
    if (refused !== null) return refused;
    try {
      const banned = await this.options.playban.refusal(seeker.user.id, seeker.address);
      if (banned !== null) return banned;
    } catch (error) {
      logger.warn({ err: error }, "quota store unavailable");
      return failure("store-unavailable", "quick pairing is unavailable");
    }
    // A seek asks for a room: it counts as opening one (the room-creation rates), and the room it leads to
    // (started at once, no AI) holds no other place.
    const admitted = await quotas.admitRoom(seeker.user.id, seeker.address, newMatchId(), {
      waiting: false,
      ai: false,
    });
    if (!admitted.ok) return admitted;
    let seek: Seek;
    try {
      seek = {
        id: randomId(12),
        poolId,
        user: seeker.user,
        socketId: seeker.socketId,
        instance: this.options.instance,
        rated,
        bot: seeker.account?.bot ?? false,
        rating: rated ? await this.ratingOf(seeker.user, pool) : INITIAL.rating,
        since: clock.now(),
        address: seeker.address,
      };
      const replaced = await store.enter(seek);
      if (replaced !== null && replaced.socketId !== seek.socketId) news.ended(replaced, "replaced");
    } catch (error) {
      logger.warn({ err: error }, "seek store unavailable");
      return failure("store-unavailable", "quick pairing is unavailable");
    }
    this.local.set(seek.user.id, seek);
    this.touched();
    await this.pairIn(pool);
    if (rated) this.armPass();
    return { ok: true, poolId, rated };
  }

  /**
   * The user's seek ends (`seek:cancel` from any of their sockets); the socket that entered it, if another,
   * is told. True when there was one.
   */
  async cancel(userId: string, bySocketId: string): Promise<boolean> {
    this.local.delete(userId);
    const cancelled = await this.options.store.cancel(userId);
    if (cancelled === null) return false;
    if (cancelled.socketId !== bySocketId) this.options.news.ended(cancelled, "cancelled");
    this.touched();
    return true;
  }

  /** A socket closed: the seek it entered, if it still stands, ends (docs/protocol.md, "Quick pairing"). */
  async socketGone(userId: string, socketId: string): Promise<void> {
    this.unwatch(socketId);
    const local = this.local.get(userId);
    // A seek is entered through its own socket's process: a socket with none here entered none.
    if (local?.socketId !== socketId) return;
    this.local.delete(userId);
    if ((await this.options.store.cancel(userId, socketId)) !== null) this.touched();
  }

  /** The counts now, and from now on `news.counts` whenever they change (at most every 700 ms). */
  async watch(socketId: string): Promise<SeekCounts> {
    this.watchers.add(socketId);
    const counts = await this.options.store.counts(POOLS.map((pool) => pool.id));
    this.lastCounts = JSON.stringify(counts);
    this.scheduleFlush(COUNTS_RESYNC_MS);
    return counts;
  }

  unwatch(socketId: string): void {
    this.watchers.delete(socketId);
  }

  /** Another process changed a pool. */
  heard(): void {
    this.scheduleFlush(SEEK_COUNTS_BATCH_MS);
  }

  stop(): void {
    this.stopped = true;
    this.cancelPass?.();
    this.cancelFlush?.();
  }

  /** Pairs the pool's compatible seeks, oldest first, until none are left. */
  private async pairIn(pool: Pool): Promise<void> {
    const { store, logger } = this.options;
    for (let round = 0; round < MAX_ROUNDS && !this.stopped; round++) {
      let pair: readonly [Seek, Seek] | null;
      let claimed: boolean;
      try {
        pair = await this.unblockedPair(await store.list(pool.id));
        if (pair === null) return;
        claimed = await store.claim(pair[0], pair[1]);
      } catch (error) {
        logger.warn({ err: error, pool: pool.id }, "seek store unavailable: pairing waits");
        return;
      }
      // Lost to another process (or a cancel): read the pool again.
      if (!claimed) continue;
      this.touched();
      await this.open(pool, pair);
    }
  }

  /** The pair to make among a pool's seeks, passing over the pairs a block keeps apart. */
  private async unblockedPair(seeks: readonly Seek[]): Promise<readonly [Seek, Seek] | null> {
    const apart = new Set<string>();
    for (;;) {
      const pair = findPair(seeks, this.options.clock.now(), apart);
      if (pair === null || this.options.apart === undefined) return pair;
      if (!(await this.options.apart(pair[0].user.id, pair[1].user.id))) return pair;
      apart.add(pairKey(pair[0], pair[1]));
    }
  }

  /** The room of a claimed pair, colours drawn at random; both seekers are told. */
  private async open(pool: Pool, pair: readonly [Seek, Seek]): Promise<void> {
    const { news, logger } = this.options;
    for (const seek of pair)
      if (this.local.get(seek.user.id)?.id === seek.id) this.local.delete(seek.user.id);
    const [first, second] = randomInt(2) === 0 ? pair : [pair[1], pair[0]];
    let ack: Ack<{ matchId: MatchId }>;
    try {
      ack = await this.options.createRoom(pool, [first.user, second.user], first.rated);
    } catch (error) {
      logger.error({ err: error, pool: pool.id }, "the paired room could not be created");
      ack = failure("internal", "internal error");
    }
    // Before anyone hears of it: a no-show in it counts from its first second.
    if (ack.ok) {
      await this.options.playban
        .paired(
          ack.matchId,
          pair.map((seek) => ({ user: seek.user.id, address: seek.address ?? null })),
        )
        .catch((error: unknown) => logger.warn({ err: error }, "paired room not marked"));
    }
    for (const seek of pair) {
      if (ack.ok) news.paired(seek, ack.matchId);
      else news.ended(seek, "failed");
    }
  }

  private async ratingOf(user: UserRef, pool: Pool): Promise<number> {
    const ratings = await this.options.players.ratingsOf(user.id);
    const rating = ratings.find((r) => r.gameId === pool.gameId && r.speed === pool.speed);
    return rating?.rating ?? INITIAL.rating;
  }

  /** While rated seeks entered here wait, their pools are paired again (their ranges widen). */
  private armPass(): void {
    if (this.cancelPass !== null || this.stopped) return;
    const { clock } = this.options;
    this.cancelPass = clock.schedule(clock.now() + WIDEN_PASS_MS, () => {
      this.cancelPass = null;
      void this.pass();
    });
  }

  private async pass(): Promise<void> {
    const pools = new Set<string>();
    for (const seek of this.local.values()) if (seek.rated) pools.add(seek.poolId);
    for (const poolId of pools) {
      const pool = poolById(poolId);
      if (pool === undefined) continue;
      await this.pairIn(pool);
      // Seeks paired, replaced or cancelled through another process are no longer this one's to pass.
      const waiting = new Set((await this.options.store.list(poolId).catch(() => null))?.map((s) => s.id));
      for (const [user, seek] of this.local) {
        if (seek.poolId === poolId && !waiting.has(seek.id)) this.local.delete(user);
      }
    }
    if ([...this.local.values()].some((seek) => seek.rated)) this.armPass();
  }

  /** A pool changed here: the watchers here and on other processes hear at the next batch. */
  private touched(): void {
    this.options.news.changed();
    this.scheduleFlush(SEEK_COUNTS_BATCH_MS);
  }

  private scheduleFlush(afterMs: number): void {
    if (this.stopped || this.watchers.size === 0) return;
    const { clock } = this.options;
    const at = clock.now() + afterMs;
    if (this.cancelFlush !== null) {
      if (this.flushAt <= at) return;
      this.cancelFlush();
    }
    this.flushAt = at;
    this.cancelFlush = clock.schedule(at, () => {
      this.cancelFlush = null;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.watchers.size === 0) return;
    try {
      const counts = await this.options.store.counts(POOLS.map((pool) => pool.id));
      const text = JSON.stringify(counts);
      if (text !== this.lastCounts) {
        this.lastCounts = text;
        this.options.news.counts(counts);
      }
    } catch (error) {
      this.options.logger.warn({ err: error }, "seek counts unavailable");
    }
    this.scheduleFlush(COUNTS_RESYNC_MS);
  }
}
