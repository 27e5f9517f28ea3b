import { type TournamentChatLine, type TournamentId, type TournamentSummary } from "@arena/protocol";
import { type TournamentEvent } from "@arena/tournament";
import {
  lobbyOrder,
  type StoredTournament,
  type TournamentAppend,
  type TournamentMeta,
  type TournamentStore,
} from "../ports/tournaments.js";
import { type RedisClient, timed } from "./connection.js";
import { LuaScript } from "./lua.js";

// Compare-and-set append with its summary, in one script: the log must hold exactly ARGV[1] events.
// ARGV[2]: the meta for a creation ('' to append), ARGV[3] the tournament id, ARGV[4] its summary,
// ARGV[5] '1' when it is finished; the events follow. Returns the new length, or -1 - length on conflict.
// KEYS: log, meta, summaries (HASH), unfinished (SET), finished (ZSET by order finished), finished seq.
const APPEND = new LuaScript(`
local n = redis.call('LLEN', KEYS[1])
local exists = redis.call('EXISTS', KEYS[2]) == 1
if n ~= tonumber(ARGV[1]) or exists == (ARGV[2] ~= '') then return -1 - n end
if ARGV[2] ~= '' then redis.call('SET', KEYS[2], ARGV[2]) end
for i = 6, #ARGV do redis.call('RPUSH', KEYS[1], ARGV[i]) end
redis.call('HSET', KEYS[3], ARGV[3], ARGV[4])
if ARGV[5] == '1' then
  if redis.call('SREM', KEYS[4], ARGV[3]) == 1 or redis.call('ZSCORE', KEYS[5], ARGV[3]) == false then
    redis.call('ZADD', KEYS[5], redis.call('INCR', KEYS[6]), ARGV[3])
  end
else
  redis.call('SADD', KEYS[4], ARGV[3])
end
return n + #ARGV - 5
`);

/**
 * Redis layout (prefix `arena:` by default):
 * - `t:<id>:log`  LIST of JSON events, the append-only log
 * - `t:<id>:meta` STRING: the tournament's meta (JSON), set once with its first events
 * - `tournaments:summary` HASH id → the lobby's summary (JSON), replaced with every append
 * - `tournaments:unfinished` SET of ids; `tournaments:finished` ZSET of ids by the order they finished
 * - `t:<id>:chat` LIST of JSON chat lines, trimmed to the newest kept
 */
export class RedisTournamentStore implements TournamentStore {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  create(
    meta: TournamentMeta,
    events: readonly TournamentEvent[],
    summary: TournamentSummary,
  ): Promise<TournamentAppend> {
    return this.write(meta.id, 0, events, summary, JSON.stringify(meta));
  }

  append(
    id: TournamentId,
    expectedVersion: number,
    events: readonly TournamentEvent[],
    summary: TournamentSummary,
  ): Promise<TournamentAppend> {
    return this.write(id, expectedVersion, events, summary, "");
  }

  async load(id: TournamentId): Promise<StoredTournament | null> {
    const [meta, entries] = await timed(
      Promise.all([this.client.get(this.key(id, "meta")), this.client.lRange(this.key(id, "log"), 0, -1)]),
    );
    if (meta === null) return null;
    return {
      meta: JSON.parse(meta) as TournamentMeta,
      events: entries.map((entry) => JSON.parse(entry) as TournamentEvent),
    };
  }

  async unfinished(): Promise<TournamentMeta[]> {
    const ids = await timed(this.client.sMembers(`${this.prefix}tournaments:unfinished`));
    if (ids.length === 0) return [];
    const metas = await timed(this.client.mGet(ids.map((id) => `${this.prefix}t:${id}:meta`)));
    return metas.flatMap((meta) => (meta === null ? [] : [JSON.parse(meta) as TournamentMeta]));
  }

  async list(finished: number): Promise<TournamentSummary[]> {
    const open = await timed(this.client.sMembers(`${this.prefix}tournaments:unfinished`));
    const done =
      finished <= 0
        ? []
        : await timed(
            this.client.zRange(`${this.prefix}tournaments:finished`, 0, finished - 1, { REV: true }),
          );
    const ids = [...open, ...done];
    if (ids.length === 0) return [];
    const rows = await timed(this.client.hmGet(`${this.prefix}tournaments:summary`, ids));
    const summaries = rows.flatMap((row) => (row === null ? [] : [JSON.parse(row) as TournamentSummary]));
    const unfinished = summaries.filter((s) => s.status !== "finished").sort(lobbyOrder);
    return [...unfinished, ...summaries.filter((s) => s.status === "finished")];
  }

  async appendChat(id: TournamentId, line: TournamentChatLine, keep: number): Promise<void> {
    const key = this.key(id, "chat");
    await timed(this.client.multi().rPush(key, JSON.stringify(line)).lTrim(key, -keep, -1).exec());
  }

  async readChat(id: TournamentId): Promise<TournamentChatLine[]> {
    const lines = await timed(this.client.lRange(this.key(id, "chat"), 0, -1));
    return lines.map((line) => JSON.parse(line) as TournamentChatLine);
  }

  private async write(
    id: TournamentId,
    expectedVersion: number,
    events: readonly TournamentEvent[],
    summary: TournamentSummary,
    meta: string,
  ): Promise<TournamentAppend> {
    const set = (name: string) => `${this.prefix}tournaments:${name}`;
    const result = Number(
      await timed(
        APPEND.run(this.client, {
          keys: [
            this.key(id, "log"),
            this.key(id, "meta"),
            set("summary"),
            set("unfinished"),
            set("finished"),
            set("finished-seq"),
          ],
          arguments: [
            String(expectedVersion),
            meta,
            id,
            JSON.stringify(summary),
            summary.status === "finished" ? "1" : "0",
            ...events.map((event) => JSON.stringify(event)),
          ],
        }),
      ),
    );
    return result < 0
      ? { ok: false, reason: "conflict", version: -1 - result }
      : { ok: true, version: result };
  }

  private key(id: TournamentId, part: string): string {
    return `${this.prefix}t:${id}:${part}`;
  }
}
