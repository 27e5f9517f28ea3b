// The SQLite store's checkpointer thread: copies the WAL into the database file once a second, with the
// fsyncs that make it durable, on a connection of its own, so that the writer (the event loop) never waits for it
// (a WAL-mode checkpoint lets the writer go on appending meanwhile). docs/architecture.md, "The SQLite store".
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { type CheckpointerStart } from "./ops.js";

const port = parentPort;
if (port === null) throw new Error("sqlite-checkpointer runs as a worker thread");
const { file, synchronous, intervalMs } = workerData as CheckpointerStart;

const db = new Database(file, { timeout: 5_000 });
db.pragma(`synchronous = ${synchronous.toUpperCase()}`);
/** Checkpoints in a row at most, chasing the writer until the WAL is copied whole. */
const CATCH_UP_ROUNDS = 8;
/** WAL frames (4 KiB pages) past which the WAL is made to start over: 64 MiB. */
const RESTART_AFTER_FRAMES = 16_384;

const timer = setInterval(() => {
  try {
    // PASSIVE: never waits for the writer; copies the frames there are when it starts. The writer appends
    // meanwhile, so one round almost never copies the whole WAL — and the writer starts the WAL over from
    // its beginning only when its transaction begins with every frame copied. One round a second let the
    // WAL grow to 256 MB in 30 s at 1,000 moves/s; the rounds after the first copy only what came during
    // the one before (little), so the WAL is soon copied whole between two of the writer's commits.
    let frames = 0;
    for (let round = 0; round < CATCH_UP_ROUNDS; round++) {
      const [state] = db.pragma("wal_checkpoint(PASSIVE)") as { log: number; checkpointed: number }[];
      frames = state?.log ?? 0;
      if (state === undefined || state.checkpointed >= state.log) break;
    }
    // A writer that commits every millisecond or two never begins a transaction with the WAL copied whole,
    // so it never starts the WAL over (at 1,000 moves/s the WAL reached 257 MB in 40 s). Past the limit, a
    // RESTART checkpoint holds the writer back (its busy handler waits) while it copies what the rounds above
    // left — a few milliseconds' worth — and makes the next commit start the WAL from its beginning.
    if (frames > RESTART_AFTER_FRAMES) db.pragma("wal_checkpoint(RESTART)");
  } catch {
    // A full disk or an I/O error: the frames stay in the WAL (which recovery reads), and the next round
    // tries again; the writer's own commits report such faults.
  }
}, intervalMs);

port.on("message", () => {
  clearInterval(timer);
  db.close();
  port.postMessage({ type: "closed" });
  port.close();
});
