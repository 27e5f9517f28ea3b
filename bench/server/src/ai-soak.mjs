#!/usr/bin/env node
// AI seats under load, and the soak: AI-vs-AI Othello games (3+2 by default) on one server, with bounded
// concurrency, back to back, for a bounded time. Reports event-loop lag (prom-client p99 per scrape window),
// results (no AI seat may lose on time), errors, and server RSS over time (growth after warm-up).
//   AI load: node bench/server/src/ai-soak.mjs --concurrency 50 --total 50 --duration 90
//   soak:    node bench/server/src/ai-soak.mjs --concurrency 10 --total 0 --duration 300   (--total 0: until the time is up)
//   --store memory|sqlite: the server's store without --redis (default memory; sqlite in a fresh temp DATA_DIR)
import { spawn, execSync } from "node:child_process";
import { io } from "socket.io-client";
import { recordResult } from "../../results.mjs";
import { storeEnv } from "./paths.mjs";
import { startServer } from "./server-process.mjs";
import { loopDelayMs, parseArgs, parseProm, procSample, summarize } from "./stats.mjs";

const args = parseArgs(process.argv.slice(2));
const concurrency = Number(args.concurrency ?? 50);
const total = Number(args.total ?? 50);
const duration = Number(args.duration ?? 90) * 1000;
const port = Number(args.port ?? 4800);
const baseMs = Number(args.base ?? 180000),
  incrementMs = Number(args.inc ?? 2000);
const level = Number(args.level ?? 1);
const warmupMs = Number(args.warmup ?? 30) * 1000;
const url = `http://127.0.0.1:${port}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const uptime = () =>
  execSync("uptime")
    .toString()
    .trim()
    .replace(/.*load average: /, "");
const loadBefore = uptime();
const T0 = Date.now();
let serverStoreEnv = args.redis ? {} : storeEnv(args.store ?? "memory").env;
let redis;
if (args.redis) {
  // --redis PORT: a private redis-server, so finished games live in Redis and not in the process
  redis = spawn(
    "redis-server",
    ["--port", String(args.redis), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  process.on("exit", () => {
    try {
      redis.kill("SIGKILL");
    } catch {}
  });
  await sleep(500);
  execSync(`redis-cli -p ${args.redis} flushall`);
  serverStoreEnv = { REDIS_URL: `redis://127.0.0.1:${args.redis}` };
}
const { child: srv } = await startServer({
  name: "soak",
  port,
  limitMs: duration + 420_000,
  env: {
    // The API and sockets alone: the web app is not what these harnesses measure.
    SERVE_WEB: process.env.SERVE_WEB ?? "false",
    AI_THREADS: args["ai-threads"] ?? "1",
    // One lane is one guest opening AI games one after another, faster than people (docs/protocol.md, "Quotas").
    QUOTAS: process.env.QUOTAS ?? "roomsPerMinutePerUser=1000000",
    ...serverStoreEnv,
  },
});

const errors = {};
const err = (k) => (errors[k] = (errors[k] ?? 0) + 1);
const results = { started: 0, finished: 0, invalid: 0, reasons: {}, aiTimeouts: 0, durationsS: [] };
const lagWindows = [];
// V8's used heap, sampled every 5 s; the lowest sample of each minute is close to the live data (it
// follows a major collection), while RSS also holds whatever heap V8 has grown and not given back.
const heap = [];
const rss = [];
const metricsTimer = setInterval(async () => {
  try {
    const m = parseProm(await (await fetch(url + "/metrics")).text());
    lagWindows.push({
      t: Date.now() - T0,
      p99: loopDelayMs(m.nodejs_eventloop_lag_p99_seconds),
      max: loopDelayMs(m.nodejs_eventloop_lag_max_seconds),
    });
    heap.push({
      t: Date.now() - T0,
      mb: m.nodejs_heap_size_used_bytes / 1048576,
      totalMb: m.nodejs_heap_size_total_bytes / 1048576,
      externalMb: m.nodejs_external_memory_bytes / 1048576,
    });
  } catch {
    err("metrics");
  }
  const s = procSample(srv.pid);
  if (s) rss.push({ t: Date.now() - T0, mb: s.rss / 1048576 });
}, 5000);
await fetch(url + "/metrics"); // reset the lag histogram: windows start now

