import { accessSync, constants, mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { type MatchId, type RoomSummary, type VersionedEvent, asMatchId } from "@arena/protocol";
import Database from "better-sqlite3";
import { type AppendResult, type LeaseGrant, type MatchStore } from "./ports.js";
import { migrate } from "./sqlite-schema.js";
import { errnoCode, type Opened, problem } from "./startup.js";

/**
 * `full`: every commit is fsynced before anything is acknowledged (a power cut loses nothing
 * acknowledged). `normal`: in WAL mode, commits are fsynced only at checkpoints (a power cut may lose
 * the last commits; a process kill still loses none). docs/architecture.md, "Storage".
 */
export const SYNCHRONOUS_LEVELS = ["full", "normal"] as const;
export type SynchronousLevel = (typeof SYNCHRONOUS_LEVELS)[number];

export interface SqliteStoreOptions {
  readonly synchronous?: SynchronousLevel;
  /** Caps the file at this many pages: a full disk on any file system (tests). */
  readonly maxPageCount?: number;
}

/** SQLite's page cache for the file, in KiB (`cache_size` takes negative numbers as KiB). */
const CACHE_KIB = 32 * 1024;

interface LeaseRow {
  readonly owner: string | null;
  readonly expires_at: number | null;
  readonly heartbeat: number;
}

/** A write waiting for the next group commit. */
interface PendingWrite {
  /** Runs inside the batch's transaction; returns what to do once that has committed. */
  readonly apply: () => () => void;
  readonly fail: (error: unknown) => void;
}

/** Runs `read` now and hands its result (or its error) back as a promise, like every store method. */
function attempt<T>(read: () => T): Promise<T> {
  return new Promise<T>((resolve) => resolve(read()));
}

function prepareStatements(db: Database.Database) {
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
    leaseGet: db.prepare<[string], LeaseRow>(
      "SELECT owner, expires_at, heartbeat FROM match_leases WHERE match_id = ?",
    ),
    leasePut: db.prepare<[string, string, number, number]>(
      "INSERT INTO match_leases (match_id, owner, expires_at, heartbeat) VALUES (?, ?, ?, ?) " +
        "ON CONFLICT (match_id) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at, " +
        "heartbeat = excluded.heartbeat",
    ),
    leaseRenew: db.prepare<[number, number, string, string, number]>(
      "UPDATE match_leases SET expires_at = ?, heartbeat = ? WHERE match_id = ? AND owner = ? AND expires_at > ?",
    ),
    leaseRelease: db.prepare<[string, string]>(
      "UPDATE match_leases SET owner = NULL, expires_at = NULL WHERE match_id = ? AND owner = ?",
    ),
    leaseRemove: db.prepare<[string]>("DELETE FROM match_leases WHERE match_id = ?"),
  };
}

/**
 * The embedded default: one process, one SQLite file in WAL mode that only it may open (exclusive
 * locking). Reads run at once (better-sqlite3 is synchronous); writes wait for the end of the current
 * event-loop turn and commit together in one transaction — a group commit, one fsync for all of them —
 * each with its own compare-and-set, and each promise settles only after that commit: an append that
 * resolved is on disk. If the commit fails (a full disk), every write of the batch rejects and none of
 * it is kept.
 *
 * The live set follows the log inside the same transaction (a `started` event adds the match, `ended`
 * or `cancelled` removes it with its lease and lobby entry): after a kill, no acknowledged game is missing
 * from the takeover scan and no finished one is in it. docs/architecture.md, "Storage".
 */
export class SqliteStore implements MatchStore {
  private readonly sql: ReturnType<typeof prepareStatements>;
  private readonly commit: (batch: readonly PendingWrite[]) => (() => void)[];
  private readonly listeners = new Set<(matchId: MatchId, version: number) => void>();
  private pending: PendingWrite[] = [];
  private flushHandle: NodeJS.Immediate | null = null;
  private lastCommitFailed = false;
  private closed = false;

  private constructor(
    private readonly db: Database.Database,
    /** The database file. */
    readonly file: string,
  ) {
    this.sql = prepareStatements(db);
    this.commit = db.transaction((batch: readonly PendingWrite[]) => batch.map((write) => write.apply()));
  }

