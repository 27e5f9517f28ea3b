// A preload for the server under test: V8's sampling heap profiler through the inspector, from 12 s after
// start (set-up done) for 20 s (HEAP_SAMPLING_MS), written to $HEAP_SAMPLING_DIR/alloc-<pid>.json (a .heapprofile: open it in
// Chrome DevTools' Memory tab). HEAP_SAMPLING_COLLECTED=1 counts objects already collected too (what a
// move allocates); without it, what is still live at the end (what survives). HEAP_SAMPLING_COLLECTED=major
// counts what a major GC collected too but not what a scavenge did: what was promoted (or allocated old),
// live or not: what makes the old generation grow and brings the next mark-compact.
//   ARENA_SERVER_NODE_ARGS="--import ./bench/server/src/heap-sampling.mjs" HEAP_SAMPLING_COLLECTED=1 \
//     node bench/server/src/load.mjs --target arena --games 1000 --pace 1000 --duration 30
import { Session } from "node:inspector";
import { writeFileSync } from "node:fs";

const dir = process.env.HEAP_SAMPLING_DIR ?? "/tmp";
const collected = process.env.HEAP_SAMPLING_COLLECTED === "1";
const collectedByMajor = collected || process.env.HEAP_SAMPLING_COLLECTED === "major";
// A window about as long as the time between two scavenges shows, without collected objects, what a
// scavenge has to copy: what a move allocates that is still alive a second later.
const windowMs = Number(process.env.HEAP_SAMPLING_MS ?? 20_000);
const session = new Session();
session.connect();
session.post("HeapProfiler.enable");
setTimeout(() => {
  session.post("HeapProfiler.startSampling", {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: collectedByMajor,
    includeObjectsCollectedByMinorGC: collected,
  });
  setTimeout(() => {
    session.post("HeapProfiler.stopSampling", (error, result) => {
      if (error) console.error("heap sampling:", error);
      else writeFileSync(`${dir}/alloc-${process.pid}.json`, JSON.stringify(result.profile));
    });
  }, windowMs).unref();
}, 12_000).unref();
