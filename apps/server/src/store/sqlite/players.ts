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
  asUserId,
} from "@arena/protocol";
import type Database from "better-sqlite3";
import {
  type AccountRecord,
  type Bucket,
  bucketLevel,
  BUCKET_IDLE_MS,
  type CreateAccountResult,
  type FinishedGame,
  type Followee,
  type PlayerStore,
  type RateFn,
  type StoredRating,
} from "../ports/players.js";
import { nameSkeleton } from "../ports/name-skeleton.js";
import { LEADERBOARD_MAX_RD, planRecord } from "../ports/player-records.js";

/** Idle login buckets are deleted once every this many takes. */
const SWEEP_EVERY_TAKES = 1_000;

interface AccountRow {
  user_id: string;
  name: string;
  name_key: string;
  bot: number;
  password_hash: string;
  created_at: number;
  closed_at: number | null;
}

interface RatingRow {
  game_id: string;
  speed: RatingSpeed;
  rating: number;
  rd: number;
  volatility: number;
  games: number;
  rated_at: number | null;
}

const toAccount = (row: AccountRow): AccountRecord => ({
  id: asUserId(row.user_id),
  name: row.name,
  nameKey: row.name_key,
  bot: row.bot === 1,
  passwordHash: row.password_hash,
  createdAt: row.created_at,
  ...(row.closed_at === null ? {} : { closedAt: row.closed_at }),
});

const toRating = (row: RatingRow): StoredRating => ({
  gameId: row.game_id,
  speed: row.speed,
  rating: row.rating,
  rd: row.rd,
  volatility: row.volatility,
  games: row.games,
  ratedAt: row.rated_at,
});

/**
 * A player's games matching a search, newest first; its parameters end with LIMIT and OFFSET. Only the
 * fields given become clauses, so SQLite picks the index that fits (the game's or the outcome's, both
 * per user and newest first: the game-search step in schema.ts); the rest filter that user's rows.
 * The same rules as `matchesSearch` (an opponent's name: ASCII letters without regard to case).
 */
export function searchQuery(userId: UserId, search: HistorySearch): { sql: string; params: unknown[] } {
  const clauses = ["user_id = ?"];
  const params: unknown[] = [userId];
  if (search.gameId !== undefined) {
    clauses.push("json_extract(entry, '$.gameId') = ?");
    params.push(search.gameId);
  }
  if (search.outcome !== undefined) {
    clauses.push("outcome = ?");
    params.push(search.outcome);
  }
  if (search.from !== undefined) {
    clauses.push("json_extract(entry, '$.endedAt') >= ?");
    params.push(search.from);
  }
  if (search.to !== undefined) {
    clauses.push("json_extract(entry, '$.endedAt') <= ?");
    params.push(search.to);
  }
  if (search.opponent !== undefined) {
    clauses.push("EXISTS (SELECT 1 FROM json_each(entry, '$.opponents') WHERE value = ? COLLATE NOCASE)");
    params.push(search.opponent);
  }
  const sql = `SELECT entry FROM player_games WHERE ${clauses.join(" AND ")} ORDER BY seq DESC LIMIT ? OFFSET ?`;
  return { sql, params };
}

/**
 * The player tables (`player_*`, migration 2 in schema.ts) on the SQLite store's writer
 * connection. better-sqlite3 is synchronous and the store's batches run whole within one event-loop turn,
 * so these statements never interleave with a batch; recording a game is one transaction (the
 * `player_recorded_matches` row is its guard: a game is recorded once).
 */
export class SqlitePlayerStore implements PlayerStore {
  private readonly statements;
  private takes = 0;
  /** The prepared search statements, by their SQL (at most one per combination of search fields). */
  private readonly searches = new Map<string, Database.Statement<unknown[], { entry: string }>>();
  private readonly followTransaction: (
    follower: UserId,
    followee: Followee,
    cap: number,
  ) => "followed" | "quota";
  private readonly recordTransaction: (game: FinishedGame, rate: RateFn) => readonly RatingChange[] | null;

