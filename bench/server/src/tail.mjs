#!/usr/bin/env node
// Where a latency tail waits: lays the slow moves of one run (load.mjs --timeline FILE) over the server's
// GCs and main-thread stalls (the timeline.mjs preload), and prints, per second of the run, the moves, the
// slow ones, the GC time and the server's CPU; then which share of the slow moves overlapped a GC or a stall.
//   node bench/server/src/tail.mjs /tmp/t.json /tmp/timeline-<pid>.json [--slow-ms 10]
import { readFileSync } from "node:fs";
import { parseArgs, summarize } from "./stats.mjs";

const [runFile, serverFile, ...rest] = process.argv.slice(2);
const args = parseArgs(rest);
const run = JSON.parse(readFileSync(runFile, "utf8"));
const server = JSON.parse(readFileSync(serverFile, "utf8"));
const { p99 } = summarize(run.lat);
const slowMs = Number(args["slow-ms"] ?? p99);
const start = Math.min(...run.sentAt);

const overlaps = (a0, a1, list) => list.some((e) => e.at < a1 && e.at + e.ms > a0);
const perSecond = new Map();
const bucket = (t) => {
  const s = Math.floor((t - start) / 1000);
  if (!perSecond.has(s))
    perSecond.set(s, { moves: 0, slow: 0, gcMs: 0, scavenges: 0, majors: 0, stallMs: 0, cpu: null });
  return perSecond.get(s);
};
const byCause = { gc: 0, stall: 0, both: 0, neither: 0 };
for (let i = 0; i < run.lat.length; i++) {
  const t0 = run.sentAt[i];
  const b = bucket(t0);
  b.moves++;
  if (run.lat[i] < slowMs) continue;
  b.slow++;
  const gc = overlaps(t0, t0 + run.lat[i], server.gcs);
  const stall = overlaps(t0, t0 + run.lat[i], server.stalls);
  byCause[gc && stall ? "both" : gc ? "gc" : stall ? "stall" : "neither"]++;
}
const end = start + (Math.max(...perSecond.keys()) + 1) * 1000;
for (const g of server.gcs) {
  if (g.at < start || g.at >= end) continue;
  const b = bucket(g.at);
  b.gcMs += g.ms;
  if (g.kind === "scavenge") b.scavenges++;
  if (g.kind === "mark-compact") b.majors++;
}
for (const s of server.stalls) if (s.at >= start && s.at < end) bucket(s.at).stallMs += s.ms;
for (const c of server.cpu) if (c.at >= start && c.at < end + 1000) bucket(c.at - 1000).cpu = c.pct;

const slow = byCause.gc + byCause.stall + byCause.both + byCause.neither;
console.log(
  `${run.label} ${run.games} games: ${run.lat.length} moves, p99 ${p99.toFixed(1)} ms, ${slow} at ≥ ${slowMs.toFixed(1)} ms`,
);
console.log("second | moves | slow | GC ms (scavenges, mark-compacts) | stall ms | server CPU %");
for (const s of [...perSecond.keys()].sort((a, b) => a - b)) {
  const b = perSecond.get(s);
  console.log(
    `${String(s).padStart(3)} | ${String(b.moves).padStart(5)} | ${String(b.slow).padStart(4)} | ${b.gcMs.toFixed(1).padStart(6)} (${b.scavenges}, ${b.majors}) | ${b.stallMs.toFixed(0).padStart(4)} | ${b.cpu == null ? "-" : b.cpu.toFixed(0)}`,
  );
}
const pct = (n) => `${n} (${((n / Math.max(1, slow)) * 100).toFixed(0)}%)`;
console.log(
  `slow moves overlapping: a GC only ${pct(byCause.gc)}, a stall only ${pct(byCause.stall)}, both ${pct(byCause.both)}, neither ${pct(byCause.neither)}`,
);
