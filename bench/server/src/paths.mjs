// Where the server and engine under test live: the repo's build, or a frozen copy (bench/server/snapshot.sh)
// when ARENA_SNAPSHOT is set, so concurrent rebuilds cannot break a run.
import { fileURLToPath, pathToFileURL } from "node:url";
import { dirname, join, resolve } from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";

const here = dirname(fileURLToPath(import.meta.url));
export const root = resolve(here, "../../..");
const snap = process.env.ARENA_SNAPSHOT;
export const serverMain = snap
  ? resolve(snap, "server/dist/main.js")
  : resolve(root, "apps/server/dist/main.js");
// The young-generation size the product runs with (the root `npm start`, the Dockerfile, `npm start` in
// apps/server): with 16 MB semi-spaces (Node's default) the server scavenged every few hundred moves and
// the p99 at 1,000 games was 2–5× higher. A game's state lives about one move interval; when scavenges
// come about as often (64 MB at 2,000 moves/s), much of it survives two, is promoted, and brings a
// mark-compact every 10–30 s whose concurrent marking held ~500 moves each time. 128 MB keeps the interval
// at ~2 s up to 2,000 games (docs/benchmarks.md, "The 2,000-game tail"). The echo and boardgame.io servers
// get the same flag.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=128"];
export async function loadEngine() {
  return snap
    ? import(pathToFileURL(resolve(snap, "node_modules/@arena/engine/dist/index.js")).href)
    : import("@arena/engine");
}

/**
 * The environment that gives a server under test its store: `memory` (nothing kept; every figure before the
 * SQLite store was measured on it) or `sqlite` (the product's default, in a fresh temporary DATA_DIR that is
 * removed when this process exits). Returns the env and, for SQLite, the folder.
 */
export function storeEnv(store) {
  if (store === "memory") return { env: { STORE: "memory" }, dataDir: null };
  if (store === "sqlite") {
    const dataDir = mkdtempSync(join(tmpdir(), "arena-bench-data-"));
    process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
    return { env: { STORE: "sqlite", DATA_DIR: dataDir }, dataDir };
  }
  throw new Error(`--store ${store}: memory or sqlite`);
}
