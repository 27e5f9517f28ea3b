// Quick-pairing latency (docs/benchmarks.md, "Quick pairing"): how long from the second seeker's
// `seek:enter` until both seekers hold `seek:paired`, one pair at a time, on a real server.
//
//   node bench/server/src/pairing.mjs --store sqlite --pairs 200
//   node bench/server/src/pairing.mjs --store redis --pairs 200     # two processes, one seeker on each
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { io } from "socket.io-client";
import { SERVER_NODE_FLAGS, serverMain, storeEnv } from "./paths.mjs";
import { parseArgs, summarize } from "./stats.mjs";

const args = parseArgs(process.argv.slice(2));
const pairs = Number(args.pairs ?? 200);
const store = args.store ?? "sqlite";
const pool = args.pool ?? "othello:3+2";
const basePort = Number(args.port ?? 4700);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const children = [];
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

async function waitHttp(url) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error(`${url} never answered`);
}

const urls = [];
let redisUrl = null;
if (store === "redis") {
  const redisPort = basePort + 50;
  children.push(
    spawn(
      "redis-server",
      ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      {
        stdio: "ignore",
      },
    ),
  );
  await sleep(500);
  redisUrl = `redis://127.0.0.1:${redisPort}`;
}
for (let i = 0; i < (store === "redis" ? 2 : 1); i++) {
  const port = basePort + i;
  const env = {
    ...process.env,
    SERVE_WEB: "false",
    PORT: String(port),
    HOST: "127.0.0.1",
    SECRET: "bench-secret-0123456789",
    LOG_LEVEL: "warn",
    ...(redisUrl === null ? storeEnv(store).env : { REDIS_URL: redisUrl }),
  };
  children.push(spawn(process.execPath, [...SERVER_NODE_FLAGS, serverMain], { env, stdio: "inherit" }));
  urls.push(`http://127.0.0.1:${port}`);
}
for (const url of urls) await waitHttp(`${url}/readyz`);

function connect(url) {
  return new Promise((resolve, reject) => {
    const socket = io(url, { transports: ["websocket"], forceNew: true, reconnection: false });
    socket.once("session:ready", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

const paired = (socket) =>
  new Promise((resolve) => socket.once("seek:paired", () => resolve(performance.now())));

const samples = [];
for (let i = 0; i < pairs; i++) {
  // Fresh guests each time: each is a user of its own, within the room-creation rate.
  const a = await connect(urls[0]);
  const b = await connect(urls[urls.length - 1]);
  const aPaired = paired(a);
  const bPaired = paired(b);
  const entered = await a.timeout(5_000).emitWithAck("seek:enter", { poolId: pool });
  if (!entered.ok) throw new Error(`seek:enter: ${entered.code}`);
  const start = performance.now();
  b.emit("seek:enter", { poolId: pool }, () => undefined);
  const [ta, tb] = await Promise.all([aPaired, bPaired]);
  samples.push(Math.max(ta, tb) - start);
  a.close();
  b.close();
}
const s = summarize(samples);
const ms = (x) => Number(x.toFixed(1));
console.log(
  JSON.stringify({
    store,
    processes: urls.length,
    pool,
    n: s.n,
    p50: ms(s.p50),
    p95: ms(s.p95),
    p99: ms(s.p99),
    max: ms(s.max),
  }),
);
process.exit(0);
