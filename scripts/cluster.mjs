#!/usr/bin/env node
// The scale-out topology on one machine, without Docker (docs/deployment.md): redis-server
// with AOF in a temporary directory, two Arena processes on that Redis, and HAProxy in front of them on one
// public loopback port, configured by deploy/haproxy.cfg (the file the Docker balancer uses too).
//
//   npx turbo run build --filter=@arena/server... [--filter=@arena/web...]     # build first
//   node scripts/cluster.mjs [--port 3000] [--host 127.0.0.1] [--serve-web auto|true|false]
//                            [--drain-ms 5000] [--check-ms 1000] [--json]
//
// Prints the URL once Redis, both processes and the balancer's health checks are up (with --json, one JSON
// line with every address and pid instead, and the children's output on stderr). SIGINT/SIGTERM stop everything; if the balancer or Redis dies,
// everything stops and the exit code is 1. A process that dies is left dead: the balancer sends its players
// to the other one (restart it with the module below, or the whole cluster).
//
// As a module (tests, bench/server): startCluster(options) → { url, redisUrl, members, balancerState(),
// waitForBalancer(), stop() }; each member can stop() (SIGTERM: drain, then graceful), start() and
// restart(). Types: scripts/cluster.d.mts.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { accessSync, constants, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** The balancer's configuration, shared with docker-compose.yml. */
export const HAPROXY_CONFIG = join(root, "deploy/haproxy.cfg");
const SERVER_ENTRY = join(root, "apps/server/dist/main.js");
// The product's young-generation size (apps/server `npm start`, the Dockerfile; docs/benchmarks.md).
const SERVER_NODE_FLAGS = ["--max-semi-space-size=128"];
/** The names of the two processes, as deploy/haproxy.cfg and docker-compose.yml call them. */
export const MEMBER_NAMES = ["arena-a", "arena-b"];

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** The path of an executable on PATH (or in the sbin directories, where Debian puts haproxy), or null. */
export function findBinary(name) {
  const dirs = [...(process.env.PATH ?? "").split(delimiter), "/usr/local/sbin", "/usr/sbin", "/sbin"];
  for (const dir of dirs.filter(Boolean)) {
    const path = join(dir, name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not here
    }
  }
  return null;
}

/** Which of the binaries the topology runs are missing (apt-get install redis-server haproxy). */
export function missingBinaries() {
  return ["redis-server", "haproxy"].filter((name) => findBinary(name) === null);
}

