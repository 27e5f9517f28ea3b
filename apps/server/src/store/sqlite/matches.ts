import { Worker } from "node:worker_threads";
import {
  asUserId,
  type ChatLine,
  type ChatMute,
  type MatchAnalysis,
  type MatchId,
  type RoomSummary,
  type VersionedEvent,
  asMatchId,
} from "@arena/protocol";
import type Database from "better-sqlite3";
import { type ServerHeartbeat } from "../ports/heartbeat.js";
import { type AppendListener, type AppendResult, type MatchStore } from "../ports/matches.js";
import { openDatabase } from "./file.js";
import {
  type CheckpointerStart,
  type Op,
  type OpResults,
  type Request,
  type SqliteFileOptions,
  SqliteTables,
} from "./ops.js";
import { type Opened } from "../ports/startup.js";

export type SqliteStoreOptions = SqliteFileOptions;

/** How often the checkpointer copies the WAL into the file (and fsyncs it): a power cut's window under NORMAL. */
export const CHECKPOINT_INTERVAL_MS = 1_000;

// Run from the TypeScript sources (the tests do), a worker does not inherit tsx's loader: it registers it.
// (Dynamic imports only: the code runs as CommonJS or as a module, as the parent's --input-type says.)
const TSX_BOOTSTRAP = `
  Promise.all([import("node:worker_threads"), import("tsx/esm/api")]).then(([threads, tsx]) => {
    tsx.register();
    return import(threads.workerData.entry);
  });`;

function startCheckpointer(start: CheckpointerStart): Worker {
  const fromSource = import.meta.url.endsWith(".ts");
  const entry = new URL(`./checkpointer.${fromSource ? "ts" : "js"}`, import.meta.url);
  if (!fromSource) return new Worker(entry, { workerData: start });
  return new Worker(TSX_BOOTSTRAP, { eval: true, workerData: { ...start, entry: entry.href } });
}

interface Waiting {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
}

/** A write or read that SQLite refused, with SQLite's code (`SQLITE_FULL`, …). */
export class SqliteStoreError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = "SqliteStoreError";
  }
}

/**
 * The embedded default: one process per data folder (a lock file), one SQLite file in WAL mode
 * (docs/architecture.md, "The SQLite store"). What the store is asked during one event-loop turn runs at
 * the end of the turn as one batch (`SqliteTables.run`): the writes commit in one transaction — a group
 * commit — each with its own compare-and-set, then the reads run; every promise settles only after that
 * commit, so an append that resolved is committed. If the commit fails (a full disk), every write of the
 * batch rejects and none of it is kept. Commits run here, on the event loop, and cost a `write()` each;
 * checkpoints, which copy the WAL into the file and fsync it, run on a thread of their own
 * (`checkpointer.ts`) with a connection of their own, so the loop never waits for one.
 */
export class SqliteStore implements MatchStore, ServerHeartbeat {
  private readonly listeners = new Set<AppendListener>();
  private readonly waiting = new Map<number, Waiting>();
  private readonly tables: SqliteTables;
  private queue: Request[] = [];
  private flushHandle: NodeJS.Immediate | null = null;
  private nextId = 1;
  private lastCommitFailed = false;
  private closing: Promise<void> | null = null;
  private checkpointerGone = false;

  private constructor(
    private readonly db: Database.Database,
    private readonly lock: Database.Database,
    private readonly checkpointer: Worker,
    /** The database file. */
    readonly file: string,
  ) {
    this.tables = new SqliteTables(db);
    // A checkpointer that died leaves the WAL growing, not the data at risk: closing checkpoints it all.
    checkpointer.on("error", () => undefined);
    checkpointer.on("exit", () => (this.checkpointerGone = true));
  }

  /**
   * Opens (or creates) the database at `file` for this process alone; every reason it cannot be used is
   * a problem naming the file (file.ts), and a fresh store is never put over it.
   */
  static open(file: string, options: SqliteStoreOptions = {}): Promise<Opened<SqliteStore>> {
    const opened = openDatabase(file, options);
    if (!opened.ok) return Promise.resolve(opened);
    const { db, lock } = opened.value;
    const checkpointer = startCheckpointer({
      file,
      synchronous: options.synchronous ?? "normal",
      intervalMs: CHECKPOINT_INTERVAL_MS,
    });
    return Promise.resolve({ ok: true, value: new SqliteStore(db, lock, checkpointer, file) });
  }

  /**
   * The writer connection, for the player tables (players.ts): their statements run synchronously
   * between this store's batches, in transactions of their own.
   */
  get connection(): Database.Database {
    return this.db;
  }

  /** Whether the store is open and its last commit succeeded (readiness: a full disk makes the server unready). */
  isReady(): boolean {
    return this.closing === null && !this.lastCommitFailed;
  }

