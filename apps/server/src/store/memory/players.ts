import {
  type HistoryEntry,
  type HistorySearch,
  type LeaderboardEntry,
  type MatchId,
  type RatingChange,
  type RatingPoint,
  type RatingSpeed,
  type UserId,
  type WinDrawLoss,
} from "@arena/protocol";
import {
  type AccountRecord,
  type Bucket,
  bucketLevel,
  BUCKET_IDLE_MS,
  type CreateAccountResult,
  type FinishedGame,
  type Followee,
  matchesSearch,
  type PlayerStore,
  type RateFn,
  type StoredRating,
} from "../ports/players.js";
import { nameSkeleton } from "../ports/name-skeleton.js";
import { onLeaderboard, planRecord, tally } from "../ports/player-records.js";

/** Above this many buckets, idle ones are swept. */
const SWEEP_BUCKETS_AT = 10_000;

const poolKey = (userId: UserId, gameId: string, speed: RatingSpeed) => `${userId} ${gameId} ${speed}`;

/** Players in this process's memory: tests, and `STORE=memory` (nothing survives a restart). */
export class MemoryPlayerStore implements PlayerStore {
  private readonly accounts = new Map<UserId, AccountRecord>();
  private readonly byName = new Map<string, UserId>();
  private readonly bySkeleton = new Map<string, UserId>();
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly ratings = new Map<string, StoredRating & { userId: UserId }>();
  private readonly recorded = new Map<MatchId, readonly RatingChange[]>();
  /** Per user, oldest first. */
  private readonly histories = new Map<UserId, HistoryEntry[]>();
  /** Per follower, by followee id, in the order followed. */
  private readonly follows = new Map<UserId, Map<UserId, Followee>>();

  createAccount(account: AccountRecord): Promise<CreateAccountResult> {
    const skeleton = nameSkeleton(account.name);
    if (this.byName.has(account.nameKey)) return Promise.resolve({ ok: false, reason: "name-taken" });
    if (this.bySkeleton.has(skeleton)) return Promise.resolve({ ok: false, reason: "name-confusable" });
    if (this.accounts.has(account.id)) return Promise.resolve({ ok: false, reason: "already-registered" });
    this.accounts.set(account.id, account);
    this.byName.set(account.nameKey, account.id);
    this.bySkeleton.set(skeleton, account.id);
    return Promise.resolve({ ok: true });
  }

  accountBySkeleton(skeleton: string): Promise<AccountRecord | null> {
    const id = this.bySkeleton.get(skeleton);
    return Promise.resolve(id === undefined ? null : (this.accounts.get(id) ?? null));
  }

  accountByName(name: string): Promise<AccountRecord | null> {
    const id = this.byName.get(name.toLowerCase());
    return Promise.resolve(id === undefined ? null : (this.accounts.get(id) ?? null));
  }

  accountById(id: UserId): Promise<AccountRecord | null> {
    return Promise.resolve(this.accounts.get(id) ?? null);
  }

  setPasswordHash(id: UserId, passwordHash: string): Promise<boolean> {
    const account = this.accounts.get(id);
    if (account !== undefined) this.accounts.set(id, { ...account, passwordHash });
    return Promise.resolve(account !== undefined);
  }

  closeAccount(id: UserId, at: number): Promise<boolean> {
    const account = this.accounts.get(id);
    if (account === undefined || (account.closedAt ?? null) !== null) return Promise.resolve(false);
    this.accounts.set(id, { ...account, closedAt: at, passwordHash: "" });
    this.follows.delete(id);
    for (const followed of this.follows.values()) followed.delete(id);
    return Promise.resolve(true);
  }

  releaseName(id: UserId): Promise<boolean> {
    const account = this.accounts.get(id);
    if (account === undefined || (account.closedAt ?? null) === null) return Promise.resolve(false);
    const skeleton = nameSkeleton(account.name);
    const held = this.byName.get(account.nameKey) === id;
    if (held) this.byName.delete(account.nameKey);
    if (this.bySkeleton.get(skeleton) === id) this.bySkeleton.delete(skeleton);
    return Promise.resolve(held);
  }

