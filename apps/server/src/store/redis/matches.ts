import {
  type ChatLine,
  type ChatMute,
  type MatchAnalysis,
  type MatchId,
  RoomSummary,
  VersionedEvent,
  asMatchId,
} from "@arena/protocol";
import { type Logger } from "pino";
import { type AppendListener, type AppendResult, type MatchStore } from "../ports/matches.js";
import { muteKey, muteOfKey } from "../ports/mute-key.js";
import { type RedisClient, timed } from "./connection.js";
import { leaseKey } from "./leases.js";
import { LuaScript } from "./lua.js";
import { type RedisNews } from "./news.js";

// Compare-and-set append: the log must have exactly ARGV[1] entries. The
// notification is published from inside the script so that it can never
// be lost between the write and the announcement, and it carries the
// entries themselves ("<id> <version> [<entry>,…]"): a process following
// the match applies them without reading the log back, so a move costs
// this one round trip (docs/benchmarks.md, "Scale-out cost"). It goes out
// on the match's own channel, heard only by the processes that keep a
// copy of the room without running it, and on the holder's channel only
// when the appender is not the lease holder: the holder needs no news of
// its own appends (docs/architecture.md, "Several processes").
const APPEND = new LuaScript(`
local n = redis.call('LLEN', KEYS[1])
if n ~= tonumber(ARGV[1]) then return -1 end
for i = 5, #ARGV do redis.call('RPUSH', KEYS[1], ARGV[i]) end
local v = n + #ARGV - 4
local news = ARGV[4] .. ' ' .. v .. ' [' .. table.concat(ARGV, ',', 5) .. ']'
redis.call('PUBLISH', ARGV[2], news)
if redis.call('GET', KEYS[2]) ~= ARGV[3] then redis.call('PUBLISH', ARGV[2] .. ':holder', news) end
return v
`);

// A chat line, numbered in the match (both channels count together: the order they were said in), and
// the trim that bounds its channel.
const CHAT_APPEND = new LuaScript(`
local n = redis.call('INCR', KEYS[2])
redis.call('RPUSH', KEYS[1], n .. ' ' .. ARGV[1])
redis.call('LTRIM', KEYS[1], -tonumber(ARGV[2]), -1)
return n
`);

/**
 * Redis layout (prefix `arena:` by default):
 * - `m:<id>:log`   LIST of JSON events, the append-only log (never trimmed; finished games stay)
 * - `m:<id>:lease`, `m:<id>:hb`: the match's lease and heartbeat (store/redis/leases.ts, the cluster's)
 * - `m:<id>:secret` STRING: the match's secret (hidden randomness), set once (NX) before its first event
 * - `m:<id>:chat:<channel>` LIST of "<n> <JSON line>", the newest `keep` of the channel (trimmed as appended)
 * - `m:<id>:chat:seq` STRING: the last line's number `n` in the match (both channels: the order said)
 * - `m:<id>:mutes` SET of "<user> <muted>" (chat mutes in the match)
 * - `live`         SET of live match ids (takeover scan)
 * - `lobby`        HASH id → RoomSummary JSON (open and live public rooms)
 * - channel `news:<id>`: "<id> <version> [<entry>,…]" after every append to the match
 * - channel `news:<id>:holder`: the same, when the appender is not the match's lease holder
 * - channel `appended`: every append's news from a process of the earlier release (listened to, never sent)
 * - channel `cluster`: what processes tell each other (store/redis/cluster.ts)
 */
