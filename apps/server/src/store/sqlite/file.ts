import { accessSync, constants, mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { type SqliteFileOptions } from "./ops.js";
import { migrate } from "./schema.js";
import { errnoCode, type Opened, problem } from "../ports/startup.js";

/** SQLite's page cache for the file, in KiB (`cache_size` takes negative numbers as KiB). */
const CACHE_KIB = 32 * 1024;
/** How long the writer waits on the checkpointer's locks (it should never need to). */
const BUSY_TIMEOUT_MS = 5_000;
/** What the WAL file is truncated to after a checkpoint. */
const WAL_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * Opens (or creates) the database at `file` for this process alone. Every reason it cannot be used —
 * an unwritable folder, another server holding it, a file that is not a database or is corrupt, a
 * schema from a newer server — is a problem naming the file; a fresh store is never put over it.
 */
export function openDatabase(
  file: string,
  options: SqliteFileOptions = {},
): Opened<{ readonly db: Database.Database; readonly lock: Database.Database }> {
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
  // One server per data folder: a lock held on a file of its own (the database stays open to this
  // process's checkpointer thread, sqlite-checkpointer.ts). Exclusive locking mode keeps the lock from the
  // first write until the process ends; the OS drops it when the process dies, so a kill -9 never leaves
  // a stale lock. Timeout 0: another server holding it is an answer now, not after a wait.
  const lockFile = `${file}.lock`;
  let lock: Database.Database | null = null;
  let db: Database.Database | null = null;
  const closeAll = () => {
    for (const connection of [db, lock]) {
      try {
        connection?.close();
      } catch {
        // Already failing; closing is only tidying up.
      }
    }
  };
  try {
    lock = new Database(lockFile, { timeout: 0 });
    lock.pragma("locking_mode = EXCLUSIVE");
    lock.exec("BEGIN EXCLUSIVE; COMMIT");
  } catch (error) {
    closeAll();
    return openProblem(file, error);
  }
  try {
    db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
    const mode = db.pragma("journal_mode = WAL", { simple: true });
    if (mode !== "wal") {
      closeAll();
      return problem("io-error", file, `${file} could not be put in WAL mode (${String(mode)})`);
    }
    const check = (db.pragma("quick_check") as { quick_check: string }[]).map((row) => row.quick_check);
    if (check.length !== 1 || check[0] !== "ok") {
      closeAll();
      return problem(
        "corrupt",
        file,
        `${file} is corrupt (quick_check: ${check.slice(0, 3).join("; ")}): restore it from a backup, ` +
          `or salvage it with \`sqlite3 ${file} .recover\`, or move it away to start with an empty store`,
      );
    }
    const migrated = migrate(db);
    if (!migrated.ok) {
      closeAll();
      return problem(
        "newer-schema",
        file,
        `${file} has schema version ${migrated.found} but this server knows only up to ${migrated.known}: ` +
          "run the newer server that wrote it, or restore a backup from this version",
      );
    }
    db.pragma(`synchronous = ${(options.synchronous ?? "normal").toUpperCase()}`);
    db.pragma(`cache_size = -${CACHE_KIB}`);
    // Commits never checkpoint: a thread of its own does (sqlite-checkpointer.ts), so the writer never waits
    // for a checkpoint's copying and fsyncs. The WAL file is cut back to this size after one.
    db.pragma("wal_autocheckpoint = 0");
    db.pragma(`journal_size_limit = ${WAL_LIMIT_BYTES}`);
    if (options.maxPageCount !== undefined) db.pragma(`max_page_count = ${options.maxPageCount}`);
    return { ok: true, value: { db, lock } };
  } catch (error) {
    closeAll();
    return openProblem(file, error);
  }
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
      `${file} is in use by another Arena server (one server per data folder: its lock ${file}.lock ` +
        `is held; ${said}): ` +
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
