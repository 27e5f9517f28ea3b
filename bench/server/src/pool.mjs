#!/usr/bin/env node
// Pools the latencies of interleaved runs (load.mjs --samples FILE) by label and game count, and prints
// each pool's percentiles and its p99 as a ratio to the echo floor's pool at the same game count, with
// the per-run p99s beside it. One 30 s run's p99 moves with the minute it ran in; a pool of several,
// interleaved with the floor's, is the steadier figure.
//   node bench/server/src/pool.mjs /tmp/samples.jsonl [--out bench/server/results/pooled.jsonl] [--base memory]
// --base LABEL: ratios against the pool with that label (e.g. the memory store) instead of the echo floor.
import { readFileSync, appendFileSync } from "node:fs";
import { parseArgs, summarize } from "./stats.mjs";

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error("usage: pool.mjs SAMPLES.jsonl [--out FILE]");
  process.exit(2);
}
const args = parseArgs(rest);
const pools = new Map();
for (const line of readFileSync(file, "utf8").split("\n")) {
  if (!line.trim()) continue;
  const run = JSON.parse(line);
  const key = `${run.games}\t${run.label}`;
  const pool = pools.get(key) ?? {
    games: run.games,
    label: run.label,
    target: run.target,
    lat: [],
    runs: [],
  };
  for (const ms of run.lat) pool.lat.push(ms);
  pool.runs.push({ at: run.at, p99: summarize(run.lat).p99 });
  pools.set(key, pool);
}
const rows = [...pools.values()].map((pool) => ({ ...pool, stats: summarize(pool.lat) }));
const base = args.base ?? null;
const isFloor = (row) => (base ? row.label === base : row.target === "echo");
rows.sort((a, b) => a.games - b.games || a.label.localeCompare(b.label));
console.log(
  `| games | server | runs | samples | p50 ms | p95 ms | p99 ms | p99.9 ms | pooled p99 / ${base ?? "echo"} | run p99s ms |`,
);
console.log("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
for (const row of rows) {
  const floor = rows.find((r) => r.games === row.games && isFloor(r));
  const sorted = Float64Array.from(row.lat).sort();
  const p999 = sorted[Math.min(sorted.length - 1, Math.ceil(0.999 * sorted.length) - 1)] ?? NaN;
  const ratio = floor && !isFloor(row) ? `${(row.stats.p99 / floor.stats.p99).toFixed(2)}×` : "–";
  const perRun = row.runs.map((r) => r.p99.toFixed(1)).join(", ");
  console.log(
    `| ${row.games} | ${row.label} | ${row.runs.length} | ${row.stats.n} | ${row.stats.p50.toFixed(2)} | ${row.stats.p95.toFixed(2)} | ${row.stats.p99.toFixed(2)} | ${p999.toFixed(2)} | ${ratio} | ${perRun} |`,
  );
  if (args.out) {
    const summary = {
      games: row.games,
      label: row.label,
      target: row.target,
      runs: row.runs,
      samples: row.stats.n,
      pooled: { p50: row.stats.p50, p95: row.stats.p95, p99: row.stats.p99, p999 },
      ...(base
        ? { base, p99VsBase: floor && !isFloor(row) ? +(row.stats.p99 / floor.stats.p99).toFixed(3) : null }
        : { p99VsEcho: floor && !isFloor(row) ? +(row.stats.p99 / floor.stats.p99).toFixed(3) : null }),
    };
    appendFileSync(args.out, JSON.stringify(summary) + "\n");
  }
}
