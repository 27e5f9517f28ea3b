import { type MatchId } from "@arena/protocol";
import { type RedisClient, timed } from "./connection.js";
import { LuaScript } from "./lua.js";

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

/** A match's lease key: its owner, with a time to live (`m:<id>:lease`; its heartbeat is `m:<id>:hb`). */
export const leaseKey = (prefix: string, matchId: MatchId): string => `${prefix}m:${matchId}:lease`;

/** Renews many of `owner`'s leases in one script (true for each renewed), bumping each heartbeat to `now`. */
export async function renewLeases(
  client: RedisClient,
  prefix: string,
  matchIds: readonly MatchId[],
  owner: string,
  ttlMs: number,
  now: number,
): Promise<boolean[]> {
  if (matchIds.length === 0) return [];
  const reply = await timed(
    RENEW.run(client, {
      keys: matchIds.flatMap((matchId) => [leaseKey(prefix, matchId), `${prefix}m:${matchId}:hb`]),
      arguments: [owner, String(Math.max(1, Math.round(ttlMs))), String(now)],
    }),
  );
  return matchIds.map((_, i) => Array.isArray(reply) && reply[i] === 1);
}
