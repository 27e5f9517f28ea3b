import { type Notification } from "@arena/protocol";
import { type NotificationStore } from "../ports/notifications.js";
import { type RedisClient, timed } from "./connection.js";
import { LuaScript } from "./lua.js";

// KEYS: items (HASH id → JSON), order (ZSET id by created time), read (SET of ids).
// ARGV: id, JSON, created time, '1' when read, how many to keep. Returns 1 when it was new.
const ADD = new LuaScript(`
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
if ARGV[4] == '1' then redis.call('SADD', KEYS[3], ARGV[1]) end
local extra = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[5])
if extra > 0 then
  local old = redis.call('ZRANGE', KEYS[2], 0, extra - 1)
  redis.call('HDEL', KEYS[1], unpack(old))
  redis.call('SREM', KEYS[3], unpack(old))
  redis.call('ZREMRANGEBYRANK', KEYS[2], 0, extra - 1)
end
return 1
`);

// KEYS as ADD's; ARGV: the ids to mark (none: every one). Only ids still in the inbox are marked.
const MARK = new LuaScript(`
local ids = ARGV
if #ids == 0 then ids = redis.call('ZRANGE', KEYS[2], 0, -1) end
for _, id in ipairs(ids) do
  if redis.call('HEXISTS', KEYS[1], id) == 1 then redis.call('SADD', KEYS[3], id) end
end
return 1
`);

/**
 * Inboxes in Redis, shared by every process: `n:<user>:items` HASH id → notification (JSON),
 * `n:<user>:order` ZSET of ids by created time (same time: by id, as the other backends), `n:<user>:read`
 * SET of the read ids (always a subset of the items: trimming drops both).
 */
export class RedisNotificationStore implements NotificationStore {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  async add(userId: string, notification: Notification, keep: number): Promise<boolean> {
    const reply = await timed(
      ADD.run(this.client, {
        keys: this.keys(userId),
        arguments: [
          notification.id,
          JSON.stringify(notification),
          String(notification.createdAt),
          notification.read ? "1" : "0",
          String(keep),
        ],
      }),
    );
    return reply === 1;
  }

  async list(userId: string, limit: number): Promise<Notification[]> {
    const [items, order, read] = this.keys(userId);
    const ids = await timed(this.client.zRange(order, 0, limit - 1, { REV: true }));
    if (ids.length === 0) return [];
    const [values, flags] = await Promise.all([
      timed(this.client.hmGet(items, ids)),
      timed(this.client.smIsMember(read, ids)),
    ]);
    return values.flatMap((value, i) =>
      value === null ? [] : [{ ...(JSON.parse(value) as Notification), read: flags[i] === 1 }],
    );
  }

  async markRead(userId: string, ids: readonly string[] | null): Promise<void> {
    // An empty list marks nothing (the script reads no ids as "every one").
    if (ids !== null && ids.length === 0) return;
    await timed(MARK.run(this.client, { keys: this.keys(userId), arguments: ids === null ? [] : [...ids] }));
  }

  async clear(userId: string): Promise<void> {
    await timed(this.client.del(this.keys(userId)));
  }

  async unread(userId: string): Promise<number> {
    const [, order, read] = this.keys(userId);
    const [total, readCount] = await Promise.all([
      timed(this.client.zCard(order)),
      timed(this.client.sCard(read)),
    ]);
    return total - readCount;
  }

  private keys(userId: string): [string, string, string] {
    const base = `${this.prefix}n:${userId}`;
    return [`${base}:items`, `${base}:order`, `${base}:read`];
  }
}