  /**
   * Opens (or creates) the database at `file` for this process alone. Every reason it cannot be used —
   * an unwritable folder, another server holding it, a file that is not a database or is corrupt, a
   * schema from a newer server — is a problem naming the file; a fresh store is never put over it.
   */
  static open(file: string, options: SqliteStoreOptions = {}): Opened<SqliteStore> {
    const folder = dirname(file);
    try {
      mkdirSync(folder, { recursive: true });
      accessSync(folder, constants.W_OK);
    } catch (error) {
      return problem(
        "unwritable",
        folder,
        `cannot create or write the data folder ${folder} (${errnoCode(error) ?? String(error)}): ` +
          "make it writable by the user running the server, or set DATA_DIR to another folder",
      );
    }
    try {
      if (!statSync(file).isFile()) {
        return problem("not-a-database", file, `${file} is not a file: move it away or set DATA_DIR`);
      }
      accessSync(file, constants.R_OK | constants.W_OK);
    } catch (error) {
      if (errnoCode(error) !== "ENOENT") {
        return problem(
          "unwritable",
          file,
          `cannot read and write ${file} (${errnoCode(error) ?? String(error)}): ` +
            "make it writable by the user running the server, or set DATA_DIR to another folder",
        );
      }
    }
    let db: Database.Database | null = null;
    try {
      // timeout 0: another server holding the file is an answer now, not after a wait.
      db = new Database(file, { timeout: 0 });
      // Exclusive before WAL: the lock is taken at the first access below and held until the process
      // ends (the OS drops it when the process dies, so a kill -9 never leaves a stale lock), and the
      // WAL index lives in this process's memory instead of a shared -shm file.
      db.pragma("locking_mode = EXCLUSIVE");
      const mode = db.pragma("journal_mode = WAL", { simple: true });
      if (mode !== "wal")
        return problem("io-error", file, `${file} could not be put in WAL mode (${String(mode)})`);
      const check = (db.pragma("quick_check", { simple: false }) as { quick_check: string }[]).map(
        (row) => row.quick_check,
      );
      if (check.length !== 1 || check[0] !== "ok") {
        db.close();
        return problem(
          "corrupt",
          file,
          `${file} is corrupt (quick_check: ${check.slice(0, 3).join("; ")}): restore it from a backup, ` +
            `or salvage it with \`sqlite3 ${file} .recover\`, or move it away to start with an empty store`,
        );
      }
      const migrated = migrate(db);
      if (!migrated.ok) {
        db.close();
        return problem(
          "newer-schema",
          file,
          `${file} has schema version ${migrated.found} but this server knows only up to ${migrated.known}: ` +
            "run the newer server that wrote it, or restore a backup from this version",
        );
      }
      db.pragma(`synchronous = ${(options.synchronous ?? "full").toUpperCase()}`);
      db.pragma(`cache_size = -${CACHE_KIB}`);
      if (options.maxPageCount !== undefined) db.pragma(`max_page_count = ${options.maxPageCount}`);
      // This process is the folder's only user: leases still held belong to a process that died, so
      // they end now and its live games are taken over at once (credited from their last heartbeat).
      db.prepare("UPDATE match_leases SET owner = NULL, expires_at = NULL WHERE owner IS NOT NULL").run();
      return { ok: true, value: new SqliteStore(db, file) };
    } catch (error) {
      try {
        db?.close();
      } catch {
        // The open failed already; closing is only tidying up.
      }
      return openProblem(file, error);
    }
  }

  /** Whether the last commit succeeded (readiness: a full disk makes the server unready until one does). */
  isReady(): boolean {
    return !this.closed && !this.lastCommitFailed;
  }

  append(
    matchId: MatchId,
    expectedVersion: number,
    events: readonly VersionedEvent[],
  ): Promise<AppendResult> {
    return this.write(
      () => this.appendNow(matchId, expectedVersion, events),
      (result) => {
        if (result.ok) this.announce(matchId, expectedVersion + events.length);
      },
    );
  }

  private appendNow(
    matchId: MatchId,
    expectedVersion: number,
    events: readonly VersionedEvent[],
  ): AppendResult {
    const head = this.sql.head.get(matchId) ?? 0;
    if (head !== expectedVersion) return { ok: false, reason: "conflict" };
    events.forEach((entry, i) =>
      this.sql.insert.run(matchId, expectedVersion + i + 1, JSON.stringify(entry)),
    );
    for (const { event } of events) {
      if (event.type === "started") this.sql.liveAdd.run(matchId);
      if (event.type === "ended" || event.type === "cancelled") {
        this.sql.liveRemove.run(matchId);
        this.sql.leaseRemove.run(matchId);
        this.sql.lobbyRemove.run(matchId);
      }
    }
    return { ok: true };
  }

  /**
   * Listeners hear of an append in a microtask queued before the appender's promise settles, as with the
   * memory store: a room ignores the news of its own append (Room.notify).
   */
  private announce(matchId: MatchId, version: number): void {
    queueMicrotask(() => {
      for (const listener of this.listeners) listener(matchId, version);
    });
  }

  read(matchId: MatchId, sinceVersion: number): Promise<VersionedEvent[] | null> {
    return attempt(() => {
      const entries = this.sql.entries.all(matchId, sinceVersion);
      if (entries.length === 0 && this.sql.exists.get(matchId) === undefined) return null;
      // One parse for the whole log instead of one per event.
      return JSON.parse(`[${entries.join(",")}]`) as VersionedEvent[];
    });
  }

