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
import { type RedisClient, timed } from "./connection.js";
import {
  type AccountRecord,
  type Bucket,
  bucketLevel,
  type CreateAccountResult,
  type FinishedGame,
  type Followee,
  type Glicko,
  matchesSearch,
  type PlayerStore,
  type RateFn,
  type StoredRating,
} from "../ports/players.js";
import { nameSkeleton } from "../ports/name-skeleton.js";
import { onLeaderboard, planRecord } from "../ports/player-records.js";

const CREATE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 'name-taken' end
if redis.call('EXISTS', KEYS[3]) == 1 then return 'name-confusable' end
if redis.call('EXISTS', KEYS[2]) == 1 then return 'already-registered' end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('SET', KEYS[3], ARGV[1])
redis.call('HSET', KEYS[2], 'account', ARGV[2])
return 'ok'
`;

// A token bucket; numbers are passed back as strings (Redis would truncate Lua numbers to integers).
// Sets one field of an account's JSON: KEYS[1] the account's hash; ARGV[1] the field, ARGV[2] its value as
// JSON. 0 when there is no account.
const SET_FIELD = `
local json = redis.call('HGET', KEYS[1], 'account')
if not json then return 0 end
local account = cjson.decode(json)
account[ARGV[1]] = cjson.decode(ARGV[2])
redis.call('HSET', KEYS[1], 'account', cjson.encode(account))
return 1
`;

// Closes an account: KEYS[1] its hash, KEYS[2] its follows; ARGV[1] the time. 0 when there is none or it
// is closed already. Others' follows of it are removed after (closeAccount): they are in their own keys.
const CLOSE = `
local json = redis.call('HGET', KEYS[1], 'account')
if not json then return 0 end
local account = cjson.decode(json)
if account['closedAt'] ~= nil and account['closedAt'] ~= cjson.null then return 0 end
account['closedAt'] = tonumber(ARGV[1])
account['passwordHash'] = ''
redis.call('HSET', KEYS[1], 'account', cjson.encode(account))
redis.call('DEL', KEYS[2])
return 1
`;

// Frees a closed account's name (KEYS[2]) and skeleton (KEYS[3]) if they still name it (ARGV[1]); KEYS[1]
// its hash. 1 when the name was freed.
const RELEASE = `
local json = redis.call('HGET', KEYS[1], 'account')
if not json then return 0 end
local account = cjson.decode(json)
if account['closedAt'] == nil or account['closedAt'] == cjson.null then return 0 end
if redis.call('GET', KEYS[3]) == ARGV[1] then redis.call('DEL', KEYS[3]) end
if redis.call('GET', KEYS[2]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[2])
return 1
`;

const TAKE = `
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local capacity, refill, now = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local tokens = tonumber(state[1]) or capacity
local at = tonumber(state[2]) or now
tokens = math.min(capacity, tokens + math.max(0, now - at) / refill)
local taken = 0
if tokens >= 1 then
  tokens = tokens - 1
  taken = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', ARGV[3])
redis.call('PEXPIRE', KEYS[1], math.ceil(capacity * refill))
return taken
`;

// Records a game once (KEYS[1] is the guard), compare-and-set on every player's rating in the pool: if a
// rating is not what the caller computed from (another game of theirs was recorded meanwhile), nothing is
// written and the caller computes again. KEYS per seat i (1-based, n seats): 1+i ratings hash,
// 1+n+i games list, 1+2n+i outcome counts, 1+3n+i rating points; KEYS[2+4n] the pool's leaderboard.
// ARGV: n, the pool field, the changes JSON, then 7 per seat: the rating read ('' if none), the new
// rating ('' if unrated), the history entry, the outcome, the rating point ('' if unrated), the user id,
// '1' if the new rating goes on the leaderboard.
const RECORD = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local n = tonumber(ARGV[1])
local field = ARGV[2]
for i = 1, n do
  local current = redis.call('HGET', KEYS[1 + i], field) or ''
  if current ~= ARGV[3 + (i - 1) * 7 + 1] then return -1 end
end
for i = 1, n do
  local base = 3 + (i - 1) * 7
  local rating, entry, outcome, point, user, board = ARGV[base + 2], ARGV[base + 3], ARGV[base + 4], ARGV[base + 5], ARGV[base + 6], ARGV[base + 7]
  if rating ~= '' then
    redis.call('HSET', KEYS[1 + i], field, rating)
    if board == '1' then
      redis.call('ZADD', KEYS[2 + 4 * n], cjson.decode(rating).rating, user)
    else
      redis.call('ZREM', KEYS[2 + 4 * n], user)
    end
  end
  redis.call('LPUSH', KEYS[1 + n + i], entry)
  redis.call('HINCRBY', KEYS[1 + 2 * n + i], outcome, 1)
  if point ~= '' then redis.call('RPUSH', KEYS[1 + 3 * n + i], point) end
end
redis.call('SET', KEYS[1], ARGV[3])
return 1
`;

