// Where the server and engine under test live: the repo's build, or a frozen copy (bench/server/snapshot.sh)
// when ARENA_SNAPSHOT is set, so concurrent rebuilds cannot break a run.
import { fileURLToPath, pathToFileURL } from "node:url";
import { dirname, resolve } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
export const root = resolve(here, "../../..");
const snap = process.env.ARENA_SNAPSHOT;
export const serverMain = snap
  ? resolve(snap, "server/dist/main.js")
  : resolve(root, "apps/server/dist/main.js");
export async function loadEngine() {
  return snap
    ? import(pathToFileURL(resolve(snap, "node_modules/@arena/engine/dist/index.js")).href)
    : import("@arena/engine");
}