  constructor(private readonly db: Database.Database) {
    this.statements = {
      insertAccount: db.prepare(
        `INSERT INTO player_accounts (user_id, name, name_key, bot, password_hash, created_at)
         VALUES (@id, @name, @nameKey, @bot, @passwordHash, @createdAt)`,
      ),
      accountByKey: db.prepare<[string], AccountRow>(`SELECT * FROM player_accounts WHERE name_key = ?`),
      accountById: db.prepare<[string], AccountRow>(`SELECT * FROM player_accounts WHERE user_id = ?`),
      accountBySkeleton: db.prepare<[string], AccountRow>(
        `SELECT a.* FROM player_name_skeletons s JOIN player_accounts a ON a.user_id = s.user_id
         WHERE s.skeleton = ?`,
      ),
      insertSkeleton: db.prepare(
        `INSERT OR IGNORE INTO player_name_skeletons (skeleton, user_id) VALUES (?, ?)`,
      ),
      unskeletoned: db.prepare<[], { user_id: string; name: string }>(
        `SELECT user_id, name FROM player_accounts
         WHERE user_id NOT IN (SELECT user_id FROM player_name_skeletons)`,
      ),
      setPasswordHash: db.prepare(`UPDATE player_accounts SET password_hash = ? WHERE user_id = ?`),
      closeAccount: db.prepare(
        `UPDATE player_accounts SET closed_at = ?, password_hash = '' WHERE user_id = ? AND closed_at IS NULL`,
      ),
      deleteFollowsOf: db.prepare(`DELETE FROM player_follows WHERE follower_id = ? OR followee_id = ?`),
      // A freed name's key becomes one no name lower-cases to ('#' is not allowed in names).
      releaseName: db.prepare(
        `UPDATE player_accounts SET name_key = '#closed:' || user_id
         WHERE user_id = ? AND closed_at IS NOT NULL AND name_key NOT LIKE '#closed:%'`,
      ),
      deleteSkeletons: db.prepare(`DELETE FROM player_name_skeletons WHERE user_id = ?`),
      bucket: db.prepare<[string], { tokens: number; at: number }>(
        `SELECT tokens, at FROM player_login_buckets WHERE key = ?`,
      ),
      putBucket: db.prepare(`INSERT OR REPLACE INTO player_login_buckets (key, tokens, at) VALUES (?, ?, ?)`),
      sweepBuckets: db.prepare(`DELETE FROM player_login_buckets WHERE at < ?`),
      recorded: db.prepare<[string], { changes: string }>(
        `SELECT changes FROM player_recorded_matches WHERE match_id = ?`,
      ),
      insertRecorded: db.prepare(`INSERT INTO player_recorded_matches (match_id, changes) VALUES (?, ?)`),
      rating: db.prepare<[string, string, string], RatingRow>(
        `SELECT * FROM player_ratings WHERE user_id = ? AND game_id = ? AND speed = ?`,
      ),
      putRating: db.prepare(
        `INSERT OR REPLACE INTO player_ratings (user_id, game_id, speed, rating, rd, volatility, games, rated_at)
         VALUES (@userId, @gameId, @speed, @rating, @rd, @volatility, @games, @ratedAt)`,
      ),
      resetRating: db.prepare(`DELETE FROM player_ratings WHERE user_id = ? AND game_id = ? AND speed = ?`),
      ratingsOf: db.prepare<[string], RatingRow>(`SELECT * FROM player_ratings WHERE user_id = ?`),
      insertGame: db.prepare(
        `INSERT OR IGNORE INTO player_games (user_id, match_id, outcome, entry) VALUES (?, ?, ?, ?)`,
      ),
      followCount: db.prepare<[string], { n: number }>(
        `SELECT count(*) AS n FROM player_follows WHERE follower_id = ?`,
      ),
      follows: db.prepare<[string, string], { n: number }>(
        `SELECT 1 AS n FROM player_follows WHERE follower_id = ? AND followee_id = ?`,
      ),
      insertFollow: db.prepare(
        `INSERT OR IGNORE INTO player_follows (follower_id, followee_id, followee_name, since) VALUES (?, ?, ?, ?)`,
      ),
      deleteFollow: db.prepare(`DELETE FROM player_follows WHERE follower_id = ? AND followee_id = ?`),
      following: db.prepare<[string], { followee_id: string; followee_name: string; since: number }>(
        `SELECT followee_id, followee_name, since FROM player_follows WHERE follower_id = ? ORDER BY since, followee_id`,
      ),
      tally: db.prepare<[string], { outcome: string; n: number }>(
        `SELECT outcome, count(*) AS n FROM player_games WHERE user_id = ? GROUP BY outcome`,
      ),
      ratedHistory: db.prepare<[string, number], { entry: string }>(
        `SELECT entry FROM player_games WHERE user_id = ? AND json_extract(entry, '$.rated')
         ORDER BY seq DESC LIMIT ?`,
      ),
      leaderboard: db.prepare<[string, string, number, number], LeaderboardEntry>(
        `SELECT a.name AS name, round(r.rating) AS rating, round(r.rd) AS rd, r.games AS games
         FROM player_ratings r JOIN player_accounts a ON a.user_id = r.user_id
         WHERE r.game_id = ? AND r.speed = ? AND r.rd <= ?
         ORDER BY r.rating DESC LIMIT ?`,
      ),
    };
    // Accounts made before names had skeletons get theirs (the first of two look-alikes keeps it).
    for (const row of this.statements.unskeletoned.all()) {
      this.statements.insertSkeleton.run(nameSkeleton(row.name), row.user_id);
    }
    this.recordTransaction = db.transaction((game: FinishedGame, rate: RateFn) => {
      if (this.statements.recorded.get(game.matchId) !== undefined) return null;
      const current = game.seats.map((seat) => {
        const row = this.statements.rating.get(seat.userId, game.gameId, game.speed);
        return row === undefined ? null : toRating(row);
      });
      const plan = planRecord(
        game,
        current,
        current.map((rating) => rating?.games ?? 0),
        rate,
      );
      for (const rating of plan.ratings) this.statements.putRating.run(rating);
      for (const [userId, entry] of plan.entries) {
        this.statements.insertGame.run(userId, game.matchId, entry.outcome, JSON.stringify(entry));
      }
      this.statements.insertRecorded.run(game.matchId, JSON.stringify(plan.changes));
      return plan.changes;
    });
    this.followTransaction = db.transaction((follower: UserId, followee: Followee, cap: number) => {
      if (this.statements.follows.get(follower, followee.id) !== undefined) return "followed" as const;
      if ((this.statements.followCount.get(follower)?.n ?? 0) >= cap) return "quota" as const;
      this.statements.insertFollow.run(follower, followee.id, followee.name, followee.since);
      return "followed" as const;
    });
  }