  takeToken(key: string, bucket: Bucket, now: number): Promise<boolean> {
    const current = this.buckets.get(key) ?? { tokens: bucket.capacity, at: now };
    const tokens = Math.min(
      bucket.capacity,
      current.tokens + Math.max(0, now - current.at) / bucket.refillMs,
    );
    const taken = tokens >= 1;
    this.buckets.set(key, { tokens: taken ? tokens - 1 : tokens, at: now });
    if (this.buckets.size > SWEEP_BUCKETS_AT) {
      for (const [k, entry] of this.buckets) if (entry.at < now - BUCKET_IDLE_MS) this.buckets.delete(k);
    }
    return Promise.resolve(taken);
  }

  tokensLeft(key: string, bucket: Bucket, now: number): Promise<number> {
    return Promise.resolve(bucketLevel(this.buckets.get(key), bucket, now));
  }

  recordGame(game: FinishedGame, rate: RateFn): Promise<readonly RatingChange[] | null> {
    if (this.recorded.has(game.matchId)) return Promise.resolve(null);
    const current = game.seats.map((seat) => this.ratings.get(poolKey(seat.userId, game.gameId, game.speed)));
    const plan = planRecord(
      game,
      current.map((rating) => rating ?? null),
      current.map((rating) => rating?.games ?? 0),
      rate,
    );
    for (const rating of plan.ratings)
      this.ratings.set(poolKey(rating.userId, rating.gameId, rating.speed), rating);
    for (const [userId, entry] of plan.entries) {
      const list = this.histories.get(userId) ?? [];
      list.push(entry);
      this.histories.set(userId, list);
    }
    this.recorded.set(game.matchId, plan.changes);
    return Promise.resolve(plan.changes);
  }

  matchRatings(matchId: MatchId): Promise<readonly RatingChange[]> {
    return Promise.resolve(this.recorded.get(matchId) ?? []);
  }

  resetRating(userId: UserId, gameId: string, speed: RatingSpeed): Promise<boolean> {
    return Promise.resolve(this.ratings.delete(poolKey(userId, gameId, speed)));
  }

  ratingsOf(userId: UserId): Promise<readonly StoredRating[]> {
    return Promise.resolve([...this.ratings.values()].filter((rating) => rating.userId === userId));
  }

  history(
    userId: UserId,
    search: HistorySearch,
    offset: number,
    limit: number,
  ): Promise<readonly HistoryEntry[]> {
    const list = this.histories.get(userId) ?? [];
    return Promise.resolve(
      list
        .filter((entry) => matchesSearch(entry, search))
        .reverse()
        .slice(offset, offset + limit),
    );
  }

  follow(follower: UserId, followee: Followee, cap: number): Promise<"followed" | "quota"> {
    const mine = this.follows.get(follower) ?? new Map<UserId, Followee>();
    if (mine.has(followee.id)) return Promise.resolve("followed");
    if (mine.size >= cap) return Promise.resolve("quota");
    mine.set(followee.id, followee);
    this.follows.set(follower, mine);
    return Promise.resolve("followed");
  }

  unfollow(follower: UserId, followee: UserId): Promise<void> {
    this.follows.get(follower)?.delete(followee);
    return Promise.resolve();
  }

  following(follower: UserId): Promise<readonly Followee[]> {
    return Promise.resolve([...(this.follows.get(follower)?.values() ?? [])]);
  }

  record(userId: UserId): Promise<WinDrawLoss> {
    return Promise.resolve(tally(this.histories.get(userId) ?? []));
  }

  ratingHistory(userId: UserId, limit: number): Promise<readonly RatingPoint[]> {
    const points = (this.histories.get(userId) ?? []).flatMap((entry) =>
      entry.ratingAfter === null
        ? []
        : [{ gameId: entry.gameId, speed: entry.speed, at: entry.endedAt, rating: entry.ratingAfter }],
    );
    return Promise.resolve(points.slice(-limit));
  }

  leaderboard(gameId: string, speed: RatingSpeed, limit: number): Promise<readonly LeaderboardEntry[]> {
    const rows = [...this.ratings.values()]
      .filter((r) => r.gameId === gameId && r.speed === speed && onLeaderboard(r.rd))
      .sort((a, b) => b.rating - a.rating)
      .slice(0, limit)
      .map((r) => ({
        name: this.accounts.get(r.userId)?.name ?? r.userId,
        rating: Math.round(r.rating),
        rd: Math.round(r.rd),
        games: r.games,
      }));
    return Promise.resolve(rows);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
