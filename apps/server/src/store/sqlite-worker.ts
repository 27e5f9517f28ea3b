// The SQLite store's writer thread: it alone writes (and reads) the database, so that no commit or fsync
// ever blocks the server's event loop (docs/architecture.md, "The SQLite store").
import { parentPort, receiveMessageOnPort, workerData } from "node:worker_threads";
import { openDatabase } from "./sqlite-file.js";
import {
  type FromThread,
  type Request,
  SqliteTables,
  type ThreadStart,
  type ToThread,
} from "./sqlite-ops.js";

const port = parentPort;
if (port === null) throw new Error("sqlite-worker runs as a worker thread");
const send = (message: FromThread) => port.postMessage(message);
const { file, options } = workerData as ThreadStart;

const opened = openDatabase(file, options);
if (!opened.ok) {
  send({ type: "problem", problem: opened.problem });
  port.close();
} else {
  const { db, lock } = opened.value;
  const tables = new SqliteTables(db);
  send({ type: "opened" });
  port.on("message", (first: ToThread) => {
    // Whatever queued up while the last commit ran joins this one: one transaction, one fsync.
    const requests: Request[] = [];
    let close = false;
    for (let message: ToThread | undefined = first; message !== undefined;) {
      if (message.type === "close") {
        close = true;
        break;
      }
      requests.push(...message.requests);
      message = receiveMessageOnPort(port)?.message as ToThread | undefined;
    }
    if (requests.length > 0) send({ type: "replies", ...tables.run(requests) });
    if (close) {
      // The last connection to close checkpoints the WAL into the file and removes it (the store closes
      // the checkpointer first); then the lock goes.
      db.close();
      lock.close();
      send({ type: "closed" });
      port.close();
    }
  });
}
