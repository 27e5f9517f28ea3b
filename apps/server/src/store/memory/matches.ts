import {
  type ChatLine,
  type ChatMute,
  type MatchAnalysis,
  type MatchId,
  type RoomSummary,
  type VersionedEvent,
} from "@arena/protocol";
import { muteKey, muteOfKey } from "../ports/mute-key.js";
import { type ServerHeartbeat } from "../ports/heartbeat.js";
import { type AppendListener, type AppendResult, type MatchStore } from "../ports/matches.js";

export interface MemoryStoreOptions {
  /**
   * How many finished matches (ended or cancelled) are kept for replay and late viewers; the oldest is
   * dropped first. The embedded store lives in the server's heap, so its history must be bounded;
   * Redis is the durable store.
   */
  readonly keepFinished?: number;
}

export const DEFAULT_KEEP_FINISHED = 10_000;

/**
 * The embedded default: one process, nothing survives a restart. A live match's log is an array of
 * immutable events; a finished one is kept as its JSON text (a few KB for a whole Othello game
 * instead of tens of KB of objects), parsed again on the rare read.
 */
export class MemoryStore implements MatchStore, ServerHeartbeat {
  private readonly logs = new Map<MatchId, VersionedEvent[] | string>();
  private readonly secrets = new Map<MatchId, string>();
  /** Finished matches, oldest first (a Map keeps insertion order). */
  private readonly finished = new Map<MatchId, true>();
  private readonly keepFinished: number;
  private readonly summaries = new Map<MatchId, RoomSummary>();
  private readonly live = new Set<MatchId>();
  private heartbeat: number | null = null;
  /** Analyses as JSON text, dropped with their match when it leaves the finished window. */
  private readonly analyses = new Map<MatchId, string>();
  /** Chat lines per match, both channels, oldest first; dropped with their match like its analysis. */
  private readonly chats = new Map<MatchId, ChatLine[]>();
  private readonly mutes = new Map<MatchId, Set<string>>();
  private readonly listeners = new Set<AppendListener>();

  constructor(options: MemoryStoreOptions = {}) {
    this.keepFinished = options.keepFinished ?? DEFAULT_KEEP_FINISHED;
  }

  append(
    matchId: MatchId,
    expectedVersion: number,
    events: readonly VersionedEvent[],
  ): Promise<AppendResult> {
    const stored = this.logs.get(matchId);
    const log = stored === undefined ? [] : typeof stored === "string" ? parseLog(stored) : stored;
    if (log.length !== expectedVersion) return Promise.resolve({ ok: false, reason: "conflict" });
    // No copies: events are immutable values (readonly all the way down), as they are once serialized.
    log.push(...events);
    const ends = events.some(({ event }) => event.type === "ended" || event.type === "cancelled");
    if (typeof stored === "string" || ends) {
      this.logs.set(matchId, JSON.stringify(log));
      if (ends) this.retire(matchId);
    } else {
      this.logs.set(matchId, log);
    }
    const version = log.length;
    // Listeners run asynchronously, as over Redis pub/sub; in the same microtask queue, though, so before
    // the appender's own `await` resumes: a room ignores the news of the append it is making (Room.notify).
    queueMicrotask(() => {
      for (const listener of this.listeners) listener(matchId, version, events);
    });
    return Promise.resolve({ ok: true });
  }

  read(matchId: MatchId, sinceVersion: number): Promise<VersionedEvent[] | null> {
    const stored = this.logs.get(matchId);
    if (stored === undefined) return Promise.resolve(null);
    const log = typeof stored === "string" ? parseLog(stored) : stored;
    return Promise.resolve(log.slice(sinceVersion));
  }

  keepSecret(matchId: MatchId, secret: string): Promise<boolean> {
    if (this.secrets.has(matchId)) return Promise.resolve(false);
    this.secrets.set(matchId, secret);
    return Promise.resolve(true);
  }

  readSecret(matchId: MatchId): Promise<string | null> {
    return Promise.resolve(this.secrets.get(matchId) ?? null);
  }

  /** How many matches' logs are held (live and finished), for tests and metrics. */
  get size(): number {
    return this.logs.size;
  }

  private retire(matchId: MatchId): void {
    this.finished.delete(matchId);
    this.finished.set(matchId, true);
    for (const oldest of this.finished.keys()) {
      if (this.finished.size <= this.keepFinished) break;
      this.finished.delete(oldest);
      this.logs.delete(oldest);
      this.secrets.delete(oldest);
      this.analyses.delete(oldest);
      this.chats.delete(oldest);
      this.mutes.delete(oldest);
    }
  }

  putSummary(matchId: MatchId, summary: RoomSummary | null): Promise<void> {
    if (summary === null) this.summaries.delete(matchId);
    else this.summaries.set(matchId, structuredClone(summary));
    return Promise.resolve();
  }

  listSummaries(): Promise<RoomSummary[]> {
    return Promise.resolve([...this.summaries.values()].map((s) => structuredClone(s)));
  }

  setLive(matchId: MatchId, live: boolean): Promise<void> {
    if (live) this.live.add(matchId);
    else this.live.delete(matchId);
    return Promise.resolve();
  }

  listLive(): Promise<MatchId[]> {
    return Promise.resolve([...this.live]);
  }

  readHeartbeat(): Promise<number | null> {
    return Promise.resolve(this.heartbeat);
  }

  writeHeartbeat(now: number): Promise<void> {
    this.heartbeat = now;
    return Promise.resolve();
  }

  getAnalysis(matchId: MatchId): Promise<MatchAnalysis | null> {
    const text = this.analyses.get(matchId);
    return Promise.resolve(text === undefined ? null : (JSON.parse(text) as MatchAnalysis));
  }

  putAnalysis(matchId: MatchId, analysis: MatchAnalysis): Promise<void> {
    // Only for a match still held: the analysis must not outlive the log it describes.
    if (this.logs.has(matchId)) this.analyses.set(matchId, JSON.stringify(analysis));
    return Promise.resolve();
  }

  appendChat(matchId: MatchId, line: ChatLine, keep: number): Promise<void> {
    const lines = this.chats.get(matchId) ?? [];
    this.chats.set(matchId, lines);
    lines.push(line);
    const inChannel = lines.filter((kept) => kept.channel === line.channel);
    if (inChannel.length > keep) {
      const dropped = new Set(inChannel.slice(0, inChannel.length - keep));
      this.chats.set(
        matchId,
        lines.filter((kept) => !dropped.has(kept)),
      );
    }
    return Promise.resolve();
  }

  readChat(matchId: MatchId): Promise<ChatLine[]> {
    return Promise.resolve([...(this.chats.get(matchId) ?? [])]);
  }

  setMute(matchId: MatchId, mute: ChatMute, on: boolean): Promise<void> {
    const mutes = this.mutes.get(matchId) ?? new Set<string>();
    this.mutes.set(matchId, mutes);
    if (on) mutes.add(muteKey(mute));
    else mutes.delete(muteKey(mute));
    return Promise.resolve();
  }

  readMutes(matchId: MatchId): Promise<ChatMute[]> {
    return Promise.resolve([...(this.mutes.get(matchId) ?? [])].flatMap(muteOfKey));
  }

  onAppend(listener: AppendListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  isReady(): boolean {
    return true;
  }

  close(): Promise<void> {
    this.listeners.clear();
    return Promise.resolve();
  }
}

function parseLog(text: string): VersionedEvent[] {
  return JSON.parse(text) as VersionedEvent[];
}
