import { asUserId, type UserId } from "@arena/protocol";
import { type BlockRecord, type BlockStore, blockOrder } from "../ports/blocks.js";
import { type RedisClient, timed } from "./connection.js";
import { LuaScript } from "./lua.js";

// Blocks: KEYS[1] the blocker's ZSET, KEYS[2] the blocked one's SET of blockers; ARGV blocker, blocked, at,
// cap. A standing block is kept with its first time; a full list answers 'quota'.
const BLOCK = new LuaScript(`
if redis.call('ZSCORE', KEYS[1], ARGV[2]) then return 'ok' end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 'quota' end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[2])
redis.call('SADD', KEYS[2], ARGV[1])
return 'ok'
`);

// Lifts a block: KEYS as BLOCK's; ARGV blocker, blocked. Answers 1 when there was one.
const UNBLOCK = new LuaScript(`
redis.call('SREM', KEYS[2], ARGV[1])
return redis.call('ZREM', KEYS[1], ARGV[2])
`);

/**
 * Redis layout (prefix `arena:` by default): `blocks:<blocker>` ZSET of the blocked ids scored by when,
 * `blockers:<blocked>` SET of who blocks them (for `related`), both written by one script.
 */
export class RedisBlockStore implements BlockStore {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  private blocksOf = (blocker: string) => `${this.prefix}blocks:${blocker}`;
  private blockersOf = (blocked: string) => `${this.prefix}blockers:${blocked}`;

  async block(blocker: UserId, blocked: UserId, at: number, cap: number): Promise<"ok" | "quota"> {
    const answer = await timed(
      BLOCK.run(this.client, {
        keys: [this.blocksOf(blocker), this.blockersOf(blocked)],
        arguments: [blocker, blocked, String(at), String(cap)],
      }),
    );
    return answer === "quota" ? "quota" : "ok";
  }

  async unblock(blocker: UserId, blocked: UserId): Promise<boolean> {
    const removed = await timed(
      UNBLOCK.run(this.client, {
        keys: [this.blocksOf(blocker), this.blockersOf(blocked)],
        arguments: [blocker, blocked],
      }),
    );
    return removed === 1;
  }

  async list(blocker: UserId): Promise<BlockRecord[]> {
    const entries = await timed(this.client.zRangeWithScores(this.blocksOf(blocker), 0, -1));
    return entries.map((entry) => ({ blocked: asUserId(entry.value), since: entry.score })).sort(blockOrder);
  }

  async eitherBlocks(a: UserId, b: UserId): Promise<boolean> {
    const [one, two] = await timed(
      this.client.multi().zScore(this.blocksOf(a), b).zScore(this.blocksOf(b), a).exec(),
    );
    return one != null || two != null;
  }

  async related(user: UserId): Promise<UserId[]> {
    const [blocked, blockers] = await timed(
      Promise.all([
        this.client.zRange(this.blocksOf(user), 0, -1),
        this.client.sMembers(this.blockersOf(user)),
      ]),
    );
    return [...new Set([...blocked, ...blockers])].sort().map(asUserId);
  }
}