  createAccount(account: AccountRecord): Promise<CreateAccountResult> {
    return this.attempt((): CreateAccountResult => {
      const skeleton = nameSkeleton(account.name);
      if (this.statements.accountByKey.get(account.nameKey) !== undefined) {
        return { ok: false, reason: "name-taken" };
      }
      if (this.statements.accountBySkeleton.get(skeleton) !== undefined) {
        return { ok: false, reason: "name-confusable" };
      }
      if (this.statements.accountById.get(account.id) !== undefined) {
        return { ok: false, reason: "already-registered" };
      }
      this.db.transaction(() => {
        this.statements.insertAccount.run({ ...account, bot: account.bot ? 1 : 0 });
        this.statements.insertSkeleton.run(skeleton, account.id);
      })();
      return { ok: true };
    });
  }

  accountBySkeleton(skeleton: string): Promise<AccountRecord | null> {
    return this.attempt(() => {
      const row = this.statements.accountBySkeleton.get(skeleton);
      return row === undefined ? null : toAccount(row);
    });
  }

  accountByName(name: string): Promise<AccountRecord | null> {
    return this.attempt(() => {
      const row = this.statements.accountByKey.get(name.toLowerCase());
      return row === undefined ? null : toAccount(row);
    });
  }

  accountById(id: UserId): Promise<AccountRecord | null> {
    return this.attempt(() => {
      const row = this.statements.accountById.get(id);
      return row === undefined ? null : toAccount(row);
    });
  }

  setPasswordHash(id: UserId, passwordHash: string): Promise<boolean> {
    return this.attempt(() => this.statements.setPasswordHash.run(passwordHash, id).changes === 1);
  }

  closeAccount(id: UserId, at: number): Promise<boolean> {
    return this.attempt(() =>
      this.db.transaction(() => {
        if (this.statements.closeAccount.run(at, id).changes !== 1) return false;
        this.statements.deleteFollowsOf.run(id, id);
        return true;
      })(),
    );
  }

  releaseName(id: UserId): Promise<boolean> {
    return this.attempt(() =>
      this.db.transaction(() => {
        if (this.statements.releaseName.run(id).changes !== 1) return false;
        this.statements.deleteSkeletons.run(id);
        return true;
      })(),
    );
  }

