import { randomBytes } from "node:crypto";
import { ALIVE_TTL_MS, AliveKey } from "./alive-key.js";
import { type RedisClient, timed } from "./connection.js";
import { type QuotaStore } from "../ports/quotas.js";

// A set with a bound: the member is added unless `limit` others are in it already.
const HOLD = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 1 end
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[1])
return 1
`;

// A fixed window: the first hit sets its expiry.
const HIT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
`;

// A cooldown: the key holds when it ends (the caller's clock), and expires with it.
const COOLDOWN = `
local now = tonumber(ARGV[1])
local ends = tonumber(redis.call('GET', KEYS[1]) or '0')
if ends > now then return ends - now end
redis.call('SET', KEYS[1], tostring(now + tonumber(ARGV[2])), 'PX', ARGV[2])
return 0
`;

// Events in a sliding window: a sorted set scored by time, older ones dropped as one is added.
const NOTE = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return redis.call('ZCARD', KEYS[1])
`;

// Connections per process in a hash (field: process id). Processes whose alive key expired (they died
// without a word) are dropped from the count as it is read. The caller's own process is alive: it renews
// its key here too.
const CONNECT = `
redis.call('SET', ARGV[3] .. ARGV[1], '1', 'PX', ARGV[4])
local entries = redis.call('HGETALL', KEYS[1])
local total = 0
for i = 1, #entries, 2 do
  if entries[i] == ARGV[1] or redis.call('EXISTS', ARGV[3] .. entries[i]) == 1 then
    total = total + tonumber(entries[i + 1])
  else
    redis.call('HDEL', KEYS[1], entries[i])
  end
end
if total >= tonumber(ARGV[2]) then return 0 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
return 1
`;

const DISCONNECT = `
if redis.call('HINCRBY', KEYS[1], ARGV[1], -1) <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 1
`;

/**
 * Quota counts in Redis, shared by every process (keys under `<prefix>q:`): bounded sets (`q:s:<key>`),
 * fixed rate windows (`q:w:<key>:<window>`, expiring with the window), cooldowns (`q:t:<key>`, their end),
 * sliding windows of events (`q:n:<key>`, a sorted set by time), values kept a while (`q:r:<key>`) and
 * connection counts per process
 * (`q:c:<key>`, a hash of process id → count, with `q:alive:<process>` renewed while the process lives).
 */
export class RedisQuotaStore implements QuotaStore {
  private readonly alive: AliveKey;

  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
    /** This process's name; its connection counts vanish when it stops renewing its alive key. */
    private readonly instance: string,
    aliveTtlMs = ALIVE_TTL_MS,
  ) {
    this.alive = new AliveKey(client, `${prefix}q:alive:${instance}`, aliveTtlMs);
  }

  async hold(key: string, member: string, limit: number): Promise<boolean> {
    const reply = await timed(
      this.client.eval(HOLD, { keys: [`${this.prefix}q:s:${key}`], arguments: [member, String(limit)] }),
    );
    return reply === 1;
  }

  async release(key: string, member: string): Promise<void> {
    await timed(this.client.sRem(`${this.prefix}q:s:${key}`, member));
  }

  members(key: string): Promise<string[]> {
    return timed(this.client.sMembers(`${this.prefix}q:s:${key}`));
  }

  async hit(key: string, limit: number, windowMs: number, now: number): Promise<boolean> {
    const window = Math.floor(now / windowMs);
    const reply = await timed(
      this.client.eval(HIT, {
        keys: [`${this.prefix}q:w:${key}:${window}`],
        arguments: [String(windowMs)],
      }),
    );
    return typeof reply === "number" && reply <= limit;
  }

  async cooldown(key: string, ms: number, now: number): Promise<number> {
    const reply = await timed(
      this.client.eval(COOLDOWN, {
        keys: [`${this.prefix}q:t:${key}`],
        arguments: [String(now), String(Math.max(1, Math.ceil(ms)))],
      }),
    );
    return typeof reply === "number" ? reply : 0;
  }

  async left(key: string, now: number): Promise<number> {
    const ends = await timed(this.client.get(`${this.prefix}q:t:${key}`));
    return ends === null ? 0 : Math.max(0, Number(ends) - now);
  }

  async remember(key: string, value: string, ms: number, now: number): Promise<void> {
    // The end on the caller's clock beside the value; Redis's own expiry only clears it away.
    await timed(
      this.client.set(`${this.prefix}q:r:${key}`, `${now + ms} ${value}`, { PX: Math.max(1, Math.ceil(ms)) }),
    );
  }

  async recall(key: string, now: number): Promise<string | null> {
    const stored = await timed(this.client.get(`${this.prefix}q:r:${key}`));
    if (stored === null) return null;
    const space = stored.indexOf(" ");
    return Number(stored.slice(0, space)) > now ? stored.slice(space + 1) : null;
  }

  async note(key: string, now: number, windowMs: number): Promise<number> {
    const reply = await timed(
      this.client.eval(NOTE, {
        keys: [`${this.prefix}q:n:${key}`],
        arguments: [String(now), String(windowMs), `${now}:${randomBytes(6).toString("base64url")}`],
      }),
    );
    return typeof reply === "number" ? reply : 0;
  }

  async connect(key: string, limit: number): Promise<boolean> {
    const reply = await timed(
      this.client.eval(CONNECT, {
        keys: [`${this.prefix}q:c:${key}`],
        arguments: [this.instance, String(limit), `${this.prefix}q:alive:`, String(this.alive.ttlMs)],
      }),
    );
    return reply === 1;
  }

  async disconnect(key: string): Promise<void> {
    await timed(
      this.client.eval(DISCONNECT, { keys: [`${this.prefix}q:c:${key}`], arguments: [this.instance] }),
    );
  }

  /** Stops counting this process: its connections no longer count anywhere. */
  async close(): Promise<void> {
    await this.alive.stop();
  }
}
