import {
  type GameOutcome,
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
import { type Glicko } from "../../ratings/glicko2.js";

export { type Glicko };

/** An account as stored: `nameKey` (the name lower-cased) is unique; the id is the guest's it claimed. */
export interface AccountRecord {
  readonly id: UserId;
  readonly name: string;
  readonly nameKey: string;
  readonly bot: boolean;
  /** `scrypt$N$r$p$salt$key` (accounts/passwords.ts). */
  readonly passwordHash: string;
  readonly createdAt: number;
  /**
   * When the account was closed (docs/protocol.md, "Closing an account"); absent or null while it is open.
   * A closed account keeps its name and games, and has no password (the hash is "").
   */
  readonly closedAt?: number | null;
}

export type CreateAccountResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: "name-taken" | "name-confusable" | "already-registered" };

/** A player's rating in one pool (game × speed). */
export interface StoredRating extends Glicko {
  readonly gameId: string;
  readonly speed: RatingSpeed;
  readonly games: number;
  /** When its last rated game ended; null for a rating kept before this was (its RD does not grow). */
  readonly ratedAt: number | null;
}

/** A player's rating in the pool before a game: what rating it needs and when it last changed. */
export type RatingBefore = Glicko & { readonly ratedAt?: number | null };

/** One human seat of a finished game, as the game index keeps it. */
export interface FinishedSeat {
  readonly seat: number;
  readonly userId: UserId;
  readonly name: string;
  readonly outcome: GameOutcome;
}

/** A finished (not aborted) game, recorded once per match id in every human player's history. */
export interface FinishedGame {
  readonly matchId: MatchId;
  readonly gameId: string;
  readonly speed: RatingSpeed;
  readonly endedAt: number;
  /** Rated: exactly two seats, both accounts, neither a bot (ratings/eligibility.ts). */
  readonly rated: boolean;
  readonly seats: readonly FinishedSeat[];
}

/**
 * The new ratings of a rated game's two players from their ratings before it (null: never rated in this
 * pool). Pure: a store may call it again if another game changed a rating meanwhile (Redis).
 */
export type RateFn = (before: readonly (RatingBefore | null)[]) => readonly Glicko[];

/**
 * A token bucket: `capacity` tokens, one more every `refillMs`. A bucket untouched for `BUCKET_IDLE_MS` is
 * full again, which is what a missing bucket is: stores drop those (floods of made-up names leave no trace).
 */
export const BUCKET_IDLE_MS = 10 * 60_000;

/** A token bucket: `capacity` tokens, one more every `refillMs` (full within `BUCKET_IDLE_MS`). */
export interface Bucket {
  readonly capacity: number;
  readonly refillMs: number;
}

/** The tokens a bucket holds at `now` that held `tokens` at `at`; a bucket never seen is full. */
export function bucketLevel(
  stored: { readonly tokens: number; readonly at: number } | null | undefined,
  bucket: Bucket,
  now: number,
): number {
  if (stored == null) return bucket.capacity;
  return Math.min(bucket.capacity, stored.tokens + Math.max(0, now - stored.at) / bucket.refillMs);
}

/**
 * Players: accounts, login buckets, ratings and each player's game index (docs/architecture.md,
 * "Storage"). Memory, SQLite and Redis implement it; `players.contract.test.ts` runs on each. Every method
 * may reject when the backing service is down.
 */
