#!/usr/bin/env node
// Pools the latencies of interleaved runs (load.mjs --samples FILE) by label and game count, and prints
// each pool's percentiles and its p99 as a ratio to the echo floor's pool at the same game count, with
// the per-run p99s beside it. One 30 s run's p99 moves with the minute it ran in; a pool of several,
// interleaved with the floor's, is the steadier figure. `--base LABEL` compares with that pool instead of
// the echo floor's, and then the service's CPU per move (servers + Redis + balancer, mean of the runs) too.
//   node bench/server/src/pool.mjs /tmp/samples.jsonl [--out bench/results/<date>-<topic>/pooled.jsonl] [--base LABEL]
import { readFileSync, appendFileSync } from "node:fs";
import { recordResult } from "../../results.mjs";
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
  pool.runs.push({ at: run.at, p99: summarize(run.lat).p99, cpuMsPerMove: run.cpuMsPerMove ?? null });
  pools.set(key, pool);
}
const meanCpu = (runs) => {
  const known = runs.map((r) => r.cpuMsPerMove).filter((v) => typeof v === "number");
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length;
};
const rows = [...pools.values()].map((pool) => ({
  ...pool,
  stats: summarize(pool.lat),
  cpu: meanCpu(pool.runs),
}));
rows.sort((a, b) => a.games - b.games || a.label.localeCompare(b.label));
const base = args.base;
const versus = base ?? "echo";
console.log(
  `| games | server | runs | samples | p50 ms | p95 ms | p99 ms | p99.9 ms | pooled p99 / ${versus} | run p99s ms |` +
    (base ? ` CPU ms / move | CPU / ${base} |` : ""),
);
console.log(
  "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |" + (base ? " ---: | ---: |" : ""),
);
for (const row of rows) {
  const floor = rows.find((r) => r.games === row.games && (base ? r.label === base : r.target === "echo"));
  const sorted = Float64Array.from(row.lat).sort();
  const p999 = sorted[Math.min(sorted.length - 1, Math.ceil(0.999 * sorted.length) - 1)] ?? NaN;
  const isFloor = floor === row;
  const ratio = floor && !isFloor ? `${(row.stats.p99 / floor.stats.p99).toFixed(2)}×` : "–";
  const perRun = row.runs.map((r) => r.p99.toFixed(1)).join(", ");
  const cpu = row.cpu === null ? "–" : row.cpu.toFixed(3);
  const cpuRatio =
    floor && !isFloor && row.cpu !== null && floor.cpu ? `${(row.cpu / floor.cpu).toFixed(2)}×` : "–";
  console.log(
    `| ${row.games} | ${row.label} | ${row.runs.length} | ${row.stats.n} | ${row.stats.p50.toFixed(2)} | ${row.stats.p95.toFixed(2)} | ${row.stats.p99.toFixed(2)} | ${p999.toFixed(2)} | ${ratio} | ${perRun} |` +
      (base ? ` ${cpu} | ${cpuRatio} |` : ""),
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
        ? {
            base,
            p99VsBase: floor && !isFloor ? +(row.stats.p99 / floor.stats.p99).toFixed(3) : null,
            cpuMsPerMove: row.cpu,
            cpuVsBase:
              floor && !isFloor && row.cpu !== null && floor.cpu ? +(row.cpu / floor.cpu).toFixed(3) : null,
          }
        : {
            p99VsEcho: floor && row.target !== "echo" ? +(row.stats.p99 / floor.stats.p99).toFixed(3) : null,
          }),
    };
    appendFileSync(args.out, JSON.stringify(summary) + "\n");
  }
}
if (args.out) recordResult(args.out);
