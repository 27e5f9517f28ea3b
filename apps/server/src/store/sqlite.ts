import { Worker } from "node:worker_threads";
import { type MatchId, type RoomSummary, type VersionedEvent, asMatchId } from "@arena/protocol";
import { type AppendResult, type LeaseGrant, type MatchStore } from "./ports.js";
import {
  type CheckpointerStart,
  type FromThread,
  type Op,
  type OpResults,
  type Request,
  type SqliteFileOptions,
  type ThreadStart,
} from "./sqlite-ops.js";
import { type Opened } from "./startup.js";

export type SqliteStoreOptions = SqliteFileOptions;

// Run from the TypeScript sources (the tests do), a worker does not inherit tsx's loader: it registers it.
// (Dynamic imports only: the code runs as CommonJS or as a module, as the parent's --input-type says.)
const TSX_BOOTSTRAP = `
  Promise.all([import("node:worker_threads"), import("tsx/esm/api")]).then(([threads, tsx]) => {
    tsx.register();
    return import(threads.workerData.entry);
  });`;

function startThread(
  name: "sqlite-worker" | "sqlite-checkpointer",
  data: ThreadStart | CheckpointerStart,
): Worker {
  const fromSource = import.meta.url.endsWith(".ts");
  const entry = new URL(`./${name}.${fromSource ? "ts" : "js"}`, import.meta.url);
  if (!fromSource) return new Worker(entry, { workerData: data });
  return new Worker(TSX_BOOTSTRAP, { eval: true, workerData: { ...data, entry: entry.href } });
}

/** How often the checkpointer copies the WAL into the file (and fsyncs it): a power cut's window under NORMAL. */
export const CHECKPOINT_INTERVAL_MS = 1_000;

interface Waiting {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
}

/** An error from the SQLite thread, with SQLite's code (`SQLITE_FULL`, …). */
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
 * The embedded default: one process per data folder (a lock file), one SQLite file in WAL mode, written by
 * a thread of its own (`sqlite-worker.ts`) so that commits never block the event loop, and checkpointed by
 * another (`sqlite-checkpointer.ts`) so that checkpoints never block the writer. What the store is asked in one event-loop turn goes to that thread as one batch; there the
 * writes commit in one transaction (a group commit: one fsync), each with its own compare-and-set, and
 * every promise settles only after that commit — an append that resolved is on disk. If the commit fails
 * (a full disk), every write of the batch rejects and none of it is kept. docs/architecture.md, "Storage".
 */
export class SqliteStore implements MatchStore {
  private readonly listeners = new Set<(matchId: MatchId, version: number) => void>();
  private readonly waiting = new Map<number, Waiting>();
  private queue: Request[] = [];
  private flushHandle: NodeJS.Immediate | null = null;
  private nextId = 1;
  private lastCommitFailed = false;
  /** Set once the store cannot be used any more: closed, or its thread died. */
  private broken: Error | null = null;
  private closing: Promise<void> | null = null;
  private checkpointerGone = false;

  private constructor(
    private readonly thread: Worker,
    private readonly checkpointer: Worker,
    /** The database file. */
    readonly file: string,
  ) {
    thread.on("message", (message: FromThread) => this.receive(message));
    thread.on("error", (error) => this.fail(error));
    thread.on("exit", (code) => this.fail(new Error(`the SQLite thread for ${file} exited (${code})`)));
    // A checkpointer that died leaves the WAL growing, not the data at risk: the writer's close checkpoints.
    checkpointer.on("error", () => undefined);
    checkpointer.on("exit", () => (this.checkpointerGone = true));
  }

