// The SQLite store's checkpointer thread: copies the WAL into the database file once a second, with the
// fsyncs that make it durable, on a connection of its own, so that the writer (the event loop) never waits for it
// (a WAL-mode checkpoint lets the writer go on appending meanwhile). docs/architecture.md, "The SQLite store".
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { type CheckpointerStart } from "./sqlite-ops.js";

const port = parentPort;
if (port === null) throw new Error("sqlite-checkpointer runs as a worker thread");
const { file, synchronous, intervalMs } = workerData as CheckpointerStart;

const db = new Database(file, { timeout: 5_000 });
db.pragma(`synchronous = ${synchronous.toUpperCase()}`);
const timer = setInterval(() => {
  try {
    // PASSIVE: never waits for the writer; copies what it can and leaves the rest for the next round.
    db.pragma("wal_checkpoint(PASSIVE)");
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