/** A loopback port nobody listens on right now. */
export function freePort(host = "127.0.0.1") {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Polls `check` until it holds; what it throws (a child exited) ends the wait at once. */
async function until(what, timeoutMs, check) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** An HTTP status, or null while nothing answers. */
async function status(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

function redisPing(port) {
  return new Promise((answered) => {
    const socket = createConnection({ port, host: "127.0.0.1" }, () => socket.write("PING\r\n"));
    socket.once("data", (data) => {
      socket.destroy();
      answered(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => answered(false));
  });
}

/** Lines of a child's output, each handed to `out` with the child's name in front (as docker-compose does). */
function prefixLines(stream, name, out) {
  let rest = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) if (line.trim() !== "") out(`${name.padEnd(8)}| ${line}`);
  });
  stream.on("end", () => {
    if (rest.trim() !== "") out(`${name.padEnd(8)}| ${rest}`);
  });
}

const exited = (child) => child.exitCode !== null || child.signalCode !== null;
const exitOf = (child) =>
  exited(child)
    ? Promise.resolve()
    : new Promise((done) => {
        child.once("exit", () => done());
      });

/** One Arena process of the cluster. */
class Member {
  /** `spawned` hears of every process started, for the cluster's clean-up and its "exited" notices. */
  constructor(name, port, entry, env, out, spawned) {
    this.name = name;
    this.entry = entry;
    this.port = port;
    this.url = `http://127.0.0.1:${port}`;
    this.env = env;
    this.out = out;
    this.spawned = spawned;
    /** @type {import("node:child_process").ChildProcess | null} */
    this.child = null;
    /** Whether the running process was asked to stop (its exit is no news). */
    this.stopRequested = false;
  }

  get pid() {
    return this.child?.pid ?? null;
  }

  get running() {
    return this.child !== null && !exited(this.child);
  }

  /** Starts the process and resolves once its /readyz answers 200. */
  async start(timeoutMs = 60_000) {
    if (this.running) throw new Error(`${this.name} is running`);
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, this.entry], {
      env: this.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    this.stopRequested = false;
    this.spawned(this, child);
    prefixLines(child.stdout, this.name, this.out);
    prefixLines(child.stderr, this.name, this.out);
    await until(`${this.name} to be ready`, timeoutMs, async () => {
      if (exited(child)) throw new Error(`${this.name} exited (${child.exitCode ?? child.signalCode})`);
      return (await status(`${this.url}/readyz`)) === 200;
    }).catch((error) => {
      if (!exited(child)) child.kill("SIGKILL");
      throw error;
    });
  }

  /**
   * Stops the process and resolves when it has exited. SIGTERM (the default) drains first: /readyz turns
   * 503 for DRAIN_MS while it still serves, then it stops gracefully; SIGINT stops gracefully at once.
   */
  async stop(signal = "SIGTERM") {
    const child = this.child;
    if (child === null || exited(child)) return;
    this.stopRequested = true;
    child.kill(signal);
    await exitOf(child);
  }

  /** A rolling restart's step: stop (draining), start again, ready. */
  async restart() {
    await this.stop("SIGTERM");
    await this.start();
  }
}

async function runtimeState(socketPath) {
  const csv = await new Promise((done, reject) => {
    let text = "";
    const socket = createConnection(socketPath, () => socket.end("show stat\n"));
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (text += chunk));
    socket.on("end", () => done(text));
    socket.on("error", reject);
  });
  const [header, ...rows] = csv.trim().split("\n");
  const columns = header.replace(/^# /, "").split(",");
  const at = (name) => columns.indexOf(name);
  const state = {};
  for (const row of rows) {
    const cells = row.split(",");
    if (cells[at("pxname")] === "arena" && MEMBER_NAMES.includes(cells[at("svname")])) {
      state[cells[at("svname")]] = { status: cells[at("status")], sessions: Number(cells[at("scur")]) };
    }
  }
  return state;
}

/**
 * Starts Redis (AOF), two Arena processes and HAProxy; resolves once the balancer sees both processes up
 * and answers on its public port.
 */
export async function startCluster(options = {}) {
  const missing = missingBinaries();
  if (missing.length > 0)
    throw new Error(
      `missing ${missing.join(" and ")} (apt-get install -y --no-install-recommends ${missing.join(" ")})`,
    );
  const host = options.host ?? "127.0.0.1";
  const out = options.output ?? ((line) => process.stdout.write(`${line}\n`));
  const dir = mkdtempSync(join(tmpdir(), "arena-cluster-"));
  const children = new Set();
  let stopping = false;
  const cleanup = () => {
    for (const child of children) if (!exited(child)) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", cleanup);

  try {
    const redisPort = options.redisPort ?? (await freePort());
    const redis = spawn(
      findBinary("redis-server"),
      ["--port", String(redisPort), "--bind", "127.0.0.1", "--dir", dir, "--appendonly", "yes", "--save", ""],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    children.add(redis);
    prefixLines(redis.stderr, "redis", out);
    await until("redis-server", 10_000, async () => {
      if (exited(redis)) throw new Error(`redis-server exited (${redis.exitCode ?? redis.signalCode})`);
      return redisPing(redisPort);
    });
    const redisUrl = `redis://127.0.0.1:${redisPort}`;

    const secret = options.secret ?? process.env.SECRET ?? randomBytes(24).toString("base64url");
    const ports = options.serverPorts ?? [await freePort(), await freePort()];
    const members = MEMBER_NAMES.map((name, i) => {
      const env = {
        ...process.env,
        PORT: String(ports[i]),
        HOST: "127.0.0.1",
        REDIS_URL: redisUrl,
        SECRET: secret,
        SERVE_WEB: options.serveWeb ?? process.env.SERVE_WEB ?? "auto",
        DRAIN_MS: String(options.drainMs ?? process.env.DRAIN_MS ?? 5_000),
        LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
        // HAProxy's `option forwardfor`: per-address quotas count the client, not the balancer.
        TRUST_PROXY: "1",
        ...options.env,
      };
      return new Member(name, ports[i], options.serverEntry ?? SERVER_ENTRY, env, out, (member, child) => {
        children.add(child);
        child.once("exit", (code, signal) => {
          children.delete(child);
          if (!stopping && !member.stopRequested)
            out(
              `cluster | ${member.name} exited (${signal ?? code}); the balancer sends its players to the other`,
            );
        });
      });
    });
    const results = await Promise.allSettled(members.map((member) => member.start()));
    const failed = results.find((result) => result.status === "rejected");
    if (failed !== undefined) throw failed.reason;

    const port = options.port === undefined || options.port === 0 ? await freePort(host) : options.port;
    const adminSocket = join(dir, "haproxy.sock");
    // The runtime API, for this script's own readiness check and for tests: not part of the shared file.
    const local = join(dir, "cluster.cfg");
    writeFileSync(local, `global\n  stats socket ${adminSocket} mode 600 level admin\n`);
    const balancer = spawn(findBinary("haproxy"), ["-db", "-f", HAPROXY_CONFIG, "-f", local], {
      env: {
        ...process.env,
        ARENA_PUBLIC_BIND: `${host}:${port}`,
        ARENA_A_ADDR: `127.0.0.1:${ports[0]}`,
        ARENA_B_ADDR: `127.0.0.1:${ports[1]}`,
        ARENA_CHECK_INTER: `${options.checkIntervalMs ?? 1_000}ms`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.add(balancer);
    prefixLines(balancer.stdout, "haproxy", out);
    prefixLines(balancer.stderr, "haproxy", out);
    const url = `http://${host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host}:${port}`;

    const balancerState = () => runtimeState(adminSocket);
    const waitForBalancer = async (name, wanted, timeoutMs = 30_000) => {
      await until(`the balancer to see ${name} ${wanted}`, timeoutMs, async () => {
        if (exited(balancer)) throw new Error(`haproxy exited (${balancer.exitCode ?? balancer.signalCode})`);
        const state = await balancerState().catch(() => ({}));
        return state[name]?.status.startsWith(wanted) ?? false;
      });
    };
    for (const name of MEMBER_NAMES) await waitForBalancer(name, "UP");
    await until("the balancer's public port", 10_000, async () => (await status(`${url}/readyz`)) === 200);

    /** Resolves when the balancer or Redis exits without being asked to. */
    const failure = Promise.race(
      [
        { name: "haproxy", child: balancer },
        { name: "redis-server", child: redis },
      ].map(
        ({ name, child }) =>
          new Promise((done) => {
            child.once("exit", (code, signal) => {
              if (!stopping) done(`${name} exited (${signal ?? code})`);
            });
          }),
      ),
    );
    return {
      url,
      port,
      redisUrl,
      secret,
      members,
      balancerState,
      waitForBalancer,
      failure,
      pids: () => ({
        haproxy: balancer.pid,
        redis: redis.pid,
        ...Object.fromEntries(members.map((member) => [member.name, member.pid])),
      }),
      /** Stops everything: the processes at once (SIGINT: nobody is left to take their games over). */
      async stop() {
        if (stopping) return;
        stopping = true;
        await Promise.all(members.map((member) => member.stop("SIGINT")));
        for (const child of [balancer, redis]) {
          if (!exited(child)) child.kill("SIGTERM");
          await exitOf(child);
        }
        process.removeListener("exit", cleanup);
        cleanup();
      },
    };
  } catch (error) {
    stopping = true;
    process.removeListener("exit", cleanup);
    cleanup();
    throw error;
  }
}

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i]?.replace(/^--/, "");
    if (key === undefined) continue;
    const value = argv[i + 1];
    if (value === undefined || value.startsWith("--")) args[key] = "true";
    else {
      args[key] = value;
      i++;
    }
  }
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const missing = missingBinaries();
  if (missing.length > 0) {
    console.error(
      `cluster: ${missing.join(" and ")} not found (apt-get install -y --no-install-recommends ${missing.join(" ")})`,
    );
    process.exit(1);
  }
  if (!existsSync(SERVER_ENTRY)) {
    console.error("cluster: build the server first (npx turbo run build --filter=@arena/server...)");
    process.exit(1);
  }
  const json = args.json === "true";
  const cluster = await startCluster({
    // With --json, stdout carries that one line only; the children's output goes to stderr.
    ...(json ? { output: (line) => process.stderr.write(`${line}\n`) } : {}),
    port: Number(args.port ?? process.env.PORT ?? 3000),
    host: args.host ?? "127.0.0.1",
    ...(args["serve-web"] === undefined ? {} : { serveWeb: args["serve-web"] }),
    ...(args["drain-ms"] === undefined ? {} : { drainMs: Number(args["drain-ms"]) }),
    ...(args["check-ms"] === undefined ? {} : { checkIntervalMs: Number(args["check-ms"]) }),
  });
  if (json) {
    const members = cluster.members.map(({ name, url, pid }) => ({ name, url, pid }));
    console.log(
      JSON.stringify({ url: cluster.url, redisUrl: cluster.redisUrl, members, pids: cluster.pids() }),
    );
  } else {
    console.log(
      `\n  Arena on ${cluster.url}/  (HAProxy in front of ${cluster.members.map((m) => `${m.name} ${m.url}`).join(" and ")}; Redis ${cluster.redisUrl})\n`,
    );
  }
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    process.exit(code);
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void stop(0));
  const reason = await cluster.failure;
  console.error(`cluster: ${reason}; stopping everything`);
  await stop(1);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`cluster: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
