#!/usr/bin/env node
// Load harness coordinator. Starts the server under test (Arena x1/x2 with Redis, the echo floor, or
// boardgame.io), forks client processes holding the bot games, measures for --duration seconds, stops
// everything and prints one JSON line + a markdown row. Bounded: every child is killed on exit.
//   node bench/server/src/load.mjs --target arena --games 100 --duration 30 [--servers 2] [--spectators 1]
//   node bench/server/src/load.mjs --target arena --balancer --games 1000 --pace 1000   # as deployed: HAProxy in
//     front of two processes on Redis with AOF (scripts/cluster.mjs); every client connects to the balancer
//   [--affinity] (several servers: every socket of a game on one process, as the balancer routes a match's
//   sockets; docs/benchmarks.md "Scale-out with match affinity")
//   [--server-cpus 0 --client-cpus 1] (taskset: the servers and Redis on one core budget, the clients on another)
//   [--store memory|sqlite] (one Arena server: its store; default memory) [--restart] (SQLite: after the window,
//   SIGKILL the server and time its start on the same DATA_DIR with every game still live)
import { fork, spawn, execSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { dirname, resolve } from "node:path";
import { loadavg } from "node:os";
import { openSync, statSync } from "node:fs";
import { summarize, procSample, parseProm, loopDelayMs, parseArgs, pin } from "./stats.mjs";
import { SERVER_NODE_FLAGS, serverMain, storeEnv } from "./paths.mjs";
import { recordResult } from "../../results.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../..");
const args = parseArgs(process.argv.slice(2));
const target = args.target ?? "arena";
const games = Number(args.games ?? 100);
const duration = Number(args.duration ?? 30);
const spectators = Number(args.spectators ?? 1);
const paceMs = Number(args.pace ?? 200);
const viaBalancer = args.balancer === "true";
const servers = viaBalancer ? 2 : Number(args.servers ?? 1);
const clients = Number(args.clients ?? Math.max(1, Math.min(4, Math.ceil(games / 250))));
const basePort = Number(args.port ?? 4300);
const redisPort = Number(args["redis-port"] ?? 6399);
const serverNodeArgs = process.env.ARENA_SERVER_NODE_ARGS ?? "";
const restart = args.restart === "true";
const hardLimitMs = (duration + 240) * 1000;
const affinity = args.affinity === "true";
const serverCpus = args["server-cpus"] ?? null;
const clientCpus = args["client-cpus"] ?? null;

const children = [];
const killAll = () => {
  for (const c of children)
    try {
      c.kill("SIGKILL");
    } catch {}
};
process.on("exit", killAll);
process.on("SIGINT", () => process.exit(130));
setTimeout(() => {
  console.error("hard time limit hit");
  process.exit(2);
}, hardLimitMs).unref();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitHttp(url, ms = 30000) {
  const t = Date.now();
  while (Date.now() - t < ms) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {}
    await sleep(200);
  }
  throw new Error("server did not come up: " + url);
}

const uptime = () =>
  execSync("uptime")
    .toString()
    .trim()
    .replace(/.*load/, "load");
const loadBefore = uptime();
// ARENA_SERVER_STDOUT=/tmp/gc.log keeps a server's stdout (e.g. with --trace-gc) in /tmp/gc.log.<suffix>.
const serverStdout = (suffix) =>
  process.env.ARENA_SERVER_STDOUT ? openSync(`${process.env.ARENA_SERVER_STDOUT}.${suffix}`, "a") : "ignore";
