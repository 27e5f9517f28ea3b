import type Database from "better-sqlite3";
import { type AppendResult } from "../ports/matches.js";

/**
 * `full`: every commit is fsynced before anything is acknowledged (a power cut loses nothing
 * acknowledged). `normal`: in WAL mode, commits are fsynced only at checkpoints (a power cut may lose
 * the last commits; a process kill still loses none). docs/architecture.md, "Storage".
 */
export const SYNCHRONOUS_LEVELS = ["full", "normal"] as const;
export type SynchronousLevel = (typeof SYNCHRONOUS_LEVELS)[number];

export interface SqliteFileOptions {
  readonly synchronous?: SynchronousLevel;
  /** Caps the file at this many pages: a full disk on any file system (tests). */
  readonly maxPageCount?: number;
}

/** What the store hands its checkpointer thread once the writer has opened the file. */
export interface CheckpointerStart {
  readonly file: string;
  readonly synchronous: SynchronousLevel;
  readonly intervalMs: number;
}

/** What the store asks of its tables, batched per event-loop turn. Events come as their JSON text, as stored. */
export type WriteOp =
  | {
      readonly type: "append";
      readonly matchId: string;
      readonly expectedVersion: number;
      readonly entries: readonly string[];
      /** The events hold `started` (the match joins the live set) / `ended` or `cancelled` (it leaves). */
      readonly starts: boolean;
      readonly ends: boolean;
    }
  | { readonly type: "put-summary"; readonly matchId: string; readonly summary: string | null }
  | { readonly type: "set-live"; readonly matchId: string; readonly live: boolean }
  | { readonly type: "keep-secret"; readonly matchId: string; readonly secret: string }
  | { readonly type: "write-heartbeat"; readonly now: number }
  | { readonly type: "put-analysis"; readonly matchId: string; readonly analysis: string }
  | {
      readonly type: "append-chat";
      readonly matchId: string;
      readonly channel: string;
      readonly line: string;
      readonly keep: number;
    }
  | {
      readonly type: "set-mute";
      readonly matchId: string;
      readonly user: string;
      readonly muted: string;
      readonly on: boolean;
    };

export type ReadOp =
  | { readonly type: "read"; readonly matchId: string; readonly sinceVersion: number }
  | { readonly type: "get-analysis"; readonly matchId: string }
  | { readonly type: "read-secret"; readonly matchId: string }
  | { readonly type: "list-summaries" }
  | { readonly type: "list-live" }
  | { readonly type: "read-heartbeat" }
  | { readonly type: "read-chat"; readonly matchId: string }
  | { readonly type: "read-mutes"; readonly matchId: string };

export type Op = WriteOp | ReadOp;

/** What each op answers (read: the log's JSON array text, or null when the match does not exist). */
export interface OpResults {
  append: AppendResult;
  "put-summary": null;
  "set-live": null;
  /** Whether this write kept the secret (false: one was already kept). */
  "keep-secret": boolean;
  "write-heartbeat": null;
  "read-heartbeat": number | null;
  "put-analysis": null;
  read: string | null;
  "get-analysis": string | null;
  "read-secret": string | null;
  "list-summaries": string[];
  "list-live": string[];
  "append-chat": null;
  "set-mute": null;
  /** Lines as JSON text, oldest first. */
  "read-chat": string[];
  "read-mutes": { readonly user_id: string; readonly muted_id: string }[];
}

export interface Request {
  readonly id: number;
  readonly op: Op;
}

export type Reply =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly message: string; readonly code: string | null };

const READ_OPS: ReadonlySet<Op["type"]> = new Set<ReadOp["type"]>([
  "read",
  "read-secret",
  "get-analysis",
  "list-summaries",
  "list-live",
  "read-heartbeat",
  "read-chat",
  "read-mutes",
]);

const isWrite = (op: Op): op is WriteOp => !READ_OPS.has(op.type);

function codeOf(error: unknown): string | null {
  if (typeof error !== "object" || error === null || !("code" in error)) return null;
  return typeof error.code === "string" ? error.code : null;
}