// Follows one account against the cap (KEYS[1]: the follower's HASH followee id → JSON); 1 followed, 0 quota.
const FOLLOW = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 1 end
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1
`;

/** A search reads a player's games list this many entries at a time until it has a page. */
const SEARCH_CHUNK = 500;

/** How often recording a game is tried again when another game changed a player's rating meanwhile. */
const RECORD_ATTEMPTS = 20;

interface StoredJson extends Glicko {
  readonly games: number;
  /** Absent in ratings kept before it was. */
  readonly ratedAt?: number;
}

/**
 * Players in Redis, shared by every process (keys under `<prefix>p:`, docs/architecture.md "Storage"):
 * `p:name:<key>` → user id, `p:user:<id>` (HASH: the account's JSON), `p:sess:<id>` → user id,
 * `p:bucket:<key>` (HASH, expiring when full again), `p:ratings:<id>` (HASH "<game> <speed>" → JSON),
 * `p:rec:<match>` (the guard and the game's changes), `p:games:<id>` (LIST, newest first),
 * `p:wdl:<id>` (HASH of counts), `p:points:<id>` (LIST, oldest first), `p:board:<game>:<speed>` (ZSET),
 * `p:follows:<id>` (HASH followee id → `{name, since}`).
 */
export class RedisPlayerStore implements PlayerStore {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  private key(...parts: string[]): string {
    return `${this.prefix}p:${parts.join(":")}`;
  }

  async createAccount(account: AccountRecord): Promise<CreateAccountResult> {
    const reply = await timed(
      this.client.eval(CREATE, {
        keys: [
          this.key("name", account.nameKey),
          this.key("user", account.id),
          this.key("skeleton", nameSkeleton(account.name)),
        ],
        arguments: [account.id, JSON.stringify(account)],
      }),
    );
    if (reply === "ok") return { ok: true };
    if (reply === "name-taken" || reply === "name-confusable") return { ok: false, reason: reply };
    return { ok: false, reason: "already-registered" };
  }

  /**
   * Gives every account made before names had skeletons its skeleton key (the first of two look-alikes
   * keeps it); run once when the backend opens. Accounts are few next to games: one scan.
   */
  async fillSkeletons(): Promise<number> {
    let filled = 0;
    for await (const batch of this.client.scanIterator({ MATCH: this.key("user", "*"), COUNT: 500 })) {
      for (const key of [batch].flat()) {
        const json = await timed(this.client.hGet(key, "account"));
        if (json == null) continue;
        const account = JSON.parse(json) as AccountRecord;
        const set = await timed(
          this.client.set(this.key("skeleton", nameSkeleton(account.name)), account.id, { NX: true }),
        );
        if (set !== null) filled++;
      }
    }
    return filled;
  }

  async accountBySkeleton(skeleton: string): Promise<AccountRecord | null> {
    const id = await timed(this.client.get(this.key("skeleton", skeleton)));
    return id === null ? null : this.accountById(asUserId(id));
  }

  async accountByName(name: string): Promise<AccountRecord | null> {
    const id = await timed(this.client.get(this.key("name", name.toLowerCase())));
    return id === null ? null : this.accountById(asUserId(id));
  }

  async accountById(id: UserId): Promise<AccountRecord | null> {
    const json = await timed(this.client.hGet(this.key("user", id), "account"));
    return json === null || json === undefined ? null : (JSON.parse(json) as AccountRecord);
  }

  async setPasswordHash(id: UserId, passwordHash: string): Promise<boolean> {
    const reply = await timed(
      this.client.eval(SET_FIELD, {
        keys: [this.key("user", id)],
        arguments: ["passwordHash", JSON.stringify(passwordHash)],
      }),
    );
    return reply === 1;
  }

  async closeAccount(id: UserId, at: number): Promise<boolean> {
    const reply = await timed(
      this.client.eval(CLOSE, {
        keys: [this.key("user", id), this.key("follows", id)],
        arguments: [String(at)],
      }),
    );
    if (reply !== 1) return false;
    // Others' follows of it: one scan over the follow hashes (closing is rare, accounts few next to games).
    for await (const batch of this.client.scanIterator({ MATCH: this.key("follows", "*"), COUNT: 500 })) {
      for (const key of [batch].flat()) await timed(this.client.hDel(key, id));
    }
    return true;
  }

  async releaseName(id: UserId): Promise<boolean> {
    const account = await this.accountById(id);
    if (account === null) return false;
    const reply = await timed(
      this.client.eval(RELEASE, {
        keys: [
          this.key("user", id),
          this.key("name", account.nameKey),
          this.key("skeleton", nameSkeleton(account.name)),
        ],
        arguments: [id],
      }),
    );
    return reply === 1;
  }

  async takeToken(key: string, bucket: Bucket, now: number): Promise<boolean> {
    const reply = await timed(
      this.client.eval(TAKE, {
        keys: [this.key("bucket", key)],
        arguments: [String(bucket.capacity), String(bucket.refillMs), String(now)],
      }),
    );
    return reply === 1;
  }

  async tokensLeft(key: string, bucket: Bucket, now: number): Promise<number> {
    const [tokens, at] = await timed(this.client.hmGet(this.key("bucket", key), ["tokens", "at"]));
    const stored = tokens == null || at == null ? null : { tokens: Number(tokens), at: Number(at) };
    return bucketLevel(stored, bucket, now);
  }

  async recordGame(game: FinishedGame, rate: RateFn): Promise<readonly RatingChange[] | null> {
    const field = `${game.gameId} ${game.speed}`;
    const n = game.seats.length;
    const keys = [
      this.key("rec", game.matchId),
      ...game.seats.map((seat) => this.key("ratings", seat.userId)),
      ...game.seats.map((seat) => this.key("games", seat.userId)),
      ...game.seats.map((seat) => this.key("wdl", seat.userId)),
      ...game.seats.map((seat) => this.key("points", seat.userId)),
      this.key("board", game.gameId, game.speed),
    ];
    for (let attempt = 0; attempt < RECORD_ATTEMPTS; attempt++) {
      const read = await timed(
        Promise.all(game.seats.map((seat) => this.client.hGet(this.key("ratings", seat.userId), field))),
      );
      const current = read.map((json) =>
        json === null || json === undefined ? null : (JSON.parse(json) as StoredJson),
      );
      const plan = planRecord(
        game,
        current,
        current.map((rating) => rating?.games ?? 0),
        rate,
      );
      const perSeat = game.seats.flatMap((seat, i) => {
        const rating = plan.ratings[i];
        const entry = plan.entries[i]?.[1];
        const stored: StoredJson | null =
          rating === undefined
            ? null
            : {
                rating: rating.rating,
                rd: rating.rd,
                volatility: rating.volatility,
                games: rating.games,
                ratedAt: game.endedAt,
              };
        const point: RatingPoint | null =
          rating === undefined
            ? null
            : { gameId: game.gameId, speed: game.speed, at: game.endedAt, rating: Math.round(rating.rating) };
        return [
          read[i] ?? "",
          stored === null ? "" : JSON.stringify(stored),
          JSON.stringify(entry),
          seat.outcome,
          point === null ? "" : JSON.stringify(point),
          seat.userId,
          rating !== undefined && onLeaderboard(rating.rd) ? "1" : "0",
        ];
      });
      const reply = await timed(
        this.client.eval(RECORD, {
          keys,
          arguments: [String(n), field, JSON.stringify(plan.changes), ...perSeat],
        }),
      );
      if (reply === 1) return plan.changes;
      if (reply === 0) return null;
    }
    throw new Error(`recording ${game.matchId}: its players' ratings kept changing`);
  }

  async matchRatings(matchId: MatchId): Promise<readonly RatingChange[]> {
    const json = await timed(this.client.get(this.key("rec", matchId)));
    return json === null ? [] : (JSON.parse(json) as RatingChange[]);
  }

  async resetRating(userId: UserId, gameId: string, speed: RatingSpeed): Promise<boolean> {
    // A game recorded meanwhile sees its read rating changed and plans again (`recordGame`).
    const [removed] = await timed(
      this.client
        .multi()
        .hDel(this.key("ratings", userId), `${gameId} ${speed}`)
        .zRem(this.key("board", gameId, speed), userId)
        .exec(),
    );
    return Number(removed) === 1;
  }

  async ratingsOf(userId: UserId): Promise<readonly StoredRating[]> {
    const all = await timed(this.client.hGetAll(this.key("ratings", userId)));
    return Object.entries(all).map(([field, json]) => {
      const [gameId = "", speed = "blitz"] = field.split(" ");
      const stored = JSON.parse(json) as StoredJson;
      return { ...stored, gameId, speed: speed as RatingSpeed, ratedAt: stored.ratedAt ?? null };
    });
  }

  /**
   * Without a search, one range of the list. With one, the list is read newest first in chunks and
   * filtered here (Redis keeps no secondary index of a player's games; SQLite, the default, does).
   */
  async history(
    userId: UserId,
    search: HistorySearch,
    offset: number,
    limit: number,
  ): Promise<readonly HistoryEntry[]> {
    const key = this.key("games", userId);
    if (Object.values(search).every((value) => value === undefined)) {
      const rows = await timed(this.client.lRange(key, offset, offset + limit - 1));
      return rows.map((json) => JSON.parse(json) as HistoryEntry);
    }
    const found: HistoryEntry[] = [];
    for (let start = 0; found.length < offset + limit; start += SEARCH_CHUNK) {
      const rows = await timed(this.client.lRange(key, start, start + SEARCH_CHUNK - 1));
      for (const json of rows) {
        const entry = JSON.parse(json) as HistoryEntry;
        if (matchesSearch(entry, search)) found.push(entry);
      }
      if (rows.length < SEARCH_CHUNK) break;
    }
    return found.slice(offset, offset + limit);
  }

  async follow(follower: UserId, followee: Followee, cap: number): Promise<"followed" | "quota"> {
    const reply = await timed(
      this.client.eval(FOLLOW, {
        keys: [this.key("follows", follower)],
        arguments: [followee.id, JSON.stringify({ name: followee.name, since: followee.since }), String(cap)],
      }),
    );
    return reply === 1 ? "followed" : "quota";
  }

  async unfollow(follower: UserId, followee: UserId): Promise<void> {
    await timed(this.client.hDel(this.key("follows", follower), followee));
  }

  async following(follower: UserId): Promise<readonly Followee[]> {
    const all = await timed(this.client.hGetAll(this.key("follows", follower)));
    return Object.entries(all)
      .map(([id, json]) => {
        const { name, since } = JSON.parse(json) as { name: string; since: number };
        return { id: asUserId(id), name, since };
      })
      .sort((a, b) => a.since - b.since || a.id.localeCompare(b.id));
  }

  async record(userId: UserId): Promise<WinDrawLoss> {
    const counts = await timed(this.client.hGetAll(this.key("wdl", userId)));
    return {
      wins: Number(counts.win ?? 0),
      draws: Number(counts.draw ?? 0),
      losses: Number(counts.loss ?? 0),
    };
  }

  async ratingHistory(userId: UserId, limit: number): Promise<readonly RatingPoint[]> {
    const rows = await timed(this.client.lRange(this.key("points", userId), -limit, -1));
    return rows.map((json) => JSON.parse(json) as RatingPoint);
  }

  async leaderboard(gameId: string, speed: RatingSpeed, limit: number): Promise<readonly LeaderboardEntry[]> {
    const ids = await timed(
      this.client.zRange(this.key("board", gameId, speed), 0, limit - 1, { REV: true }),
    );
    const field = `${gameId} ${speed}`;
    const rows = await timed(
      Promise.all(
        ids.map(async (id) => {
          const [account, json] = await Promise.all([
            this.client.hGet(this.key("user", id), "account"),
            this.client.hGet(this.key("ratings", id), field),
          ]);
          if (account === null || account === undefined || json === null || json === undefined) return null;
          const rating = JSON.parse(json) as StoredJson;
          return {
            name: (JSON.parse(account) as AccountRecord).name,
            rating: Math.round(rating.rating),
            rd: Math.round(rating.rd),
            games: rating.games,
          };
        }),
      ),
    );
    return rows.filter((row): row is LeaderboardEntry => row !== null);
  }

  /** The connection is the match store's: it closes it. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}