const serverProcs = [];
const urls = [];
/** Opens /metrics behind the balancer (docs/architecture.md, "Security"); a server without it ignores it. */
const BENCH_METRICS_TOKEN = "bench-metrics-token-0123456789";
const serverEnvs = [];
let store = null;
let dataDir = null;
/** The topology's other processes, whose CPU counts too: Redis and the balancer. */
const infra = {};
if (target === "arena" && viaBalancer) {
  store = "redis";
  const { startCluster } = await import("../../../scripts/cluster.mjs");
  const cluster = await startCluster({
    serveWeb: "false",
    serverEntry: serverMain,
    secret: "bench-secret-0123456789",
    env: {
      AI_THREADS: args["ai-threads"] ?? "1",
      LOG_LEVEL: "warn",
      // Bots open rooms faster than people (docs/protocol.md, "Quotas").
      QUOTAS: process.env.QUOTAS ?? "roomsPerMinutePerUser=1000000",
      // HAProxy forwards the scrape (X-Forwarded-For): /metrics answers a forwarded request only with the token.
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
    },
    output: (line) => process.stderr.write(`${line}\n`),
  });
  const pids = cluster.pids();
  for (const member of cluster.members)
    serverProcs.push({ pid: member.pid, kill: () => member.stop("SIGINT") });
  infra.redis = pids.redis;
  infra.balancer = pids.haproxy;
  urls.push(cluster.url);
} else if (target === "arena") {
  let redisUrl;
  const redis = servers > 1 || args.redis === "true";
  store = redis ? "redis" : (args.store ?? "memory");
  if (restart && store !== "sqlite")
    throw new Error("--restart needs --store sqlite (the only store a restart keeps here)");
  const chosen = redis ? { env: {}, dataDir: null } : storeEnv(store);
  dataDir = chosen.dataDir;
  if (redis) {
    const r = spawn(
      "redis-server",
      ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    children.push(r);
    infra.redis = r.pid;
    pin(r.pid, serverCpus);
    await sleep(500);
    redisUrl = `redis://127.0.0.1:${redisPort}`;
  }
  for (let i = 0; i < servers; i++) {
    const port = basePort + i;
    const env = {
      ...process.env,
      // The API and sockets alone: the web app is not what these harnesses measure.
      SERVE_WEB: process.env.SERVE_WEB ?? "false",
      PORT: String(port),
      HOST: "127.0.0.1",
      SECRET: "bench-secret-0123456789",
      LOG_LEVEL: "warn",
      AI_THREADS: args["ai-threads"] ?? "1",
      // A bot pair opens a room per game: at --pace 0 that is more than a person's 10 a minute.
      QUOTAS: process.env.QUOTAS ?? "roomsPerMinutePerUser=1000000",
      ...(redisUrl ? { REDIS_URL: redisUrl } : chosen.env),
    };
    serverEnvs.push(env);
    // ARENA_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": extra node flags for the server
    // (profiles are written on the graceful SIGTERM stop below)
    const nodeArgs = serverNodeArgs.split(/\s+/).filter(Boolean);
    const stdout = serverStdout(String(i));
    const p = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, serverMain], {
      env,
      stdio: ["ignore", stdout, "inherit"],
    });
    children.push(p);
    serverProcs.push(p);
    urls.push(`http://127.0.0.1:${port}`);
  }
  for (const u of urls) await waitHttp(u + "/healthz");
  // After start-up: the threads (AI workers, libuv) exist by then, and taskset -a pins them all.
  for (const p of serverProcs) pin(p.pid, serverCpus);
} else {
  const script = target === "echo" ? "echo-server.mjs" : "bgio-server.mjs";
  // The same extra node flags and stdout capture as Arena's, so a --trace-gc can be compared side by side.
  const nodeArgs = serverNodeArgs.split(/\s+/).filter(Boolean);
  const stdout = serverStdout(target);
  const p = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, resolve(here, script)], {
    env: { ...process.env, PORT: String(basePort) },
    stdio: ["ignore", stdout, "inherit"],
  });
  children.push(p);
  serverProcs.push(p);
  urls.push(`http://127.0.0.1:${basePort}`);
  await waitHttp(target === "bgio" ? `http://127.0.0.1:${basePort + 1}/games` : urls[0] + "/");
}