function statements(db: Database.Database) {
  return {
    head: db
      .prepare<[string], number>(
        "SELECT version FROM match_events WHERE match_id = ? ORDER BY version DESC LIMIT 1",
      )
      .pluck(),
    insert: db.prepare<[string, number, string]>(
      "INSERT INTO match_events (match_id, version, entry) VALUES (?, ?, ?)",
    ),
    entries: db
      .prepare<[string, number], string>(
        "SELECT entry FROM match_events WHERE match_id = ? AND version > ? ORDER BY version",
      )
      .pluck(),
    exists: db.prepare<[string], number>("SELECT 1 FROM match_events WHERE match_id = ? LIMIT 1").pluck(),
    liveAdd: db.prepare<[string]>("INSERT OR IGNORE INTO match_live (match_id) VALUES (?)"),
    liveRemove: db.prepare<[string]>("DELETE FROM match_live WHERE match_id = ?"),
    liveList: db.prepare<[], string>("SELECT match_id FROM match_live").pluck(),
    lobbyPut: db.prepare<[string, string]>(
      "INSERT INTO match_lobby (match_id, summary) VALUES (?, ?) " +
        "ON CONFLICT (match_id) DO UPDATE SET summary = excluded.summary",
    ),
    lobbyRemove: db.prepare<[string]>("DELETE FROM match_lobby WHERE match_id = ?"),
    lobbyList: db.prepare<[], string>("SELECT summary FROM match_lobby").pluck(),
    secretKeep: db.prepare<[string, string]>(
      "INSERT INTO match_secrets (match_id, secret) VALUES (?, ?) ON CONFLICT (match_id) DO NOTHING",
    ),
    secretGet: db.prepare<[string], string>("SELECT secret FROM match_secrets WHERE match_id = ?").pluck(),
    heartbeatPut: db.prepare<[number]>(
      "INSERT INTO server_meta (key, value) VALUES ('heartbeat', ?) " +
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    ),
    heartbeatGet: db.prepare<[], number>("SELECT value FROM server_meta WHERE key = 'heartbeat'").pluck(),
    analysisPut: db.prepare<[string, string]>(
      "INSERT INTO match_analysis (match_id, analysis) VALUES (?, ?) " +
        "ON CONFLICT (match_id) DO UPDATE SET analysis = excluded.analysis",
    ),
    analysisGet: db
      .prepare<[string], string>("SELECT analysis FROM match_analysis WHERE match_id = ?")
      .pluck(),
    chatInsert: db.prepare<[string, string, string]>(
      "INSERT INTO match_chat (match_id, channel, line) VALUES (?, ?, ?)",
    ),
    // Drops the channel's lines older than its newest `keep`.
    chatTrim: db.prepare<[string, string, string, string, number]>(
      "DELETE FROM match_chat WHERE match_id = ? AND channel = ? AND seq <= (" +
        "SELECT seq FROM match_chat WHERE match_id = ? AND channel = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)",
    ),
    chatRead: db
      .prepare<[string], string>("SELECT line FROM match_chat WHERE match_id = ? ORDER BY seq")
      .pluck(),
    muteAdd: db.prepare<[string, string, string]>(
      "INSERT OR IGNORE INTO match_chat_mutes (match_id, user_id, muted_id) VALUES (?, ?, ?)",
    ),
    muteRemove: db.prepare<[string, string, string]>(
      "DELETE FROM match_chat_mutes WHERE match_id = ? AND user_id = ? AND muted_id = ?",
    ),
    mutesRead: db.prepare<[string], { user_id: string; muted_id: string }>(
      "SELECT user_id, muted_id FROM match_chat_mutes WHERE match_id = ?",
    ),
  };
}

/**
 * The store's tables, driven by batches of ops (docs/architecture.md, "Storage"). A batch's writes
 * commit in one transaction — a group commit, one fsync for all of them — each with its own
 * compare-and-set; if the commit fails (a full disk), every write of the batch fails and none of it is
 * kept. Its reads run after the commit, so they never see what was not committed.
 */
export class SqliteTables {
  private readonly sql: ReturnType<typeof statements>;
  private readonly commit: Database.Transaction<(ops: readonly WriteOp[]) => unknown[]>;