  takeToken(key: string, bucket: Bucket, now: number): Promise<boolean> {
    return this.attempt(() => {
      const current = this.statements.bucket.get(key) ?? { tokens: bucket.capacity, at: now };
      const tokens = Math.min(
        bucket.capacity,
        current.tokens + Math.max(0, now - current.at) / bucket.refillMs,
      );
      const taken = tokens >= 1;
      this.statements.putBucket.run(key, taken ? tokens - 1 : tokens, now);
      // Idle buckets are full again, as good as none: swept now and then (a flood of made-up names).
      if (++this.takes % SWEEP_EVERY_TAKES === 0) this.statements.sweepBuckets.run(now - BUCKET_IDLE_MS);
      return taken;
    });
  }

  tokensLeft(key: string, bucket: Bucket, now: number): Promise<number> {
    return this.attempt(() => bucketLevel(this.statements.bucket.get(key), bucket, now));
  }

  recordGame(game: FinishedGame, rate: RateFn): Promise<readonly RatingChange[] | null> {
    return this.attempt(() => this.recordTransaction(game, rate));
  }

  matchRatings(matchId: MatchId): Promise<readonly RatingChange[]> {
    return this.attempt(() => {
      const row = this.statements.recorded.get(matchId);
      return row === undefined ? [] : (JSON.parse(row.changes) as RatingChange[]);
    });
  }

  resetRating(userId: UserId, gameId: string, speed: RatingSpeed): Promise<boolean> {
    return this.attempt(() => this.statements.resetRating.run(userId, gameId, speed).changes === 1);
  }

  ratingsOf(userId: UserId): Promise<readonly StoredRating[]> {
    return this.attempt(() => this.statements.ratingsOf.all(userId).map(toRating));
  }

  history(
    userId: UserId,
    search: HistorySearch,
    offset: number,
    limit: number,
  ): Promise<readonly HistoryEntry[]> {
    return this.attempt(() => {
      const { sql, params } = searchQuery(userId, search);
      let statement = this.searches.get(sql);
      if (statement === undefined) {
        statement = this.db.prepare<unknown[], { entry: string }>(sql);
        this.searches.set(sql, statement);
      }
      return statement.all(...params, limit, offset).map((row) => JSON.parse(row.entry) as HistoryEntry);
    });
  }

  follow(follower: UserId, followee: Followee, cap: number): Promise<"followed" | "quota"> {
    return this.attempt(() => this.followTransaction(follower, followee, cap));
  }

  unfollow(follower: UserId, followee: UserId): Promise<void> {
    return this.attempt(() => {
      this.statements.deleteFollow.run(follower, followee);
    });
  }

  following(follower: UserId): Promise<readonly Followee[]> {
    return this.attempt(() =>
      this.statements.following.all(follower).map((row) => ({
        id: asUserId(row.followee_id),
        name: row.followee_name,
        since: row.since,
      })),
    );
  }

  record(userId: UserId): Promise<WinDrawLoss> {
    return this.attempt(() => {
      const counts = new Map(this.statements.tally.all(userId).map((row) => [row.outcome, row.n]));
      return {
        wins: counts.get("win") ?? 0,
        draws: counts.get("draw") ?? 0,
        losses: counts.get("loss") ?? 0,
      };
    });
  }

  ratingHistory(userId: UserId, limit: number): Promise<readonly RatingPoint[]> {
    return this.attempt(() =>
      this.statements.ratedHistory
        .all(userId, limit)
        .map((row) => JSON.parse(row.entry) as HistoryEntry)
        .reverse()
        .map((entry) => ({
          gameId: entry.gameId,
          speed: entry.speed,
          at: entry.endedAt,
          rating: entry.ratingAfter ?? 0,
        })),
    );
  }

  leaderboard(gameId: string, speed: RatingSpeed, limit: number): Promise<readonly LeaderboardEntry[]> {
    return this.attempt(() => this.statements.leaderboard.all(gameId, speed, LEADERBOARD_MAX_RD, limit));
  }

  /** The connection is the match store's: it closes it. */
  close(): Promise<void> {
    return Promise.resolve();
  }

  /** Runs a synchronous step, as a promise (a failure rejects, as a backing service's would). */
  private attempt<T>(step: () => T): Promise<T> {
    try {
      return Promise.resolve(step());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