export interface PlayerStore {
  /**
   * Creates an account unless its name (without regard to case), its name's skeleton (a look-alike:
   * `nameSkeleton`, name-skeleton.ts) or its user id is taken.
   */
  createAccount(account: AccountRecord): Promise<CreateAccountResult>;
  accountByName(name: string): Promise<AccountRecord | null>;
  /** The account whose name has this skeleton (`nameSkeleton`), if any. */
  accountBySkeleton(skeleton: string): Promise<AccountRecord | null>;
  accountById(id: UserId): Promise<AccountRecord | null>;
  /** Replaces the account's password hash (a password change or reset); false when there is no such account. */
  setPasswordHash(id: UserId, passwordHash: string): Promise<boolean>;
  /**
   * Closes the account at `at` (docs/protocol.md, "Closing an account"), in one step: `closedAt` set, the
   * password hash emptied, its follows of others and others' follows of it removed. Its name and skeleton
   * stay held. False when there is no such account or it was closed already.
   */
  closeAccount(id: UserId, at: number): Promise<boolean>;
  /**
   * Frees a closed account's name and skeleton for others to register (the account keeps its name for its
   * games). False when the account is not closed or does not hold them any more.
   */
  releaseName(id: UserId): Promise<boolean>;
  /** Takes a token from the bucket `key`: false when it is empty (every process shares the buckets). */
  takeToken(key: string, bucket: Bucket, now: number): Promise<boolean>;
  /** The tokens the bucket `key` holds at `now` (fractions count), without taking one. */
  tokensLeft(key: string, bucket: Bucket, now: number): Promise<number>;
  /**
   * Records a finished game once per match id, atomically: every seat's history entry, and for a rated
   * game both ratings (computed by `rate` from the ratings as they stand inside the same atomic step).
   * Answers the rating changes it applied, or null when the game was already recorded.
   */
  recordGame(game: FinishedGame, rate: RateFn): Promise<readonly RatingChange[] | null>;
  /** The changes a rated game made, once recorded (empty otherwise). */
  matchRatings(matchId: MatchId): Promise<readonly RatingChange[]>;
  ratingsOf(userId: UserId): Promise<readonly StoredRating[]>;
  /**
   * Forgets the user's rating in a pool (a moderator's reset, docs/protocol.md "Moderation"): the next
   * rated game starts from the default, and the leaderboard drops them. Whether there was one.
   */
  resetRating(userId: UserId, gameId: string, speed: RatingSpeed): Promise<boolean>;
  /** Finished games that match the search (`matchesSearch`), newest first. */
  history(
    userId: UserId,
    search: HistorySearch,
    offset: number,
    limit: number,
  ): Promise<readonly HistoryEntry[]>;
  record(userId: UserId): Promise<WinDrawLoss>;
  /** Rating after each rated game, oldest first (the newest `limit`). */
  ratingHistory(userId: UserId, limit: number): Promise<readonly RatingPoint[]>;
  /** The best non-provisional ratings of a pool (RD ≤ 110), highest first. */
  leaderboard(gameId: string, speed: RatingSpeed, limit: number): Promise<readonly LeaderboardEntry[]>;
  /**
   * `follower` follows `followee` (docs/protocol.md, "Follows"), atomically against the cap: `quota` when
   * they already follow `cap` others; following someone again changes nothing.
   */
  follow(follower: UserId, followee: Followee, cap: number): Promise<"followed" | "quota">;
  unfollow(follower: UserId, followee: UserId): Promise<void>;
  /** Whom `follower` follows, the earliest first. */
  following(follower: UserId): Promise<readonly Followee[]>;
  close(): Promise<void>;
}

/** A followed account: its id, its name (an account's name never changes) and when it was followed. */
export interface Followee {
  readonly id: UserId;
  readonly name: string;
  readonly since: number;
}

/** ASCII letters lower-cased, other characters as they are: how opponents' names are compared in a search. */
export function asciiFold(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** Whether a history entry matches a search: every field given must hold (SQLite's query says the same). */
export function matchesSearch(entry: HistoryEntry, search: HistorySearch): boolean {
  if (search.gameId !== undefined && entry.gameId !== search.gameId) return false;
  if (search.outcome !== undefined && entry.outcome !== search.outcome) return false;
  if (search.from !== undefined && entry.endedAt < search.from) return false;
  if (search.to !== undefined && entry.endedAt > search.to) return false;
  if (search.opponent !== undefined) {
    const wanted = asciiFold(search.opponent);
    if (!entry.opponents.some((name) => asciiFold(name) === wanted)) return false;
  }
  return true;
}