  constructor(db: Database.Database) {
    this.sql = statements(db);
    this.commit = db.transaction((ops: readonly WriteOp[]) => ops.map((op) => this.write(op)));
  }

  run(requests: readonly Request[]): { replies: Reply[]; committed: boolean | null } {
    const writes = requests.filter((request) => isWrite(request.op));
    const replies = new Map<number, Reply>();
    let committed: boolean | null = null;
    if (writes.length > 0) {
      try {
        // BEGIN IMMEDIATE: the write lock is taken at once, through the busy handler. A deferred transaction
        // reads first and then asks for the lock, and SQLite refuses that upgrade without waiting while the
        // checkpointer's RESTART checkpoint holds writers back: moves were refused `store-unavailable`.
        const values = this.commit.immediate(writes.map((request) => request.op as WriteOp));
        writes.forEach((request, i) =>
          replies.set(request.id, { id: request.id, ok: true, value: values[i] }),
        );
        committed = true;
      } catch (error) {
        committed = false;
        const message = error instanceof Error ? error.message : String(error);
        for (const request of writes)
          replies.set(request.id, { id: request.id, ok: false, message, code: codeOf(error) });
      }
    }
    for (const request of requests) {
      if (isWrite(request.op)) continue;
      try {
        replies.set(request.id, { id: request.id, ok: true, value: this.read(request.op) });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        replies.set(request.id, { id: request.id, ok: false, message, code: codeOf(error) });
      }
    }
    return { replies: requests.flatMap((request) => replies.get(request.id) ?? []), committed };
  }

  private write(op: WriteOp): OpResults[WriteOp["type"]] {
    const sql = this.sql;
    switch (op.type) {
      case "append": {
        const head = sql.head.get(op.matchId) ?? 0;
        if (head !== op.expectedVersion) return { ok: false, reason: "conflict" };
        op.entries.forEach((entry, i) => sql.insert.run(op.matchId, op.expectedVersion + i + 1, entry));
        // The live set follows the log in the same transaction: after a kill, no acknowledged game is
        // missing from the takeover scan and no finished one is in it.
        if (op.starts) sql.liveAdd.run(op.matchId);
        if (op.ends) {
          sql.liveRemove.run(op.matchId);
          sql.lobbyRemove.run(op.matchId);
        }
        return { ok: true };
      }
      case "put-summary":
        if (op.summary === null) sql.lobbyRemove.run(op.matchId);
        else sql.lobbyPut.run(op.matchId, op.summary);
        return null;
      case "set-live":
        if (op.live) sql.liveAdd.run(op.matchId);
        else sql.liveRemove.run(op.matchId);
        return null;
      case "keep-secret":
        return sql.secretKeep.run(op.matchId, op.secret).changes === 1;
      case "write-heartbeat":
        sql.heartbeatPut.run(op.now);
        return null;
      case "put-analysis":
        sql.analysisPut.run(op.matchId, op.analysis);
        return null;
      case "append-chat":
        sql.chatInsert.run(op.matchId, op.channel, op.line);
        sql.chatTrim.run(op.matchId, op.channel, op.matchId, op.channel, op.keep);
        return null;
      case "set-mute":
        if (op.on) sql.muteAdd.run(op.matchId, op.user, op.muted);
        else sql.muteRemove.run(op.matchId, op.user, op.muted);
        return null;
    }
  }

  private read(op: ReadOp): OpResults[ReadOp["type"]] {
    switch (op.type) {
      case "read": {
        const entries = this.sql.entries.all(op.matchId, op.sinceVersion);
        if (entries.length === 0 && this.sql.exists.get(op.matchId) === undefined) return null;
        return `[${entries.join(",")}]`;
      }
      case "read-secret":
        return this.sql.secretGet.get(op.matchId) ?? null;
      case "list-summaries":
        return this.sql.lobbyList.all();
      case "list-live":
        return this.sql.liveList.all();
      case "read-heartbeat":
        return this.sql.heartbeatGet.get() ?? null;
      case "get-analysis":
        return this.sql.analysisGet.get(op.matchId) ?? null;
      case "read-chat":
        return this.sql.chatRead.all(op.matchId);
      case "read-mutes":
        return this.sql.mutesRead.all(op.matchId);
    }
  }
}
