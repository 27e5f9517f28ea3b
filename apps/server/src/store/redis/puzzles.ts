import { formatPuzzle, type Puzzle, parsePuzzle } from "@arena/puzzles";
import {
  decodeAttempt,
  encodeAttempt,
  type Glicko,
  GUEST_PUZZLE_TTL_MS,
  HISTORY_KEPT,
  nearer,
  type PuzzleAttemptRecord,
  type PuzzlePick,
  type PuzzlePlayer,
  type PuzzleSolver,
  type PuzzleStore,
  type RatedWrite,
  type RecordOutcome,
  SEEN_KEPT,
  type StoredPuzzle,
} from "../ports/puzzles.js";
import { type RedisClient, timed } from "./connection.js";
import { LuaScript } from "./lua.js";

/** Puzzles per seed script: each run is atomic and short, so Redis is never blocked long. */
const SEED_CHUNK = 500;

// Adds the puzzles it lacks. ARGV[1] the key prefix, then per puzzle: id, game, rating, rd, volatility, the
// puzzle's line, its themes joined by '\n'. Returns how many were new.
const SEED = new LuaScript(`
local p = ARGV[1]
local added = 0
for i = 2, #ARGV, 7 do
  local id, game = ARGV[i], ARGV[i + 1]
  if redis.call('HSETNX', p .. 'puzzle:' .. id, 'record', ARGV[i + 5]) == 1 then
    added = added + 1
    redis.call('HSET', p .. 'puzzle:' .. id, 'rating', ARGV[i + 2], 'rd', ARGV[i + 3], 'vol', ARGV[i + 4], 'plays', 0)
    redis.call('ZADD', p .. 'puzzles:rating:' .. game, ARGV[i + 2], id)
    for theme in string.gmatch(ARGV[i + 6], '[^\\n]+') do
      redis.call('ZADD', p .. 'puzzles:rating:' .. game .. ':' .. theme, ARGV[i + 2], id)
      redis.call('HINCRBY', p .. 'puzzles:themes:' .. game, theme, 1)
    end
  end
end
return added
`);

// The first unseen puzzle from a rating up (ARGV[2] 'up') or down. KEYS: the ratings (ZSET), the seen (ZSET).
const PICK = new LuaScript(`
local offset = 0
while true do
  local page
  if ARGV[2] == 'up' then
    page = redis.call('ZRANGE', KEYS[1], ARGV[1], '+inf', 'BYSCORE', 'LIMIT', offset, 64)
  else
    page = redis.call('ZRANGE', KEYS[1], '(' .. ARGV[1], '-inf', 'BYSCORE', 'REV', 'LIMIT', offset, 64)
  end
  if #page == 0 then return false end
  for _, id in ipairs(page) do
    if not redis.call('ZSCORE', KEYS[2], id) then return id end
  end
  offset = offset + 64
end
`);

// Marks a puzzle seen (and done): KEYS the seen (ZSET), the done (SET); ARGV: id, at, done '1'/'0', guest
// TTL in ms ('0': an account), the cap. The oldest past the cap are forgotten; a guest's keys expire.
const SEEN_LUA = `
local function seen(seenKey, doneKey, id, at, done, ttl, cap)
  redis.call('ZADD', seenKey, at, id)
  if done == '1' then redis.call('SADD', doneKey, id) end
  local over = redis.call('ZCARD', seenKey) - tonumber(cap)
  if over > 0 then
    local old = redis.call('ZRANGE', seenKey, 0, over - 1)
    redis.call('ZREM', seenKey, unpack(old))
    redis.call('SREM', doneKey, unpack(old))
  end
  if ttl ~= '0' then
    redis.call('PEXPIRE', seenKey, ttl)
    redis.call('PEXPIRE', doneKey, ttl)
  end
end
`;

const MARK = new LuaScript(`${SEEN_LUA}
seen(KEYS[1], KEYS[2], ARGV[1], ARGV[2], '0', ARGV[3], ARGV[4])
return 1
`);

