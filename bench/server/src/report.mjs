#!/usr/bin/env node
// Renders load results (JSON lines from load.mjs --out) as a markdown table with ratios to the echo floor and
// boardgame.io measured at the same game count in the same matrix run.
//   node bench/server/src/report.mjs bench/results/<date>-load-matrix/load-pace1000.jsonl
import { readFileSync } from "node:fs";

const rows = readFileSync(process.argv[2], "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l));
const key = (r) => `${r.target}${r.servers > 1 ? " ×" + r.servers : ""}`;
const last = new Map();
const cell = (k, r) => `${k}|${r.paceMs}|${r.games}`;
for (const r of rows) last.set(cell(key(r), r), r); // a rerun replaces the earlier row
// Files before the fix hold prom-client's raw p99 (the 10 ms sampling interval included).
const delays = (r) =>
  r.eventLoopDelayP99Ms ??
  r.eventLoopLagP99Ms.map((ms) => (ms === null ? null : +Math.max(0, ms - 10).toFixed(1)));
const fmt = (x, d = 1) => (x === null || x === undefined || Number.isNaN(x) ? "–" : Number(x).toFixed(d));
console.log(
  "| server | pace ms | games | p50 ms | p95 ms | p99 ms | acks/s | p99 / echo | acks/s ÷ bgio | server CPU % | server CPU ms / ack | server RSS MB | loop delay p99 ms | client CPU % | errors | load (1/5/15 min) before |",
);
console.log(
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- | --- | --- | --- | --- |",
);
const order = ["arena", "arena ×2", "echo", "bgio"];
const groups = [...new Set(rows.map((r) => `${r.paceMs}|${r.games}`))].sort((a, b) => {
  const [pa, ga] = a.split("|").map(Number);
  const [pb, gb] = b.split("|").map(Number);
  return pb - pa || ga - gb;
});
for (const group of groups) {
  const [pace, g] = group.split("|").map(Number);
  for (const k of order) {
    const r = last.get(`${k}|${pace}|${g}`);
    if (!r) continue;
    const echo = last.get(`echo|${pace}|${g}`),
      bgio = last.get(`bgio|${pace}|${g}`);
    const errs =
      Object.entries(r.errors)
        .map(([e, n]) => `${e}: ${n}`)
        .join("; ") || "0";
    console.log(
      `| ${k} | ${pace} | ${g} | ${fmt(r.latencyMs.p50)} | ${fmt(r.latencyMs.p95)} | ${fmt(r.latencyMs.p99)} | ${fmt(r.acksPerSec, 0)} | ${k.startsWith("arena") && echo ? fmt(r.latencyMs.p99 / echo.latencyMs.p99, 2) + "×" : "–"} | ${k.startsWith("arena") && bgio ? fmt(r.acksPerSec / bgio.acksPerSec, 2) + "×" : "–"} | ${r.serverCpuPct.join(" + ")} | ${fmt((r.serverCpuPct.reduce((a, b) => a + b, 0) * 10) / r.acksPerSec, 2)} | ${r.serverRssMB.join(" + ")} | ${delays(r).join(" + ") || "–"} | ${r.clientCpuPct.join(" + ")} | ${errs} | ${r.loadBefore.replace("load average: ", "")} |`,
    );
  }
}
