import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { pino } from "pino";
import { readEnv } from "../env.js";
import { setModeratorRole } from "../moderation/roles.js";
import { DATABASE_FILE, openBackend } from "../store/backend.js";
import { type ModerationStore } from "../store/ports/moderation.js";
import { type PlayerStore } from "../store/ports/players.js";
import { MIGRATIONS, schemaVersion } from "../store/sqlite/schema.js";
import { SqliteModerationStore } from "../store/sqlite/moderation.js";
import { SqlitePlayerStore } from "../store/sqlite/players.js";

/**
 * `arena admin grant|revoke <name>` (docs/protocol.md, "Moderation"): the only way to give or take the
 * moderator role. It opens the server's store with the server's environment (DATA_DIR, STORE,
 * REDIS_URL). While a server holds the SQLite folder, the database is opened beside it (SQLite's own
 * locks keep the two writers apart; the server reads roles from the file on every request).
 */
const USAGE = "Usage: arena admin grant <name> | arena admin revoke <name>\n";

interface Stores {
  readonly players: PlayerStore;
  readonly moderation: ModerationStore;
  close(): Promise<void>;
}

async function openStores(): Promise<Stores | string> {
  let env: ReturnType<typeof readEnv>;
  try {
    env = readEnv();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  if (env.STORE === "memory")
    return "STORE=memory keeps no accounts between runs: there is nobody to grant to";
  const logger = pino({ level: "silent" });
  const opened = await openBackend(env, logger);
  if (opened.ok) {
    const { players, moderation } = opened.value;
    return { players, moderation, close: () => opened.value.close() };
  }
  if (opened.problem.code !== "locked") return opened.problem.message;
  // A server is running on the folder: its file, beside it, once the server's schema knows moderation.
  const db = new Database(join(resolve(env.DATA_DIR), DATABASE_FILE), { timeout: 5_000 });
  if (schemaVersion(db) < MIGRATIONS.length) {
    db.close();
    return "the running server is older than this command: upgrade it first";
  }
  return {
    players: new SqlitePlayerStore(db),
    moderation: new SqliteModerationStore(db),
    close: () => Promise.resolve(void db.close()),
  };
}

async function main(argv: readonly string[]): Promise<number> {
  const [command, name, ...extra] = argv;
  if ((command !== "grant" && command !== "revoke") || name === undefined || extra.length > 0) {
    process.stderr.write(USAGE);
    return 2;
  }
  const stores = await openStores();
  if (typeof stores === "string") {
    process.stderr.write(`arena admin: ${stores}\n`);
    return 1;
  }
  try {
    const result = await setModeratorRole(stores, name, command === "grant", Date.now());
    if (!result.ok) {
      process.stderr.write(`arena admin: no account named '${name}'\n`);
      return 1;
    }
    const state = command === "grant" ? "is a moderator" : "is not a moderator";
    const note = result.changed ? "" : " (no change)";
    process.stdout.write(`${result.user.name} ${state}${note}\n`);
    return 0;
  } finally {
    await stores.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