// A finished attempt. KEYS: seen, done, player (HASH), puzzle (HASH), history (LIST), then the puzzle's
// rating ZSETs (the game's and each theme's). ARGV: id, at, guest TTL, seen cap, the attempt's entry,
// history cap ('0': a guest, none), rated '1'/'0', expected attempts, expected plays, the player's
// rating, rd, volatility, the puzzle's rating, rd, volatility.
const RECORD = new LuaScript(`${SEEN_LUA}
if ARGV[7] == '1' then
  local held = tonumber(redis.call('HGET', KEYS[3], 'attempts') or '0')
  local plays = tonumber(redis.call('HGET', KEYS[4], 'plays') or '-1')
  if held ~= tonumber(ARGV[8]) or plays ~= tonumber(ARGV[9]) or redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 1 then
    return 0
  end
  redis.call('HSET', KEYS[3], 'rating', ARGV[10], 'rd', ARGV[11], 'vol', ARGV[12], 'attempts', held + 1)
  redis.call('HSET', KEYS[4], 'rating', ARGV[13], 'rd', ARGV[14], 'vol', ARGV[15], 'plays', plays + 1)
  for i = 6, #KEYS do redis.call('ZADD', KEYS[i], ARGV[13], ARGV[1]) end
end
seen(KEYS[1], KEYS[2], ARGV[1], ARGV[2], '1', ARGV[3], ARGV[4])
if ARGV[6] ~= '0' then
  redis.call('LPUSH', KEYS[5], ARGV[5])
  redis.call('LTRIM', KEYS[5], 0, tonumber(ARGV[6]) - 1)
end
return 1
`);

function storedOf(fields: Record<string, string>): StoredPuzzle | null {
  const { record, rating, rd, vol, plays } = fields;
  if (record === undefined) return null;
  const puzzle = parsePuzzle(record);
  // The store only holds what `seed` wrote with formatPuzzle: a record that does not parse is a bug.
  if (!puzzle.ok) throw new Error(`a stored puzzle does not parse: ${puzzle.error.message}`);
  return {
    puzzle: puzzle.value,
    glicko: { rating: Number(rating), rd: Number(rd), volatility: Number(vol) },
    plays: Number(plays),
  };
}

/**
 * Redis layout (prefix `arena:` by default): `puzzle:<id>` HASH record (the puzzle's line), rating, rd,
 * vol, plays; `puzzles:rating:<game>` and `puzzles:rating:<game>:<theme>` ZSET id → rating;
 * `puzzles:themes:<game>` HASH theme → count; `puzzles:seen:<identity>` ZSET id → when served,
 * `puzzles:done:<identity>` SET (a guest's two expire); `puzzles:player:<account>:<game>` HASH rating,
 * rd, vol, attempts; `puzzles:history:<account>:<game>` LIST of attempts, newest first;
 * `puzzles:daily:<game>:<day>` the day's puzzle id (SET NX).
 */
export class RedisPuzzleStore implements PuzzleStore {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  async seed(puzzles: readonly { puzzle: Puzzle; glicko: Glicko }[]): Promise<number> {
    const runs: Promise<unknown>[] = [];
    for (let i = 0; i < puzzles.length; i += SEED_CHUNK) {
      const args = [this.prefix];
      for (const { puzzle, glicko } of puzzles.slice(i, i + SEED_CHUNK)) {
        args.push(
          puzzle.id,
          puzzle.gameId,
          String(glicko.rating),
          String(glicko.rd),
          String(glicko.volatility),
          formatPuzzle(puzzle),
          puzzle.themes.join("\n"),
        );
      }
      // The chunks go out together: node-redis pipelines them on the one connection.
      runs.push(timed(SEED.run(this.client, { keys: [], arguments: args })));
    }
    const added = await Promise.all(runs);
    return added.reduce<number>((sum, n) => sum + Number(n), 0);
  }

  async get(id: string): Promise<StoredPuzzle | null> {
    return storedOf(await timed(this.client.hGetAll(`${this.prefix}puzzle:${id}`)));
  }

  async themes(gameId: string): Promise<{ theme: string; count: number }[]> {
    const counts = await timed(this.client.hGetAll(`${this.prefix}puzzles:themes:${gameId}`));
    return Object.entries(counts)
      .map(([theme, count]) => ({ theme, count: Number(count) }))
      .sort((a, b) => (a.theme < b.theme ? -1 : 1));
  }

