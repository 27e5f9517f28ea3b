import { ALIVE_TTL_MS, AliveKey } from "./alive-key.js";
import { type RedisClient, timed } from "./connection.js";
import { type Seek, type SeekStore } from "../ports/seeks.js";

// A user's seek pointer is "<poolId> <seekId>"; pool ids hold no space (seeks/pools.ts).
const POINTER = `
local function pointer(value, poolPrefix)
  local sp = string.find(value, ' ', 1, true)
  return poolPrefix .. string.sub(value, 1, sp - 1), string.sub(value, sp + 1)
end
`;

// Drops the seeks of processes whose alive key lapsed (they died without a word); answers the live ones.
const PRUNE = `
local function prune(poolKey, alivePrefix, userPrefix)
  local entries = redis.call('HGETALL', poolKey)
  local live = {}
  for i = 1, #entries, 2 do
    local seek = cjson.decode(entries[i + 1])
    if redis.call('EXISTS', alivePrefix .. seek.instance) == 1 then
      live[#live + 1] = entries[i + 1]
    else
      redis.call('HDEL', poolKey, entries[i])
      local userKey = userPrefix .. seek.user.id
      if redis.call('GET', userKey) == seek.poolId .. ' ' .. entries[i] then redis.call('DEL', userKey) end
    end
  end
  return live
end
`;

// KEYS: user pointer, pool. ARGV: seek id, seek JSON, pool key prefix, pool id, alive key, alive ttl.
const ENTER = `${POINTER}
redis.call('SET', ARGV[5], '1', 'PX', ARGV[6])
local old = redis.call('GET', KEYS[1])
local replaced = false
if old then
  local oldPool, oldId = pointer(old, ARGV[3])
  replaced = redis.call('HGET', oldPool, oldId)
  redis.call('HDEL', oldPool, oldId)
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('SET', KEYS[1], ARGV[4] .. ' ' .. ARGV[1])
return replaced
`;

// KEYS: user pointer. ARGV: pool key prefix, the socket id that must hold the seek ('' for any).
const CANCEL = `${POINTER}
local cur = redis.call('GET', KEYS[1])
if not cur then return false end
local pool, id = pointer(cur, ARGV[1])
local json = redis.call('HGET', pool, id)
if json and ARGV[2] ~= '' and cjson.decode(json).socketId ~= ARGV[2] then return false end
redis.call('DEL', KEYS[1])
if json then redis.call('HDEL', pool, id) end
return json
`;

// KEYS: pool. ARGV: alive prefix, user pointer prefix.
const LIST = `${PRUNE}
return prune(KEYS[1], ARGV[1], ARGV[2])
`;

// KEYS: pools. ARGV: alive prefix, user pointer prefix.
const COUNTS = `${PRUNE}
local counts = {}
for i = 1, #KEYS do counts[i] = #prune(KEYS[i], ARGV[1], ARGV[2]) end
return counts
`;

// KEYS: pool, user pointer of a, of b. ARGV: a's id, b's id, pool id. Both still there, or nothing.
const CLAIM = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 or redis.call('HEXISTS', KEYS[1], ARGV[2]) == 0 then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1], ARGV[2])
if redis.call('GET', KEYS[2]) == ARGV[3] .. ' ' .. ARGV[1] then redis.call('DEL', KEYS[2]) end
if redis.call('GET', KEYS[3]) == ARGV[3] .. ' ' .. ARGV[2] then redis.call('DEL', KEYS[3]) end
return 1
`;

/**
 * Seeks in Redis, shared by every process (keys under `<prefix>s:`): a hash per pool (`s:p:<poolId>`, seek
 * id → JSON), each user's one seek (`s:u:<userId>` → "<poolId> <seekId>"), and `s:alive:<process>`, renewed
 * while the process lives: a dead process's seeks are dropped the next time their pool is read. Every
 * change is one Lua script, so a seek is claimed (paired) by exactly one caller.
 */
export class RedisSeekStore implements SeekStore {
  private readonly alive: AliveKey;

  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
    /** This process's name; its seeks vanish when it stops renewing its alive key. */
    private readonly instance: string,
    aliveTtlMs = ALIVE_TTL_MS,
  ) {
    this.alive = new AliveKey(client, `${prefix}s:alive:${instance}`, aliveTtlMs);
  }

  private poolKey(poolId: string): string {
    return `${this.prefix}s:p:${poolId}`;
  }

  private userKey(userId: string): string {
    return `${this.prefix}s:u:${userId}`;
  }

  async enter(seek: Seek): Promise<Seek | null> {
    const reply = await timed(
      this.client.eval(ENTER, {
        keys: [this.userKey(seek.user.id), this.poolKey(seek.poolId)],
        arguments: [
          seek.id,
          JSON.stringify(seek),
          `${this.prefix}s:p:`,
          seek.poolId,
          this.alive.key,
          String(this.alive.ttlMs),
        ],
      }),
    );
    return typeof reply === "string" ? (JSON.parse(reply) as Seek) : null;
  }

  async cancel(userId: string, socketId?: string): Promise<Seek | null> {
    const reply = await timed(
      this.client.eval(CANCEL, {
        keys: [this.userKey(userId)],
        arguments: [`${this.prefix}s:p:`, socketId ?? ""],
      }),
    );
    return typeof reply === "string" ? (JSON.parse(reply) as Seek) : null;
  }

  async list(poolId: string): Promise<Seek[]> {
    const reply = await timed(
      this.client.eval(LIST, {
        keys: [this.poolKey(poolId)],
        arguments: [`${this.prefix}s:alive:`, `${this.prefix}s:u:`],
      }),
    );
    const entries: unknown[] = Array.isArray(reply) ? reply : [];
    const seeks = entries.flatMap((json) => (typeof json === "string" ? [JSON.parse(json) as Seek] : []));
    return seeks.sort((a, b) => a.since - b.since);
  }

  async claim(a: Seek, b: Seek): Promise<boolean> {
    if (a.poolId !== b.poolId) return false;
    const reply = await timed(
      this.client.eval(CLAIM, {
        keys: [this.poolKey(a.poolId), this.userKey(a.user.id), this.userKey(b.user.id)],
        arguments: [a.id, b.id, a.poolId],
      }),
    );
    return reply === 1;
  }

  async counts(poolIds: readonly string[]): Promise<Record<string, number>> {
    if (poolIds.length === 0) return {};
    const reply = await timed(
      this.client.eval(COUNTS, {
        keys: poolIds.map((id) => this.poolKey(id)),
        arguments: [`${this.prefix}s:alive:`, `${this.prefix}s:u:`],
      }),
    );
    const counts: Record<string, number> = {};
    const list = Array.isArray(reply) ? reply : [];
    poolIds.forEach((id, i) => {
      const n = Number(list[i] ?? 0);
      if (n > 0) counts[id] = n;
    });
    return counts;
  }

  /** Stops counting this process: its seeks are dropped at the next read of their pools. */
  async close(): Promise<void> {
    await this.alive.stop();
  }
}