  /**
   * Opens (or creates) the database at `file` for this process alone; every reason it cannot be used is
   * a problem naming the file (sqlite-file.ts), and a fresh store is never put over it.
   */
  static async open(file: string, options: SqliteStoreOptions = {}): Promise<Opened<SqliteStore>> {
    const thread = startThread("sqlite-worker", { file, options });
    // Only this function's own listeners come off afterwards: the worker's internal ones (which keep its
    // port referenced while anyone listens for messages) must stay.
    let settle: (outcome: FromThread | Error) => void = () => undefined;
    const onMessage = (message: FromThread) => settle(message);
    const onError = (error: Error) => settle(error);
    const onExit = (code: number) =>
      settle(new Error(`the SQLite thread for ${file} exited (${code}) while opening`));
    const first = await new Promise<FromThread | Error>((resolve) => {
      settle = resolve;
      thread.on("message", onMessage).on("error", onError).on("exit", onExit);
    });
    thread.off("message", onMessage).off("error", onError).off("exit", onExit);
    if (first instanceof Error) {
      await thread.terminate();
      throw first;
    }
    if (first.type === "problem") {
      await thread.terminate();
      return { ok: false, problem: first.problem };
    }
    const checkpointer = startThread("sqlite-checkpointer", {
      file,
      synchronous: options.synchronous ?? "normal",
      intervalMs: CHECKPOINT_INTERVAL_MS,
    });
    return { ok: true, value: new SqliteStore(thread, checkpointer, file) };
  }

  /** Whether the store works and its last commit succeeded (readiness: a full disk makes the server unready). */
  isReady(): boolean {
    return this.broken === null && !this.lastCommitFailed;
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
        for (const listener of this.listeners) listener(matchId, version);
      });
    }
    return result;
  }

  async read(matchId: MatchId, sinceVersion: number): Promise<VersionedEvent[] | null> {
    const text = await this.request({ type: "read", matchId, sinceVersion });
    return text === null ? null : (JSON.parse(text) as VersionedEvent[]);
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

  acquireLease(matchId: MatchId, owner: string, ttlMs: number, now: number): Promise<LeaseGrant> {
    return this.request({ type: "acquire-lease", matchId, owner, ttlMs, now });
  }

  renewLease(matchId: MatchId, owner: string, ttlMs: number, now: number): Promise<boolean> {
    return this.request({ type: "renew-lease", matchId, owner, ttlMs, now });
  }

  async releaseLease(matchId: MatchId, owner: string): Promise<void> {
    await this.request({ type: "release-lease", matchId, owner });
  }

  onAppend(listener: (matchId: MatchId, version: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Commits what is queued, then closes the file: the checkpointer first, so that the writer's connection is
   * the last and its close checkpoints the whole WAL into the file; then the lock is released.
   */
  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      if (this.checkpointerGone) {
        resolve();
        return;
      }
      this.checkpointer.once("exit", () => resolve());
      this.checkpointer.postMessage({ type: "close" });
    })
      .then(
        () =>
          new Promise<void>((resolve) => {
            if (this.broken !== null) {
              resolve();
              return;
            }
            this.thread.once("exit", () => resolve());
            this.flush();
            this.thread.postMessage({ type: "close" });
          }),
      )
      .then(() => {
        this.listeners.clear();
        this.fail(new Error(`the store ${this.file} is closed`));
      });
    return this.closing;
  }

  private request<K extends Op["type"]>(op: Extract<Op, { type: K }>): Promise<OpResults[K]> {
    if (this.broken !== null || this.closing !== null) {
      return Promise.reject(this.broken ?? new Error(`the store ${this.file} is closed`));
    }
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
    if (this.queue.length === 0 || this.broken !== null) return;
    const requests = this.queue;
    this.queue = [];
    this.thread.postMessage({ type: "batch", requests });
  }

  private receive(message: FromThread): void {
    if (message.type !== "replies") return;
    if (message.committed !== null) this.lastCommitFailed = !message.committed;
    for (const reply of message.replies) {
      const waiting = this.waiting.get(reply.id);
      if (waiting === undefined) continue;
      this.waiting.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(new SqliteStoreError(reply.message, reply.code));
    }
  }

  /** The thread is gone: nothing asked of it will be answered. */
  private fail(error: Error): void {
    this.broken ??= error;
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
    this.queue = [];
  }
}
