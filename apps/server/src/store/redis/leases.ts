import { type LeaseGrant, type LeaseKey } from "../../cluster/ports.js";
import { type RedisClient, timed } from "./connection.js";
import { LuaScript } from "./lua.js";

// SET NX PX, except that the current owner may re-acquire; also reads and bumps the heartbeat so the new
// owner learns how long nobody ran the game.
const ACQUIRE = new LuaScript(`
local cur = redis.call('GET', KEYS[1])
local hb = redis.call('GET', KEYS[2]) or ''
if cur and cur ~= ARGV[1] then return {0, hb} end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('SET', KEYS[2], ARGV[3])
return {1, hb}
`);

// Renews many leases at once (KEYS: lease and heartbeat of each match in turn): 1 for each renewed, 0 for
// each another process holds or that expired.
const RENEW = new LuaScript(`
local renewed = {}
for i = 1, #KEYS, 2 do
  if redis.call('GET', KEYS[i]) == ARGV[1] then
    redis.call('SET', KEYS[i], ARGV[1], 'PX', ARGV[2])
    redis.call('SET', KEYS[i + 1], ARGV[3])
    renewed[#renewed + 1] = 1
  else
    renewed[#renewed + 1] = 0
  end
end
return renewed
`);

const RELEASE = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`);

/**
 * A lease's key: its owner, with a time to live (`m:<id>:lease`; a tournament's id, `t_…`, never names a
 * match, so both share the one key space a rolling upgrade already knows).
 */
export const leaseKey = (prefix: string, key: LeaseKey): string => `${prefix}m:${key}:lease`;

/** A lease's heartbeat key: when its owner last acquired or renewed it (a match's downtime credit starts there). */
const heartbeatKey = (prefix: string, key: LeaseKey): string => `${prefix}m:${key}:hb`;

const ttlArgument = (ttlMs: number) => String(Math.max(1, Math.round(ttlMs)));

export async function acquireLease(
  client: RedisClient,
  prefix: string,
  key: LeaseKey,
  owner: string,
  ttlMs: number,
  now: number,
): Promise<LeaseGrant> {
  const reply = await timed(
    ACQUIRE.run(client, {
      keys: [leaseKey(prefix, key), heartbeatKey(prefix, key)],
      arguments: [owner, ttlArgument(ttlMs), String(now)],
    }),
  );
  const [acquired, heartbeat] = Array.isArray(reply) ? (reply as unknown[]) : [0, ""];
  const previous = Number(heartbeat);
  return {
    acquired: acquired === 1,
    previousHeartbeat:
      typeof heartbeat === "string" && heartbeat !== "" && Number.isFinite(previous) ? previous : null,
  };
}

/** Renews many of `owner`'s leases in one script (true for each renewed), bumping each heartbeat to `now`. */
export async function renewLeases(
  client: RedisClient,
  prefix: string,
  keys: readonly LeaseKey[],
  owner: string,
  ttlMs: number,
  now: number,
): Promise<boolean[]> {
  if (keys.length === 0) return [];
  const reply = await timed(
    RENEW.run(client, {
      keys: keys.flatMap((key) => [leaseKey(prefix, key), heartbeatKey(prefix, key)]),
      arguments: [owner, ttlArgument(ttlMs), String(now)],
    }),
  );
  return keys.map((_, i) => Array.isArray(reply) && reply[i] === 1);
}

export async function releaseLease(
  client: RedisClient,
  prefix: string,
  key: LeaseKey,
  owner: string,
): Promise<void> {
  await timed(RELEASE.run(client, { keys: [leaseKey(prefix, key)], arguments: [owner] }));
}