// client processes, each with a slice of the games
const workers = [];
const per = Math.ceil(games / clients);
for (let w = 0; w < clients; w++) {
  const n = Math.min(per, games - w * per);
  if (n <= 0) break;
  const cfg = {
    target,
    urls,
    games: n,
    spectators,
    paceMs,
    offset: w,
    timeline: Boolean(args.timeline),
    affinity,
  };
  const c = fork(resolve(here, "client-worker.mjs"), [JSON.stringify(cfg)], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  children.push(c);
  pin(c.pid, clientCpus);
  workers.push(c);
  c.on("message", (m) => {
    if (m.cmd === "result") c.finished = true;
  });
  c.on("exit", (code) => {
    if (!c.finished) {
      console.error(`client worker ${w} exited (${code}) early`);
      process.exit(3);
    }
  });
}
const msgs = (cmd) =>
  Promise.all(
    workers.map(
      (c) =>
        new Promise((r) => {
          const h = (m) => {
            if (m.cmd === cmd) {
              c.off("message", h);
              r(m);
            }
          };
          c.on("message", h);
        }),
    ),
  );
const t0 = Date.now();
await msgs("ready");
const setupSec = (Date.now() - t0) / 1000;
workers.forEach((c) => c.send({ cmd: "play" })); // every game is set up: start moving

const scrape = async () =>
  Promise.all(
    urls.map(async (u) => {
      try {
        const headers = { authorization: `Bearer ${BENCH_METRICS_TOKEN}` };
        return parseProm(await (await fetch(u + "/metrics", { headers })).text());
      } catch {
        return {};
      }
    }),
  );
if (target === "arena") {
  // The first scrape is a cold one (prom-client walks every handle of thousands of sockets with code not
  // yet optimized): it stalled the server ~80 ms at 2,000 games, and the moves it held back landed in the
  // window. So a first scrape while the games get going, and the one that resets prom-client's event-loop
  // histogram a second before the window opens, once its own backlog has drained.
  await scrape();
  await sleep(2000);
  await scrape();
  await sleep(1000);
} else await sleep(3000); // let every game get going
const s0 = serverProcs.map((p) => procSample(p.pid));
const i0 = Object.fromEntries(Object.entries(infra).map(([name, pid]) => [name, procSample(pid)]));
const c0 = workers.map((p) => procSample(p.pid));
const rss = [];
const tick = setInterval(() => rss.push(serverProcs.map((p) => procSample(p.pid)?.rss ?? 0)), 1000);
workers.forEach((c) => c.send({ cmd: "go" }));
await sleep(duration * 1000);
const s1 = serverProcs.map((p) => procSample(p.pid));
const i1 = Object.fromEntries(Object.entries(infra).map(([name, pid]) => [name, procSample(pid)]));
const c1 = workers.map((p) => procSample(p.pid));
const metrics = target === "arena" ? await scrape() : [];
clearInterval(tick);
const resultsP = msgs("result");
workers.forEach((c) => c.send({ cmd: "stop" }));
const results = await resultsP;
workers.forEach((c) => (c.finished = true));
const loadAfter = uptime();
if (serverNodeArgs && !viaBalancer) {
  // a graceful stop so the server can write its profile
  await Promise.all(
    serverProcs.map(
      (p) =>
        new Promise((r) => {
          p.once("exit", r);
          p.kill("SIGTERM");
          setTimeout(r, 15000);
        }),
    ),
  );
}

// --restart: every game is still live (the clients have stopped moving, not resigned). Kill the server as a
// crash would, start it on the same DATA_DIR and time it until /readyz, which it answers only once every live
// game is loaded, credited and has its flag timer armed (app.start() before listen).
let restartResult = null;
if (restart) {
  const before = await scrape();
  const liveBefore = before[0]?.arena_games_live ?? null;
  const killed = serverProcs[0];
  await new Promise((r) => {
    killed.once("exit", r);
    killed.kill("SIGKILL");
  });
  const dbFile = `${dataDir}/arena.db`;
  const walBytes = (() => {
    try {
      return statSync(`${dbFile}-wal`).size;
    } catch {
      return 0;
    }
  })();
  const t = Date.now();
  const p = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverMain], {
    env: serverEnvs[0],
    stdio: ["ignore", serverStdout("restart"), "inherit"],
  });
  children.push(p);
  let readyMs = null;
  while (Date.now() - t < 120_000) {
    try {
      if ((await fetch(urls[0] + "/readyz")).ok) {
        readyMs = Date.now() - t;
        break;
      }
    } catch {}
    await sleep(20);
  }
  const after = await scrape();
  restartResult = {
    liveBefore,
    readyMs,
    liveAfter: after[0]?.arena_games_live ?? null,
    dbMB: +(statSync(dbFile).size / 1048576).toFixed(1),
    walMBAtKill: +(walBytes / 1048576).toFixed(1),
  };
}

const lat = results.flatMap((r) => r.lat);
const acks = results.reduce((a, r) => a + r.acks, 0);
const moves = results.reduce((a, r) => a + r.moves, 0);
const errors = {};
for (const r of results) for (const [k, v] of Object.entries(r.errors)) errors[k] = (errors[k] ?? 0) + v;
const wall = duration;
const L = summarize(lat);
const serverCpu = s0.map((a, i) =>
  a && s1[i] ? +(((s1[i].cpuSec - a.cpuSec) / ((s1[i].t - a.t) / 1000)) * 100).toFixed(0) : null,
);
const cpuPct = (a, b) => (a && b ? +(((b.cpuSec - a.cpuSec) / ((b.t - a.t) / 1000)) * 100).toFixed(0) : null);
const infraCpu = Object.fromEntries(Object.keys(infra).map((name) => [name, cpuPct(i0[name], i1[name])]));
// Everything the service spends: its processes, Redis and the balancer (CPU seconds per acknowledged move).
const serviceCpuSec = [...s0.map((a, i) => [a, s1[i]]), ...Object.keys(infra).map((n) => [i0[n], i1[n]])]
  .filter(([a, b]) => a && b)
  .reduce((sum, [a, b]) => sum + (b.cpuSec - a.cpuSec), 0);
