import { execSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** `--name value --flag` → { name: "value", flag: "true" } (values may hold spaces, as in `--target arena --servers 2`). */
export function parseArgs(argv) {
  return Object.fromEntries(
    argv
      .join(" ")
      .split("--")
      .filter(Boolean)
      .map((kv) => {
        const [k, ...v] = kv.trim().split(/\s+/);
        return [k, v.length ? v.join(" ") : "true"];
      }),
  );
}

/** Percentile of a numeric array (nearest-rank on a sorted copy). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function summarize(samples) {
  const sorted = Float64Array.from(samples).sort();
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
  };
}

/**
 * Event-loop delay in ms from prom-client's `nodejs_eventloop_lag_*_seconds`. Those come from Node's
 * monitorEventLoopDelay with a 10 ms timer (prom-client's default precision), which records each whole
 * interval: an idle process reads 10.1 ms at p99. The delay is what exceeds the interval.
 */
export const LAG_RESOLUTION_MS = 10;
export function loopDelayMs(promSeconds) {
  return Math.max(0, promSeconds * 1000 - LAG_RESOLUTION_MS);
}

/** Reads utime+stime (ticks) and rss (bytes) of a pid from /proc. */
export function procSample(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    const rssPages = Number(fields[21]);
    return { t: performance.now(), cpuSec: ticks / 100, rss: rssPages * 4096 };
  } catch {
    return null;
  }
}

/** Parses a Prometheus text exposition into {name: value} (first sample of each unlabeled metric). */
export function parseProm(text) {
  const out = {};
  for (const line of text.split("\n")) {
    if (line.startsWith("#") || line.trim() === "") continue;
    const m = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (m && !(m[1] in out) && !m[2]) out[m[1]] = Number(m[3]);
  }
  return out;
}

/** Pins a process (every thread) to a CPU list with taskset; nothing when `cpus` is null. */
export function pin(pid, cpus) {
  if (cpus !== null && pid !== undefined) execSync(`taskset -a -p -c ${cpus} ${pid}`, { stdio: "ignore" });
}
