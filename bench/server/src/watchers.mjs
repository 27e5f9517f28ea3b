#!/usr/bin/env node
// A crowd of watchers joining and leaving one live match, while other games go on: does anyone else
// notice? Starts the server under test, plays --games background Othello games (bots at --pace ms a move,
// every move's ack timed), probes /healthz every 25 ms, then a child process connects --watchers sockets
// (each a fresh guest, in waves of --wave) that all `match:watch` one live match, holds them --hold s,
// and disconnects them all at once. Prints one JSON line: /healthz and move-ack latency per phase, the
// presence messages the crowd received, the server's RSS. Bounded: every child is killed on exit.
// --store memory (default) or sqlite; --warm N (default 500): a crowd
// that joins and leaves first, unmeasured; --server-cpus/--client-cpus: taskset for the server and the rest.
//   node bench/server/src/watchers.mjs --watchers 2000 --games 20 --pace 500 --wave 250 --hold 5
import { fork, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { io } from "socket.io-client";
import { loadEngine, SERVER_NODE_FLAGS, serverMain, storeEnv } from "./paths.mjs";
import { parseArgs, pin, procSample, summarize } from "./stats.mjs";

const args = parseArgs(process.argv.slice(2));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const once = (socket, event) => new Promise((resolve) => socket.once(event, resolve));
const ack = (socket, event, payload) =>
  new Promise((resolve) =>
    socket
      .timeout(30_000)
      .emit(event, payload, (error, answer) => resolve(error ? { ok: false, code: "ack-timeout" } : answer)),
  );
const guest = (url) =>
  io(url, { transports: ["websocket"], forceNew: true, reconnection: false, timeout: 60_000 });

if (args.role === "crowd") await crowd();
else await coordinate();

/** The child: the watchers' sockets, so that their own work does not slow the coordinator's clocks. */
async function crowd() {
  const { url, matchId, watchers, wave, warm } = JSON.parse(args.config);
  let sockets = [];
  let presence = 0;
  let refused = 0;
  const join = async (count) => {
    for (let first = 0; first < count; first += wave) {
      const batch = Array.from({ length: Math.min(wave, count - first) }, () => guest(url));
      sockets.push(...batch);
      await Promise.all(
        batch.map(async (socket) => {
          socket.on("presence:update", () => presence++);
          await once(socket, "session:ready");
          const answer = await ack(socket, "match:watch", { matchId });
          if (!answer.ok) refused++;
        }),
      );
    }
  };
  process.on("message", async (command) => {
    if (command === "warm") {
      await join(warm);
      for (const socket of sockets) socket.disconnect();
      sockets = [];
      presence = 0;
      refused = 0;
      process.send({ warmed: warm });
    } else if (command === "join") {
      const started = performance.now();
      await join(watchers);
      process.send({ joined: sockets.length, refused, joinMs: performance.now() - started, presence });
    } else if (command === "leave") {
      const before = presence;
      for (const socket of sockets) socket.disconnect();
      process.send({ left: sockets.length, presenceWhileJoined: before });
    }
  });
  process.send({ ready: true });
}

async function coordinate() {
  const watchers = Number(args.watchers ?? 2000);
  const games = Number(args.games ?? 20);
  const paceMs = Number(args.pace ?? 500);
  const wave = Number(args.wave ?? 250);
  const holdMs = Number(args.hold ?? 5) * 1000;
  // A crowd of --warm watchers joins and leaves before anything is measured: a server that has been up a
  // while has run its join and leave paths many times, and the first run of cold code (interpreted, then
  // compiled mid-burst) costs several times what it costs warm. --warm 0 measures the cold server.
  const warm = Number(args.warm ?? 500);
  // --server-cpus 0 --client-cpus 1: the server on one core, the crowd, the bots and the probes on the
  // other, as when the crowd's machines are not the server's (taskset -a pins every thread).
  const serverCpus = args["server-cpus"] ?? null;
  const clientCpus = args["client-cpus"] ?? null;
  const port = Number(args.port ?? 4480);
  const url = `http://127.0.0.1:${port}`;
  const children = [];
  process.on("exit", () => children.forEach((child) => child.kill("SIGKILL")));
  // `timeout` and Ctrl-C: exit, so that the handler above kills the server and the crowd too.
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => process.exit(1));
  setTimeout(() => {
    console.error("hard time limit hit");
    process.exit(2);
  }, 600_000).unref();

  // ARENA_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": extra node flags for the server (the
  // profile is written when it stops, on the SIGINT at the end).
  const nodeArgs = (process.env.ARENA_SERVER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, serverMain], {
    env: {
      ...process.env,
      SERVE_WEB: "false",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...storeEnv(args.store ?? "memory").env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(server);
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (i > 150) throw new Error("the server did not come up");
    await sleep(200);
  }
  pin(server.pid, serverCpus);
  pin(process.pid, clientCpus);

  const othello = (await loadEngine()).getGame("othello");
  let phase = "warmup";
  const healthz = {};
  const moveAcks = {};
  const errors = {};
  const record = (table, ms) => (table[phase] ??= []).push(ms);
  const error = (key) => (errors[key] = (errors[key] ?? 0) + 1);
  let stopping = false;

  // /healthz, one probe at a time every 25 ms: a stalled loop shows as one long probe.
  const probing = (async () => {
    while (!stopping) {
      const sent = performance.now();
      try {
        await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(30_000) });
        record(healthz, performance.now() - sent);
      } catch {
        error("healthz");
      }
      await sleep(25);
    }
  })();

  /** Two bots playing Othello again and again; every move's ack is timed. Resolves its first game's id. */
  async function botPair() {
    const a = guest(url);
    const b = guest(url);
    await Promise.all([once(a, "session:ready"), once(b, "session:ready")]);
    let firstId = null;
    let ready;
    const first = new Promise((resolve) => (ready = resolve));
    void (async () => {
      while (!stopping) {
        const created = await ack(a, "room:create", {
          gameId: "othello",
          timeControl: { baseMs: 600_000, incrementMs: 5_000 },
          seats: [{ kind: "open" }, { kind: "open" }],
          sit: 0,
          visibility: "link",
        });
        if (!created.ok) {
          error(`create:${created.code}`);
          await sleep(1_000);
          continue;
        }
        const { matchId } = created;
        let state = null;
        let version = 0;
        let finished;
        const ended = new Promise((resolve) => (finished = resolve));
        const move = async (at) => {
          await sleep(paceMs * (0.5 + Math.random()));
          if (stopping || at !== version || state === null) return;
          const seat = othello.toMove(state)[0];
          const legal = othello.legalMoves(state);
          if (seat === undefined || legal.length === 0) return;
          const text = othello.formatMove(state, legal[Math.floor(Math.random() * legal.length)]);
          const sent = performance.now();
          const answer = await ack(seat === 0 ? a : b, "match:move", { matchId, version: at, move: text });
          if (answer.ok) record(moveAcks, performance.now() - sent);
          else error(`move:${answer.code}`);
        };
        const onEvent = (message) => {
          if (message.matchId !== matchId || message.version <= version) return;
          version = message.version;
          const event = message.event;
          if (event.type === "started") state = othello.deserialize(event.state).value;
          else if (event.type === "moved") {
            const parsed = othello.parseMove(state, event.move);
            state = parsed.ok ? othello.apply(state, parsed.value) : state;
          } else if (event.type === "ended") {
            finished();
            return;
          }
          if (state !== null) void move(version);
        };
        a.on("match:event", onEvent);
        const joined = await ack(b, "room:join-seat", { matchId, version: created.version, seat: 1 });
        if (!joined.ok) error(`join:${joined.code}`);
        if (firstId === null) {
          firstId = matchId;
          ready(matchId);
        }
        await Promise.race([ended, sleep(600_000)]);
        a.off("match:event", onEvent);
      }
      a.disconnect();
      b.disconnect();
    })();
    return first;
  }

  const [target] = await Promise.all([botPair(), ...Array.from({ length: games }, () => botPair())]);
  const crowdProcess = fork(fileURLToPath(import.meta.url), [
    "--role",
    "crowd",
    "--config",
    JSON.stringify({ url, matchId: target, watchers, wave, warm }),
  ]);
  children.push(crowdProcess);
  pin(crowdProcess.pid, clientCpus);
  const next = () => new Promise((resolve) => crowdProcess.once("message", resolve));
  await next();
  if (warm > 0) {
    crowdProcess.send("warm");
    await next();
  }

  // The server's own event-loop delay per phase (prom-client's monitorEventLoopDelay, reset at each
  // scrape): a stall of the server's loop, told apart from delays on the probing side.
  const loopLag = {};
  // The server's CPU per phase (user + system, from /proc): what the crowd costs, however busy the machine.
  const serverCpuMs = {};
  let cpuMark = procSample(server.pid)?.cpuSec ?? 0;
  const scrapeLag = async (name) => {
    const cpu = procSample(server.pid)?.cpuSec ?? cpuMark;
    if (name !== null) serverCpuMs[name] = Math.round((cpu - cpuMark) * 1000);
    cpuMark = cpu;
    try {
      const text = await (await fetch(`${url}/metrics`)).text();
      const read = (metric) =>
        Number(new RegExp(`^${metric} ([0-9.e+-]+)`, "m").exec(text)?.[1] ?? NaN) * 1000;
      if (name !== null)
        loopLag[name] = {
          p99: Math.round(read("nodejs_eventloop_lag_p99_seconds") * 10) / 10,
          max: Math.round(read("nodejs_eventloop_lag_max_seconds") * 10) / 10,
        };
    } catch {
      error("metrics");
    }
  };
  await sleep(3_000);
  phase = "idle";
  await scrapeLag(null);
  const rssBefore = procSample(server.pid)?.rss ?? 0;
  await sleep(5_000);
  await scrapeLag("idle");
  phase = "join";
  crowdProcess.send("join");
  const joined = await next();
  await scrapeLag("join");
  phase = "hold";
  await sleep(holdMs);
  await scrapeLag("hold");
  const rssJoined = procSample(server.pid)?.rss ?? 0;
  phase = "leave";
  crowdProcess.send("leave");
  const left = await next();
  await sleep(holdMs);
  await scrapeLag("leave");
  phase = "after";
  await sleep(2_000);
  await scrapeLag("after");
  stopping = true;
  await probing;
  const rssAfter = procSample(server.pid)?.rss ?? 0;

  const round = (summary) =>
    Object.fromEntries(Object.entries(summary).map(([k, v]) => [k, Math.round(v * 10) / 10]));
  const phases = ["idle", "join", "hold", "leave", "after"];
  const result = {
    watchers,
    games,
    paceMs,
    wave,
    warm,
    serverCpus,
    clientCpus,
    joinMs: Math.round(joined.joinMs),
    refusedWatches: joined.refused,
    presenceMessages: left.presenceWhileJoined,
    healthz: Object.fromEntries(phases.map((p) => [p, round(summarize(healthz[p] ?? []))])),
    moveAcks: Object.fromEntries(phases.map((p) => [p, round(summarize(moveAcks[p] ?? []))])),
    serverLoopLagMs: loopLag,
    serverCpuMs,
    rssMB: {
      before: Math.round(rssBefore / 2 ** 20),
      joined: Math.round(rssJoined / 2 ** 20),
      after: Math.round(rssAfter / 2 ** 20),
    },
    errors,
    at: new Date().toISOString(),
  };
  console.log(JSON.stringify(result));
  crowdProcess.kill("SIGKILL");
  const stopped = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGINT");
  await Promise.race([stopped, sleep(10_000)]);
  process.exit(0);
}