  async pick(solverId: string, query: PuzzlePick): Promise<StoredPuzzle | null> {
    const ratings = `${this.prefix}puzzles:rating:${query.gameId}${query.theme === undefined ? "" : `:${query.theme}`}`;
    const first = async (direction: "up" | "down") => {
      const id = await timed(
        PICK.run(this.client, {
          keys: [ratings, this.seenKey(solverId)],
          arguments: [String(query.rating), direction],
        }),
      );
      return typeof id === "string" ? this.get(id) : null;
    };
    const above = await first("up");
    if (query.order === "from") return above;
    return nearer(query.rating, await first("down"), above);
  }

  async markSeen(solver: PuzzleSolver, puzzleId: string, at: number): Promise<void> {
    await timed(
      MARK.run(this.client, {
        keys: [this.seenKey(solver.id), this.doneKey(solver.id)],
        arguments: [puzzleId, String(at), ttl(solver), String(SEEN_KEPT)],
      }),
    );
  }

  async completed(solverId: string, puzzleId: string): Promise<boolean> {
    return (await timed(this.client.sIsMember(this.doneKey(solverId), puzzleId))) === 1;
  }

  async player(accountId: string, gameId: string): Promise<PuzzlePlayer | null> {
    const { rating, rd, vol, attempts } = await timed(this.client.hGetAll(this.playerKey(accountId, gameId)));
    if (rating === undefined) return null;
    return {
      glicko: { rating: Number(rating), rd: Number(rd), volatility: Number(vol) },
      attempts: Number(attempts),
    };
  }

  async record(
    solver: PuzzleSolver,
    gameId: string,
    attempt: PuzzleAttemptRecord,
    rated: RatedWrite | null,
  ): Promise<RecordOutcome> {
    const stored = rated === null ? null : await this.get(attempt.puzzleId);
    const ratings = [
      `${this.prefix}puzzles:rating:${gameId}`,
      ...(stored?.puzzle.themes ?? []).map((theme) => `${this.prefix}puzzles:rating:${gameId}:${theme}`),
    ];
    const written = await timed(
      RECORD.run(this.client, {
        keys: [
          this.seenKey(solver.id),
          this.doneKey(solver.id),
          this.playerKey(solver.id, gameId),
          `${this.prefix}puzzle:${attempt.puzzleId}`,
          `${this.prefix}puzzles:history:${solver.id}:${gameId}`,
          ...ratings,
        ],
        arguments: [
          attempt.puzzleId,
          String(attempt.at),
          ttl(solver),
          String(SEEN_KEPT),
          encodeAttempt(attempt),
          solver.guest ? "0" : String(HISTORY_KEPT),
          rated === null ? "0" : "1",
          String(rated?.expectedAttempts ?? 0),
          String(rated?.expectedPlays ?? 0),
          ...glickoArgs(rated?.player),
          ...glickoArgs(rated?.puzzle),
        ],
      }),
    );
    return written === 1 ? "recorded" : "stale";
  }

  async history(accountId: string, gameId: string, limit: number): Promise<PuzzleAttemptRecord[]> {
    const entries = await timed(
      this.client.lRange(`${this.prefix}puzzles:history:${accountId}:${gameId}`, 0, limit - 1),
    );
    return entries.map(decodeAttempt);
  }

  async daily(gameId: string, day: string, candidate: string): Promise<string> {
    const key = `${this.prefix}puzzles:daily:${gameId}:${day}`;
    await timed(this.client.set(key, candidate, { condition: "NX" }));
    return (await timed(this.client.get(key))) ?? candidate;
  }

  private seenKey(solverId: string): string {
    return `${this.prefix}puzzles:seen:${solverId}`;
  }

  private doneKey(solverId: string): string {
    return `${this.prefix}puzzles:done:${solverId}`;
  }

  private playerKey(accountId: string, gameId: string): string {
    return `${this.prefix}puzzles:player:${accountId}:${gameId}`;
  }
}

const ttl = (solver: PuzzleSolver): string => (solver.guest ? String(GUEST_PUZZLE_TTL_MS) : "0");

const glickoArgs = (glicko: Glicko | undefined): string[] =>
  glicko === undefined
    ? ["0", "0", "0"]
    : [String(glicko.rating), String(glicko.rd), String(glicko.volatility)];