  async append(
    matchId: MatchId,
    expectedVersion: number,
    events: readonly VersionedEvent[],
  ): Promise<AppendResult> {
    const result = await this.request({
      type: "append",
      matchId,
      expectedVersion,
      entries: events.map((entry) => JSON.stringify(entry)),
      starts: events.some(({ event }) => event.type === "started"),
      ends: events.some(({ event }) => event.type === "ended" || event.type === "cancelled"),
    });
    if (result.ok) {
      const version = expectedVersion + events.length;
      // Queued before the appender resumes, as with the memory store: a room ignores the news of its own
      // append (Room.notify).
      queueMicrotask(() => {
        for (const listener of this.listeners) listener(matchId, version, events);
      });
    }
    return result;
  }

  async read(matchId: MatchId, sinceVersion: number): Promise<VersionedEvent[] | null> {
    const text = await this.request({ type: "read", matchId, sinceVersion });
    return text === null ? null : (JSON.parse(text) as VersionedEvent[]);
  }

  keepSecret(matchId: MatchId, secret: string): Promise<boolean> {
    return this.request({ type: "keep-secret", matchId, secret });
  }

  readSecret(matchId: MatchId): Promise<string | null> {
    return this.request({ type: "read-secret", matchId });
  }

  async putSummary(matchId: MatchId, summary: RoomSummary | null): Promise<void> {
    await this.request({
      type: "put-summary",
      matchId,
      summary: summary === null ? null : JSON.stringify(summary),
    });
  }

  async listSummaries(): Promise<RoomSummary[]> {
    return (await this.request({ type: "list-summaries" })).map((json) => JSON.parse(json) as RoomSummary);
  }

  async setLive(matchId: MatchId, live: boolean): Promise<void> {
    await this.request({ type: "set-live", matchId, live });
  }

  async listLive(): Promise<MatchId[]> {
    return (await this.request({ type: "list-live" })).map(asMatchId);
  }

  readHeartbeat(): Promise<number | null> {
    return this.request({ type: "read-heartbeat" });
  }

  async writeHeartbeat(now: number): Promise<void> {
    await this.request({ type: "write-heartbeat", now });
  }

  async getAnalysis(matchId: MatchId): Promise<MatchAnalysis | null> {
    const text = await this.request({ type: "get-analysis", matchId });
    return text === null ? null : (JSON.parse(text) as MatchAnalysis);
  }

  async putAnalysis(matchId: MatchId, analysis: MatchAnalysis): Promise<void> {
    await this.request({ type: "put-analysis", matchId, analysis: JSON.stringify(analysis) });
  }

  async appendChat(matchId: MatchId, line: ChatLine, keep: number): Promise<void> {
    const channel = line.channel;
    await this.request({ type: "append-chat", matchId, channel, line: JSON.stringify(line), keep });
  }

  async readChat(matchId: MatchId): Promise<ChatLine[]> {
    return (await this.request({ type: "read-chat", matchId })).map((json) => JSON.parse(json) as ChatLine);
  }

  async setMute(matchId: MatchId, mute: ChatMute, on: boolean): Promise<void> {
    await this.request({ type: "set-mute", matchId, user: mute.user, muted: mute.muted, on });
  }

  async readMutes(matchId: MatchId): Promise<ChatMute[]> {
    const rows = await this.request({ type: "read-mutes", matchId });
    return rows.map((row) => ({ user: asUserId(row.user_id), muted: asUserId(row.muted_id) }));
  }

  onAppend(listener: AppendListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Commits what is queued, stops the checkpointer, then closes the database — the last connection, whose
   * close checkpoints the whole WAL into the file and removes it — and releases the lock.
   */
  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      this.flush();
      if (this.checkpointerGone) {
        resolve();
        return;
      }
      this.checkpointer.once("exit", () => resolve());
      this.checkpointer.postMessage({ type: "close" });
    }).then(() => {
      this.listeners.clear();
      this.db.close();
      this.lock.close();
    });
    return this.closing;
  }

  private request<K extends Op["type"]>(op: Extract<Op, { type: K }>): Promise<OpResults[K]> {
    if (this.closing !== null) return Promise.reject(new Error(`the store ${this.file} is closed`));
    const id = this.nextId++;
    this.queue.push({ id, op });
    // One batch per event-loop turn: everything asked in this turn commits together.
    this.flushHandle ??= setImmediate(() => this.flush());
    return new Promise<OpResults[K]>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
  }

  private flush(): void {
    if (this.flushHandle !== null) clearImmediate(this.flushHandle);
    this.flushHandle = null;
    if (this.queue.length === 0) return;
    const requests = this.queue;
    this.queue = [];
    const { replies, committed } = this.tables.run(requests);
    if (committed !== null) this.lastCommitFailed = !committed;
    for (const reply of replies) {
      const waiting = this.waiting.get(reply.id);
      if (waiting === undefined) continue;
      this.waiting.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(new SqliteStoreError(reply.message, reply.code));
    }
  }
}
