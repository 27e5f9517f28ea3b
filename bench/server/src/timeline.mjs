// A preload for the server under test: a timeline of what could hold a move back, in wall-clock time so
// it can be laid over the clients' send times (load.mjs --timeline). It records every GC (kind, start,
// duration) and every stall of the main thread: a 2 ms interval that fired more than 10 ms late. Written to
// $TIMELINE_DIR/timeline-<pid>.json when the process exits (load.mjs stops it with SIGTERM when
// ARENA_SERVER_NODE_ARGS is set).
//   ARENA_SERVER_NODE_ARGS="--import ./bench/server/src/timeline.mjs" \
//     node bench/server/src/load.mjs --target arena --games 2000 --pace 1000 --duration 30 --timeline /tmp/t
import { PerformanceObserver, performance, constants } from "node:perf_hooks";
import { writeFileSync } from "node:fs";

const dir = process.env.TIMELINE_DIR ?? "/tmp";
const kinds = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: "scavenge",
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "mark-compact",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weak-callbacks",
};
const gcs = [];
const stalls = [];
const epoch = (t) => performance.timeOrigin + t;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcs.push({
      at: epoch(e.startTime),
      ms: e.duration,
      kind: kinds[e.detail?.kind] ?? String(e.detail?.kind),
    });
  }
}).observe({ entryTypes: ["gc"] });

const TICK_MS = 2;
let last = performance.now();
let lastCpu = process.cpuUsage();
setInterval(() => {
  const now = performance.now();
  const cpuNow = process.cpuUsage();
  const late = now - last - TICK_MS;
  // cpuMs: the process's CPU time (every thread) in the stall; far below `ms` means it was not running at
  // all (descheduled), about `ms` or more means it was busy. mono: the monotonic clock (ms) of --cpu-prof.
  if (late > 10) {
    const cpuMs = (cpuNow.user - lastCpu.user + cpuNow.system - lastCpu.system) / 1000;
    stalls.push({
      at: epoch(last + TICK_MS),
      ms: late,
      cpuMs,
      mono: Number(process.hrtime.bigint() / 1000n) / 1000 - (now - last),
    });
  }
  last = now;
  lastCpu = cpuNow;
}, TICK_MS).unref();

let cpu0 = process.cpuUsage();
let t0 = performance.now();
const cpu = [];
// CPU of this process per second: a minute when the host is slow shows as the same work costing more.
setInterval(() => {
  const now = performance.now();
  const used = process.cpuUsage(cpu0);
  cpu.push({ at: epoch(now), pct: ((used.user + used.system) / 1000 / (now - t0)) * 100 });
  cpu0 = process.cpuUsage();
  t0 = now;
}, 1000).unref();

process.on("exit", () => {
  writeFileSync(`${dir}/timeline-${process.pid}.json`, JSON.stringify({ gcs, stalls, cpu }));
});