export class RedisStore implements MatchStore {
  constructor(
    private readonly client: RedisClient,
    private readonly news: RedisNews,
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {}

  /** Both connections the store needs are up (readiness). */
  isReady(): boolean {
    return this.client.isReady && this.news.isConnected();
  }

  private key(matchId: MatchId, part: string): string {
    return `${this.prefix}m:${matchId}:${part}`;
  }

  async append(
    matchId: MatchId,
    expectedVersion: number,
    events: readonly VersionedEvent[],
    appender = "",
  ): Promise<AppendResult> {
    const reply = await timed(
      APPEND.run(this.client, {
        keys: [this.key(matchId, "log"), leaseKey(this.prefix, matchId)],
        arguments: [
          String(expectedVersion),
          this.news.newsChannel(matchId, "copy"),
          appender,
          matchId,
          ...events.map((e) => JSON.stringify(e)),
        ],
      }),
    );
    return reply === -1 ? { ok: false, reason: "conflict" } : { ok: true };
  }

  async read(matchId: MatchId, sinceVersion: number): Promise<VersionedEvent[] | null> {
    const key = this.key(matchId, "log");
    const [exists, entries] = await timed(
      Promise.all([this.client.exists(key), this.client.lRange(key, sinceVersion, -1)]),
    );
    if (exists === 0) return null;
    return entries.map((entry) => {
      const parsed = VersionedEvent.safeParse(JSON.parse(entry));
      if (!parsed.success) throw new Error(`corrupt log entry in ${matchId}`);
      return parsed.data;
    });
  }

  async keepSecret(matchId: MatchId, secret: string): Promise<boolean> {
    const reply = await timed(this.client.set(this.key(matchId, "secret"), secret, { condition: "NX" }));
    return reply === "OK";
  }

  async readSecret(matchId: MatchId): Promise<string | null> {
    return await timed(this.client.get(this.key(matchId, "secret")));
  }

  async putSummary(matchId: MatchId, summary: RoomSummary | null): Promise<void> {
    if (summary === null) await timed(this.client.hDel(`${this.prefix}lobby`, matchId));
    else await timed(this.client.hSet(`${this.prefix}lobby`, matchId, JSON.stringify(summary)));
  }

  async listSummaries(): Promise<RoomSummary[]> {
    const all = await timed(this.client.hGetAll(`${this.prefix}lobby`));
    return Object.values(all).flatMap((json) => {
      const parsed = RoomSummary.safeParse(JSON.parse(json));
      if (!parsed.success) this.logger.warn("dropping a malformed lobby entry");
      return parsed.success ? [parsed.data] : [];
    });
  }

  async setLive(matchId: MatchId, live: boolean): Promise<void> {
    if (live) await timed(this.client.sAdd(`${this.prefix}live`, matchId));
    else await timed(this.client.sRem(`${this.prefix}live`, matchId));
  }

  async listLive(): Promise<MatchId[]> {
    return (await timed(this.client.sMembers(`${this.prefix}live`))).map(asMatchId);
  }

  async getAnalysis(matchId: MatchId): Promise<MatchAnalysis | null> {
    const text = await timed(this.client.get(this.key(matchId, "analysis")));
    return text === null ? null : (JSON.parse(text) as MatchAnalysis);
  }

  async putAnalysis(matchId: MatchId, analysis: MatchAnalysis): Promise<void> {
    await timed(this.client.set(this.key(matchId, "analysis"), JSON.stringify(analysis)));
  }

  async appendChat(matchId: MatchId, line: ChatLine, keep: number): Promise<void> {
    await timed(
      CHAT_APPEND.run(this.client, {
        keys: [this.key(matchId, `chat:${line.channel}`), this.key(matchId, "chat:seq")],
        arguments: [JSON.stringify(line), String(Math.max(1, keep))],
      }),
    );
  }

  async readChat(matchId: MatchId): Promise<ChatLine[]> {
    const [players, spectators] = await timed(
      Promise.all([
        this.client.lRange(this.key(matchId, "chat:players"), 0, -1),
        this.client.lRange(this.key(matchId, "chat:spectators"), 0, -1),
      ]),
    );
    return [...players, ...spectators]
      .map((entry) => {
        const space = entry.indexOf(" ");
        return { seq: Number(entry.slice(0, space)), line: JSON.parse(entry.slice(space + 1)) as ChatLine };
      })
      .sort((a, b) => a.seq - b.seq)
      .map((entry) => entry.line);
  }

  async setMute(matchId: MatchId, mute: ChatMute, on: boolean): Promise<void> {
    const key = this.key(matchId, "mutes");
    if (on) await timed(this.client.sAdd(key, muteKey(mute)));
    else await timed(this.client.sRem(key, muteKey(mute)));
  }

  async readMutes(matchId: MatchId): Promise<ChatMute[]> {
    return (await timed(this.client.sMembers(this.key(matchId, "mutes")))).flatMap(muteOfKey);
  }

  onAppend(listener: AppendListener, follows?: (matchId: MatchId, version: number) => boolean): () => void {
    return this.news.onAppend(listener, follows);
  }

  close(): Promise<void> {
    this.news.close();
    return Promise.resolve();
  }
}
