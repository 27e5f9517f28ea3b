import { asUserId, type UserId } from "@arena/protocol";
import { type SessionRecord, type SessionStore, sessionOrder } from "../ports/sessions.js";
import { type RedisClient, timed } from "./connection.js";
import { LuaScript } from "./lua.js";

// Marks a use: KEYS[1] the session (HASH); ARGV[1] now. Only an open session, and only forward in time.
const TOUCH = new LuaScript(`
local last = redis.call('HGET', KEYS[1], 'lastUsedAt')
if last and tonumber(last) < tonumber(ARGV[1]) then redis.call('HSET', KEYS[1], 'lastUsedAt', ARGV[1]) end
return 0
`);

// Ends sessions: KEYS[1] the user's set; ARGV[1] the key prefix; ARGV[2..] the ids. Answers the ids ended.
const END = new LuaScript(`
local ended = {}
for i = 2, #ARGV do
  if redis.call('DEL', ARGV[1] .. 'session:' .. ARGV[i]) == 1 then table.insert(ended, ARGV[i]) end
  redis.call('SREM', KEYS[1], ARGV[i])
end
return ended
`);

// Redis's own time in ms: when a legacy session is moved, it counts as opened and used then.
const NOW_MS = new LuaScript(`
local t = redis.call('TIME')
return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`);

/**
 * Redis layout (prefix `arena:` by default): `session:<id>` HASH (user, createdAt, lastUsedAt, device,
 * address), `sessions:u:<user>` SET of the user's session ids. A session opened before this layout is a
 * `p:sess:<id>` STRING holding its user: it is read, and moved to the new layout, on its first use (as opened then).
 */
export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  private session = (id: string) => `${this.prefix}session:${id}`;
  private userSet = (userId: string) => `${this.prefix}sessions:u:${userId}`;

  async open(session: SessionRecord): Promise<void> {
    await timed(
      this.client
        .multi()
        .hSet(this.session(session.id), {
          user: session.userId,
          createdAt: String(session.createdAt),
          lastUsedAt: String(session.lastUsedAt),
          device: session.device,
          address: session.address ?? "",
        })
        .sAdd(this.userSet(session.userId), session.id)
        .exec(),
    );
  }

  async get(id: string): Promise<SessionRecord | null> {
    const fields = await timed(this.client.hGetAll(this.session(id)));
    if (fields.user !== undefined) return recordOf(id, fields);
    const legacy = await timed(this.client.get(`${this.prefix}p:sess:${id}`));
    if (legacy === null) return null;
    const movedAt = Number(await timed(NOW_MS.run(this.client, { keys: [], arguments: [] })));
    const record: SessionRecord = {
      id,
      userId: asUserId(legacy),
      createdAt: movedAt,
      lastUsedAt: movedAt,
      device: "",
      address: null,
    };
    await this.open(record);
    await timed(this.client.del(`${this.prefix}p:sess:${id}`));
    return record;
  }

  async touch(id: string, now: number): Promise<void> {
    await timed(TOUCH.run(this.client, { keys: [this.session(id)], arguments: [String(now)] }));
  }

  async list(userId: UserId): Promise<SessionRecord[]> {
    const ids = await timed(this.client.sMembers(this.userSet(userId)));
    const found: SessionRecord[] = [];
    for (const id of ids) {
      const fields = await timed(this.client.hGetAll(this.session(id)));
      if (fields.user === userId) found.push(recordOf(id, fields));
    }
    return found.sort(sessionOrder);
  }

  async end(id: string): Promise<boolean> {
    const record = await this.get(id);
    if (record === null) return false;
    return (await this.endIds(record.userId, [id])).length === 1;
  }

  async endAllBut(userId: UserId, keep: string | null): Promise<string[]> {
    const ids = await timed(this.client.sMembers(this.userSet(userId)));
    return (
      await this.endIds(
        userId,
        ids.filter((id) => id !== keep),
      )
    ).sort();
  }

  private async endIds(userId: UserId, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const ended = await timed(
      END.run(this.client, { keys: [this.userSet(userId)], arguments: [this.prefix, ...ids] }),
    );
    return ended as string[];
  }
}

function recordOf(id: string, fields: Record<string, string>): SessionRecord {
  return {
    id,
    userId: asUserId(fields.user ?? ""),
    createdAt: Number(fields.createdAt),
    lastUsedAt: Number(fields.lastUsedAt),
    device: fields.device ?? "",
    address: fields.address === undefined || fields.address === "" ? null : fields.address,
  };
}
