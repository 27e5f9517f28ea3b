import { accessSync, constants, mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { type SqliteFileOptions } from "./sqlite-ops.js";
import { migrate } from "./sqlite-schema.js";
import { errnoCode, type Opened, problem } from "./startup.js";

/** SQLite's page cache for the file, in KiB (`cache_size` takes negative numbers as KiB). */
const CACHE_KIB = 32 * 1024;

/**
 * Opens (or creates) the database at `file` for this process alone. Every reason it cannot be used —
 * an unwritable folder, another server holding it, a file that is not a database or is corrupt, a
 * schema from a newer server — is a problem naming the file; a fresh store is never put over it.
 */
export function openDatabase(file: string, options: SqliteFileOptions = {}): Opened<Database.Database> {
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
    if (mode !== "wal") {
      db.close();
      return problem("io-error", file, `${file} could not be put in WAL mode (${String(mode)})`);
    }
    const check = (db.pragma("quick_check") as { quick_check: string }[]).map((row) => row.quick_check);
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
    return { ok: true, value: db };
  } catch (error) {
    try {
      db?.close();
    } catch {
      // The open failed already; closing is only tidying up.
    }
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