  putSummary(matchId: MatchId, summary: RoomSummary | null): Promise<void> {
    return this.write(() => {
      if (summary === null) this.sql.lobbyRemove.run(matchId);
      else this.sql.lobbyPut.run(matchId, JSON.stringify(summary));
    });
  }

  listSummaries(): Promise<RoomSummary[]> {
    return attempt(() => this.sql.lobbyList.all().map((json) => JSON.parse(json) as RoomSummary));
  }

  setLive(matchId: MatchId, live: boolean): Promise<void> {
    return this.write(() => {
      if (live) this.sql.liveAdd.run(matchId);
      else this.sql.liveRemove.run(matchId);
    });
  }

  listLive(): Promise<MatchId[]> {
    return attempt(() => this.sql.liveList.all().map(asMatchId));
  }

  acquireLease(matchId: MatchId, owner: string, ttlMs: number, now: number): Promise<LeaseGrant> {
    return this.write(() => {
      const current = this.sql.leaseGet.get(matchId);
      const previousHeartbeat = current?.heartbeat ?? null;
      if (
        current?.owner != null &&
        current.owner !== owner &&
        current.expires_at !== null &&
        current.expires_at > now
      ) {
        return { acquired: false, previousHeartbeat };
      }
      this.sql.leasePut.run(matchId, owner, now + ttlMs, now);
      return { acquired: true, previousHeartbeat };
    });
  }

  renewLease(matchId: MatchId, owner: string, ttlMs: number, now: number): Promise<boolean> {
    return this.write(() => this.sql.leaseRenew.run(now + ttlMs, now, matchId, owner, now).changes === 1);
  }

  releaseLease(matchId: MatchId, owner: string): Promise<void> {
    return this.write(() => {
      this.sql.leaseRelease.run(matchId, owner);
    });
  }

  onAppend(listener: (matchId: MatchId, version: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Commits what is queued, then closes the file (which checkpoints the WAL into it and releases the lock). */
  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.flushHandle !== null) clearImmediate(this.flushHandle);
    this.flush();
    this.closed = true;
    this.listeners.clear();
    this.db.close();
    return Promise.resolve();
  }

  /** Queues a write for the next group commit; `committed` runs once it is on disk, before the promise settles. */
  private write<T>(apply: () => T, committed?: (value: T) => void): Promise<T> {
    if (this.closed) return Promise.reject(new Error(`the store ${this.file} is closed`));
    return new Promise<T>((resolve, reject) => {
      this.pending.push({
        apply: () => {
          const value = apply();
          return () => {
            committed?.(value);
            resolve(value);
          };
        },
        fail: reject,
      });
      this.flushHandle ??= setImmediate(this.flush);
    });
  }

  private readonly flush = (): void => {
    this.flushHandle = null;
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    let settle: (() => void)[];
    try {
      settle = this.commit(batch);
    } catch (error) {
      // The transaction was rolled back as a whole: nothing of this batch is on disk, so all of it fails.
      this.lastCommitFailed = true;
      for (const write of batch) write.fail(error);
      return;
    }
    this.lastCommitFailed = false;
    for (const done of settle) done();
  };
}

/** Maps what SQLite said while opening to what the operator should do. */
function openProblem(file: string, error: unknown): Opened<never> {
  if (!(error instanceof Database.SqliteError)) throw error;
  const said = `SQLite: ${error.message}`;
  const code = error.code;
  if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED") {
    return problem(
      "locked",
      file,
      `${file} is in use by another Arena server (one server per data folder; ${said}): ` +
        "stop that server first, or give this one its own DATA_DIR",
    );
  }
  if (code === "SQLITE_NOTADB") {
    return problem(
      "not-a-database",
      file,
      `${file} is not a SQLite database (${said}): move it away or set DATA_DIR to another folder; ` +
        "the server will not start an empty store over it",
    );
  }
  if (code.startsWith("SQLITE_CORRUPT")) {
    return problem(
      "corrupt",
      file,
      `${file} is corrupt (${said}): restore it from a backup, or salvage it with ` +
        `\`sqlite3 ${file} .recover\`, or move it away to start with an empty store`,
    );
  }
  if (code === "SQLITE_FULL") {
    return problem(
      "disk-full",
      file,
      `the disk holding ${file} is full (${said}): free some space and start again`,
    );
  }
  if (code.startsWith("SQLITE_READONLY") || code.startsWith("SQLITE_CANTOPEN") || code === "SQLITE_PERM") {
    return problem(
      "unwritable",
      file,
      `cannot open ${file} for writing (${said}): make the file and its folder writable by the user ` +
        "running the server, or set DATA_DIR to another folder",
    );
  }
  return problem(
    "io-error",
    file,
    `cannot use ${file} (${said}): check the disk and the file, then start again`,
  );
}