// one watcher socket per lane (a single socket creating every game would trip the per-socket rate limit)
const waiting = new Map();
async function openSocket() {
  const sock = io(url, { transports: ["websocket"], reconnection: false });
  await new Promise((r) => sock.once("session:ready", r));
  sock.on("match:event", (m) => {
    const w = waiting.get(m.matchId);
    if (w && m.event.type === "ended") w(m.event.result);
  });
  sock.on("disconnect", (why) => {
    if (why !== "io client disconnect") err("disconnect:" + why);
  });
  return sock;
}
const tEnd = T0 + duration;
async function playOne(sock) {
  const t = Date.now();
  const c = await new Promise((r) =>
    sock.timeout(10000).emit(
      "room:create",
      {
        gameId: "othello",
        timeControl: { baseMs, incrementMs },
        seats: [
          { kind: "ai", level },
          { kind: "ai", level },
        ],
        visibility: "link",
      },
      (e, a) => r(e ? { ok: false, code: "ack-timeout" } : a),
    ),
  );
  if (!c.ok) {
    err("create:" + c.code);
    await sleep(1000);
    return;
  }
  results.started++;
  const result = await Promise.race([
    new Promise((r) => waiting.set(c.matchId, r)),
    sleep(Math.max(0, tEnd - Date.now()) + 1000).then(() => null),
  ]);
  waiting.delete(c.matchId);
  if (!result) return; // still running at the end of the window
  results.finished++;
  results.durationsS.push((Date.now() - t) / 1000);
  results.reasons[result.reason] = (results.reasons[result.reason] ?? 0) + 1;
  if (result.reason === "timeout") results.aiTimeouts++;
  const valid =
    ["normal", "resign", "draw-agreed"].includes(result.reason) &&
    Array.isArray(result.winners) &&
    result.winners.length >= 1 &&
    result.scores?.length === 2;
  if (!valid) {
    results.invalid++;
    console.error("invalid result", c.matchId, JSON.stringify(result));
  }
  // cross-check the record over REST
  const snap = (await (await fetch(`${url}/api/matches/${c.matchId}`)).json()).match;
  if (snap?.status !== "finished") {
    results.invalid++;
    console.error("REST status", c.matchId, snap?.status);
  }
}
let launched = 0;
async function lane() {
  const sock = await openSocket();
  while ((total === 0 || launched < total) && Date.now() < tEnd) {
    launched++;
    const t = Date.now();
    await playOne(sock);
    // a person does not start games 20 times a second: stay under the per-socket rate limit
    await sleep(Math.max(0, 250 - (Date.now() - t)));
  }
  sock.close();
}
await Promise.all(Array.from({ length: concurrency }, lane));
clearInterval(metricsTimer);
const lag = summarize(lagWindows.map((w) => w.p99));
const afterWarm = rss.filter((r) => r.t >= warmupMs);
const rssFirst = afterWarm[0]?.mb,
  rssLast = afterWarm.at(-1)?.mb,
  rssMax = Math.max(...rss.map((r) => r.mb));
const perMinute = new Map();
// whole minutes only: the last, partial one holds the shutdown's samples
const wholeMinutes = Math.floor((heap.at(-1)?.t ?? 0) / 60000);
for (const h of heap.filter((sample) => sample.t < wholeMinutes * 60000)) {
  const minute = Math.floor(h.t / 60000);
  perMinute.set(minute, Math.min(perMinute.get(minute) ?? Infinity, h.mb));
}
function steadyGrowth(samples) {
  if (samples.length < 2) return null;
  const t0 = samples[0].t,
    t1 = samples.at(-1).t;
  const median = (list) => {
    const sorted = list.map((r) => r.mb).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  };
  const first = median(samples.filter((r) => r.t <= t0 + 180_000));
  const last = median(samples.filter((r) => r.t >= t1 - 180_000));
  const n = samples.length;
  const mt = samples.reduce((a, r) => a + r.t, 0) / n,
    mm = samples.reduce((a, r) => a + r.mb, 0) / n;
  const slope =
    samples.reduce((a, r) => a + (r.t - mt) * (r.mb - mm), 0) /
    samples.reduce((a, r) => a + (r.t - mt) ** 2, 0);
  return {
    firstMedian: Math.round(first),
    lastMedian: Math.round(last),
    growthPct: +(((last - first) / first) * 100).toFixed(1),
    slopeMBPerMin: +(slope * 60_000).toFixed(1),
  };
}
function perMinuteLast(samples, key) {
  const last = new Map();
  for (const h of samples.filter((sample) => sample.t < wholeMinutes * 60000))
    last.set(Math.floor(h.t / 60000), h[key]);
  return [...last.values()].map((mb) => Math.round(mb));
}
const heapAfterWarm = [...perMinute].filter(([minute]) => minute * 60000 >= warmupMs).map(([, mb]) => mb);
const out = {
  store: args.redis ? "redis" : "memory",
  concurrency,
  total,
  durationS: duration / 1000,
  baseMs,
  incrementMs,
  level,
  elapsedS: (Date.now() - T0) / 1000,
  ...results,
  durationsS: summarize(results.durationsS),
  lagP99WindowsMs: {
    median: +lag.p50.toFixed(1),
    max: +lag.max.toFixed(1),
    windows: lagWindows.length,
    over20: lagWindows.filter((w) => w.p99 > 20).length,
  },
  rssMB: {
    // RSS swings ±20% with each major collection: a single sample at either end decides little. The
    // median of the first and last three minutes after warm-up, and a least-squares slope, say more.
    steady: steadyGrowth(afterWarm),
    afterWarmup: +(rssFirst ?? 0).toFixed(0),
    end: +(rssLast ?? 0).toFixed(0),
    max: +rssMax.toFixed(0),
    growthPct: rssFirst ? +(((rssLast - rssFirst) / rssFirst) * 100).toFixed(1) : null,
    series: rss.filter((_, i) => i % 6 === 0).map((r) => Math.round(r.mb)),
  },
  liveHeapMB: {
    perMinuteMin: [...perMinute.values()].map((mb) => Math.round(mb)),
    // what V8 holds for the main thread's heap, and memory owned outside it (buffers), per minute's end
    totalPerMinute: perMinuteLast(heap, "totalMb"),
    externalPerMinute: perMinuteLast(heap, "externalMb"),
    afterWarmup: Math.round(heapAfterWarm[0] ?? 0),
    end: Math.round(heapAfterWarm.at(-1) ?? 0),
    growthPct:
      heapAfterWarm.length > 1
        ? +(((heapAfterWarm.at(-1) - heapAfterWarm[0]) / heapAfterWarm[0]) * 100).toFixed(1)
        : null,
  },
  errors,
  loadBefore,
  loadAfter: uptime(),
};
console.log(JSON.stringify(out));
if (args.out) {
  (await import("node:fs")).appendFileSync(args.out, JSON.stringify(out) + "\n");
  recordResult(args.out);
}
process.exit(0);