const clientCpu = c0.map((a, i) =>
  a && c1[i] ? +(((c1[i].cpuSec - a.cpuSec) / ((c1[i].t - a.t) / 1000)) * 100).toFixed(0) : null,
);
const rssMB = serverProcs.map((_, i) => Math.round(Math.max(...rss.map((r) => r[i])) / 1048576));
const cpuSec = s0.reduce((sum, a, i) => (a && s1[i] ? sum + s1[i].cpuSec - a.cpuSec : sum), 0);
const out = {
  target,
  ...(store ? { store } : {}),
  servers,
  ...(affinity ? { affinity } : {}),
  ...(serverCpus !== null ? { serverCpus, clientCpus } : {}),
  games,
  spectators,
  paceMs,
  duration,
  clients: workers.length,
  setupSec,
  latencyMs: {
    p50: +L.p50.toFixed(2),
    p95: +L.p95.toFixed(2),
    p99: +L.p99.toFixed(2),
    max: +L.max.toFixed(1),
    n: L.n,
  },
  completedPerSec: +(L.n / wall).toFixed(1),
  acksPerSec: +((target === "bgio" ? L.n : acks) / wall).toFixed(1),
  movesSent: moves,
  serverCpuPct: serverCpu,
  ...(viaBalancer ? { balancer: "haproxy" } : {}),
  redisCpuPct: infraCpu.redis ?? null,
  balancerCpuPct: infraCpu.balancer ?? null,
  // Servers + Redis + balancer; /proc's ticks are 10 ms, so a 30 s window reads to ±0.1%.
  cpuMsPerMove: acks > 0 ? +((serviceCpuSec * 1000) / acks).toFixed(3) : null,
  // Server CPU (all processes) per acknowledged move over the window.
  serverCpuMsPerAck: acks > 0 ? +((cpuSec * 1000) / acks).toFixed(3) : null,
  serverRssMB: rssMB,
  clientCpuPct: clientCpu,
  // Each client process's own event-loop delay over the window (beyond its 1 ms sampling): a latency
  // tail that the server's loop delay does not show may be waiting here.
  clientLoopDelayP99Ms: results.map((r) => (r.loopDelayP99Ms == null ? null : +r.loopDelayP99Ms.toFixed(1))),
  clientLoopDelayMaxMs: results.map((r) => (r.loopDelayMaxMs == null ? null : +r.loopDelayMaxMs.toFixed(1))),
  eventLoopDelayP99Ms: metrics.map((m) =>
    m.nodejs_eventloop_lag_p99_seconds !== undefined
      ? +loopDelayMs(m.nodejs_eventloop_lag_p99_seconds).toFixed(1)
      : null,
  ),
  errors,
  loadBefore,
  loadAfter,
  ...(restartResult ? { restart: restartResult } : {}),
  at: new Date().toISOString(),
  // --label names a variant in an A/B set (e.g. two builds through ARENA_SNAPSHOT).
  ...(args.label ? { label: args.label } : {}),
};
console.log(JSON.stringify(out));
console.log(
  `| ${target}${servers > 1 ? " x" + servers : ""}${viaBalancer ? " behind haproxy" : ""}${store && store !== "redis" ? ` ${store}` : ""}${args.label ? ` (${args.label})` : ""} | ${games} | ${L.p50.toFixed(1)} | ${L.p95.toFixed(1)} | ${L.p99.toFixed(1)} | ${out.acksPerSec} | ${serverCpu.join("+")} | ${rssMB.join("+")} | ${out.eventLoopDelayP99Ms.join("+") || "-"} | ${clientCpu.join("+")} | ${
    Object.entries(errors)
      .map(([k, v]) => k + "=" + v)
      .join(" ") || 0
  } | ${loadBefore.replace("load average: ", "")} |`,
);
if (args.out) {
  const fs = await import("node:fs");
  fs.appendFileSync(args.out, JSON.stringify(out) + "\n");
  recordResult(args.out);
}
// --samples FILE keeps every latency of the window (0.01 ms steps), so that interleaved runs can be pooled
// (bench/server/src/pool.mjs): one run's p99 moves with the minute it ran in, a pooled one much less.
if (args.samples) {
  const fs = await import("node:fs");
  const rounded = lat.map((ms) => Math.round(ms * 100) / 100);
  const line = {
    target,
    games,
    label: args.label ?? target,
    at: out.at,
    cpuMsPerMove: out.cpuMsPerMove,
    load: loadBefore,
    lat: rounded,
  };
  fs.appendFileSync(args.samples, JSON.stringify(line) + "\n");
}
// --timeline FILE keeps every latency with its send time (wall clock), for bench/server/src/tail.mjs to lay
// over the server's GCs and stalls (the timeline.mjs preload).
if (args.timeline) {
  const fs = await import("node:fs");
  const at = results.flatMap((r) => r.sentAt);
  const line = {
    target,
    games,
    label: args.label ?? target,
    at: out.at,
    pid: serverProcs.map((p) => p.pid),
    sentAt: at,
    lat,
  };
  fs.writeFileSync(args.timeline, JSON.stringify(line) + "\n");
}
process.exit(0);
