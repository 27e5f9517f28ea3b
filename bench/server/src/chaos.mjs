#!/usr/bin/env node
// Chaos / restart harness (seeded, bounded, 127.0.0.1 only).
//  chaos:   node bench/server/src/chaos.mjs --seed 42 --servers 2 --games 100 --flag-games 10 --duration 60
//           two servers on one Redis; SIGKILL a random one at random moments, restart it after a delay.
//  restart: node bench/server/src/chaos.mjs --seed 1 --servers 1 --games 20 --flag-games 0 --kills 1 --signal SIGTERM
//           the only server (with REDIS_URL) is stopped and started mid-game; clients reconnect and match:sync.
//  rolling: node bench/server/src/chaos.mjs --rolling --seed 7 --games 110 --flag-games 10 --pace 1500 --duration 60
//           the deployed topology (scripts/cluster.mjs: HAProxy in front of two processes on Redis); every
//           player connects through the balancer, and each process in turn is restarted (SIGTERM: drain,
//           graceful stop; start; back in the balancer's rotation). Also reports each player's reconnects per
//           restart and the pause it saw (disconnect → resynced), and each game's longest wait between events.
//           --affinity: once a game's room exists its players reconnect with ?match=<id> (the web app's room page), so
//           the balancer sends both to the match's process.
//           --store sqlite (with --servers 1): the same on the embedded SQLite store, in a fresh temp DATA_DIR that
//           the restarted process opens again.
// Checks, per game, via GET /api/matches/:id at the end:
//  - every acknowledged move is in the server's log, in order, exactly once (acked log is a prefix of the
//    seat's move list; at most one extra move whose ack was lost with the dead process);
//  - every clock-credited event credits ≤ 20 s to the seat to move and ≤ 10 s to the others, and no seat
//    ends with more time than base + increments + credits;
//  - the flag games (nobody moves after the first two plies) end by timeout even when their owner died;
//  - every game reaches a result (or is still live and consistent when the run stops).
import { spawn, execSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { dirname, resolve } from "node:path";
import { io } from "socket.io-client";
import { SERVER_NODE_FLAGS, loadEngine, serverMain, storeEnv } from "./paths.mjs";
import { parseArgs } from "./stats.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../..");
const args = parseArgs(process.argv.slice(2));
const seed = Number(args.seed ?? 42);
const nServers = Number(args.servers ?? 2);
const nGames = Number(args.games ?? 100);
const nFlag = Number(args["flag-games"] ?? 10);
const duration = Number(args.duration ?? 60) * 1000;
const maxKills = Number(args.kills ?? 99);
const rolling = args.rolling === "true";
// --affinity: once its room exists, a game's players open their sockets with ?match=<id>, as the web app's
// room page does, and the balancer (--rolling) sends both to the match's process.
const affinity = args.affinity === "true";
// A rolling restart stops each process as an operator does: SIGTERM (drain, then graceful).
const signal = rolling ? "SIGTERM" : (args.signal ?? "SIGKILL");
const paceMs = Number(args.pace ?? 400);
const basePort = Number(args.port ?? 4600);
const redisPort = Number(args["redis-port"] ?? 6380);
// The product's DRAIN_MS and balancer check interval (deploy/haproxy.cfg) unless given.
const drainMs = Number(args["drain-ms"] ?? 5000);
const checkMs = Number(args["check-ms"] ?? 1000);
// Seconds of play before the first restart and between restarts.
const gapMs = Number(args.gap ?? 8) * 1000;
const SECRET = "chaos-secret-0123456789";
const othello = (await loadEngine()).getGame("othello");

let s = seed >>> 0;
const rand = () => {
  s = (s + 0x6d2b79f5) >>> 0;
  let t = s;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const children = new Set();
process.on("exit", () => {
  for (const c of children)
    try {
      c.kill("SIGKILL");
    } catch {}
});
setTimeout(() => {
  console.error("chaos: hard time limit");
  process.exit(2);
}, duration + 300_000).unref();
const log = (...a) => console.log(`[${((Date.now() - T0) / 1000).toFixed(1)}s]`, ...a);
const T0 = Date.now();
const loadBefore = execSync("uptime")
  .toString()
  .trim()
  .replace(/.*load average: /, "");

let urls;
let alive;
let cluster = null;
const store = args.store ?? "redis";
if (store !== "redis" && (nServers !== 1 || rolling))
  throw new Error(`--store ${store} is one process's store: use --servers 1 (and no --rolling)`);
const serverStoreEnv =
  store === "redis" ? { REDIS_URL: `redis://127.0.0.1:${redisPort}` } : storeEnv(store).env;
const procs = [];
if (rolling) {
  const { startCluster } = await import("../../../scripts/cluster.mjs");
  cluster = await startCluster({
    serveWeb: "false",
    serverEntry: serverMain,
    secret: SECRET,
    drainMs,
    checkIntervalMs: checkMs,
    env: {
      AI_THREADS: "1",
      LOG_LEVEL: "warn",
      QUOTAS: process.env.QUOTAS ?? "roomsPerMinutePerUser=1000000",
    },
    // HAProxy's state changes and the servers' warnings, on stderr with their names.
    output: (line) => process.stderr.write(`${line}\n`),
  });
  // Every player knows one address, the balancer's.
  urls = [cluster.url];
  alive = () => true;
} else {
  if (store === "redis") {
    const redis = spawn(
      "redis-server",
      ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    children.add(redis);
    await sleep(500);
    execSync(`redis-cli -p ${redisPort} flushall`);
  }
  urls = Array.from({ length: nServers }, (_, i) => `http://127.0.0.1:${basePort + i}`);
  await Promise.all(urls.map((_, i) => startServer(i)));
  alive = (i) => procs[i] && procs[i].exitCode === null && procs[i].signalCode === null;
}
async function startServer(i) {
  const p = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverMain], {
    env: {
      ...process.env,
      // The API and sockets alone: the web app is not what these harnesses measure.
      SERVE_WEB: process.env.SERVE_WEB ?? "false",
      PORT: String(basePort + i),
      HOST: "127.0.0.1",
      SECRET,
      LOG_LEVEL: "warn",
      // No balancer watches these: a SIGTERM stops at once, as before draining existed.
      DRAIN_MS: "0",
      // Bots open rooms faster than people (docs/protocol.md, "Quotas").
      QUOTAS: process.env.QUOTAS ?? "roomsPerMinutePerUser=1000000",
      ...serverStoreEnv,
      AI_THREADS: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.add(p);
  procs[i] = p;
  p.on("exit", () => children.delete(p));
  for (let k = 0; k < 150; k++) {
    try {
      if ((await fetch(urls[i] + "/readyz")).ok) return;
    } catch {}
    await sleep(200);
  }
  throw new Error("server " + i + " did not start");
}

const problems = [];
const stats = { reconnects: 0, syncs: 0, acked: 0, moveErrors: {} };
/** Each reconnect: when the socket dropped, and how long until the player had resynced (ms). */
const reconnectLog = [];

// A player: keeps its token, fails over to another live server when its socket drops.
class Player {
  constructor(game, seat, home) {
    this.game = game;
    this.seat = seat;
    this.home = home;
    this.token = undefined;
    this.acked = [];
    this.sent = [];
    this.droppedAt = null;
  }
  async connect(preferred) {
    for (let attempt = 0; attempt < 200; attempt++) {
      const order = [preferred, ...urls.keys()].filter((i) => i !== undefined);
      const i = order.find((k) => alive(k)) ?? preferred;
      const sock = io(urls[i], {
        transports: ["websocket"],
        forceNew: true,
        reconnection: false,
        auth: this.token ? { token: this.token } : {},
        ...(affinity && this.game.matchId ? { query: { match: this.game.matchId } } : {}),
      });
      const ok = await new Promise((r) => {
        sock.once("session:ready", (m) => {
          this.token = m.token;
          this.user = m.user;
          this.instance = m.instance;
          r(true);
        });
        sock.once("connect_error", () => r(false));
        setTimeout(() => r(false), 3000);
      });
      if (!ok) {
        sock.close();
        await sleep(250);
        continue;
      }
      this.sock = sock;
      this.server = i;
      sock.on("match:event", (m) => this.game.onEvent(m, this));
      sock.on("disconnect", () => {
        if (this.sock === sock && !this.game.closed) {
          stats.reconnects++;
          this.droppedAt = Date.now();
          this.reconnect();
        }
      });
      return;
    }
    throw new Error("could not connect");
  }
  async reconnect() {
    await sleep(200 + rand() * 300);
    // prefer another process (failover); a single-server run waits for the restart
    const other = urls.findIndex((_, k) => k !== this.server && alive(k));
    await this.connect(other >= 0 ? other : this.server);
    if (this.game.matchId) await this.game.sync(this);
    // The other player's socket may have brought the game up to date meanwhile (the sync then has nothing
    // new): a player back at the board still sees whether it is to move, as a person would.
    this.game.maybeMove(this);
    reconnectLog.push({ player: this, at: this.droppedAt, pauseMs: Date.now() - this.droppedAt });
  }
  ack(ev, p) {
    return new Promise((r) =>
      this.sock.timeout(5000).emit(ev, p, (e, a) => r(e ? { ok: false, code: "ack-timeout" } : a)),
    );
  }
}

class Game {
  constructor(idx, flag) {
    this.idx = idx;
    this.flag = flag;
    this.version = 0;
    this.state = null;
    this.over = false;
    this.closed = false;
    this.credits = [];
    this.events = new Map();
    // The longest wait between two news of this game (events or a resync), as its players saw it.
    this.lastNewsAt = null;
    this.longestWaitMs = 0;
  }
  news() {
    const now = Date.now();
    if (this.lastNewsAt !== null && !this.over && now - this.lastNewsAt > this.longestWaitMs) {
      this.longestWaitMs = now - this.lastNewsAt;
      this.longestWaitFromS = +((this.lastNewsAt - T0) / 1000).toFixed(1);
    }
    this.lastNewsAt = now;
  }
  async start() {
    const a = (this.p0 = new Player(this, 0, this.idx % urls.length));
    const b = (this.p1 = new Player(this, 1, (this.idx + 1) % urls.length));
    await a.connect(a.home);
    await b.connect(b.home);
    const tc = this.flag ? { baseMs: 20000, incrementMs: 0 } : { baseMs: 180000, incrementMs: 2000 };
    this.tc = tc;
    const c = await a.ack("room:create", {
      gameId: "othello",
      timeControl: tc,
      seats: [{ kind: "open" }, { kind: "open" }],
      sit: 0,
      visibility: "link",
    });
    if (!c.ok) throw new Error("create " + c.code);
    this.matchId = c.matchId;
    const j = await b.ack("room:join-seat", { matchId: this.matchId, version: c.version, seat: 1 });
    if (!j.ok) throw new Error("join " + j.code);
    await this.sync(b); // the joiner attaches after the start broadcast: catch up
    if (affinity) {
      // The players go to the room page: each page's socket replaces the lobby's (not a drop).
      // The new socket first: a move due meanwhile goes out on whichever socket is the player's then.
      for (const p of [a, b]) {
        const lobby = p.sock;
        await p.connect(p.server);
        lobby.close();
        await this.sync(p);
        this.maybeMove(p);
      }
    }
  }
  async sync(p) {
    stats.syncs++;
    const r = await p.ack("match:sync", { matchId: this.matchId, sinceVersion: this.version });
    if (!r.ok) return;
    if (r.kind === "events") for (const m of r.events) this.onEvent({ matchId: this.matchId, ...m }, p);
    else {
      this.fromSnapshot(r.snapshot);
      this.maybeMove(this.p0);
      this.maybeMove(this.p1);
    }
  }
  fromSnapshot(snap) {
    if (snap.version <= this.version) return;
    this.news();
    const d = othello.deserialize(snap.state);
    if (d.ok) this.state = d.value;
    this.version = snap.version;
    this.clock = snap.clock;
    if (snap.status !== "live") {
      this.over = true;
    }
  }
  onEvent(m, p) {
    if (m.matchId !== this.matchId) return;
    if (m.version === this.version + 1) {
      const ev = m.event;
      this.news();
      this.events.set(m.version, ev);
      if (ev.type === "started") {
        const d = othello.deserialize(ev.state);
        this.state = d.ok ? d.value : null;
      } else if (ev.type === "moved" && this.state) {
        const mv = othello.parseMove(this.state, ev.move);
        if (mv.ok) this.state = othello.apply(this.state, mv.value);
        else problems.push(`${this.matchId}: client cannot parse ${ev.move}`);
      } else if (ev.type === "clock-credited") this.credits.push(ev);
      else if (ev.type === "ended") {
        this.over = true;
        this.result = ev.result;
      }
      if (ev.clock) this.clock = ev.clock;
      this.version = m.version;
    } else if (m.version > this.version + 1) {
      void this.sync(p);
      return;
    }
    this.maybeMove(p);
  }
  maybeMove(p) {
    if (!this.state || this.over || this.closed || !p.sock?.connected) return;
    if (othello.toMove(this.state)[0] !== p.seat || othello.forcedMove(this.state) !== null) return;
    const plies = [...this.events.values()].filter((e) => e.type === "moved").length;
    if (this.flag && plies >= 2) return; // flag games: nobody moves after the first two plies
    const v = this.version;
    if (p.pendingV === v) return;
    p.pendingV = v;
    setTimeout(
      async () => {
        if (this.over || this.closed || this.version !== v || !p.sock?.connected) {
          p.pendingV = undefined;
          return;
        }
        const legal = othello.legalMoves(this.state);
        const mv = othello.formatMove(this.state, legal[Math.floor(rand() * legal.length)]);
        const a = await p.ack("match:move", { matchId: this.matchId, version: v, move: mv });
        p.pendingV = undefined;
        p.sent.push({ move: mv, status: a.ok ? "acked" : a.code === "ack-timeout" ? "unknown" : "refused" });
        if (a.ok) {
          p.acked.push(mv);
          stats.acked++;
        } else {
          stats.moveErrors[a.code] = (stats.moveErrors[a.code] ?? 0) + 1;
          if (this.version === v && a.code !== "game-over") setTimeout(() => this.maybeMove(p), 300);
        }
      },
      paceMs * (0.5 + rand()),
    );
  }
}

log(
  `seed=${seed} servers=${nServers} games=${nGames} (flag games ${nFlag}) duration=${duration / 1000}s signal=${signal} load=${loadBefore}`,
);
const games = Array.from({ length: nGames }, (_, i) => new Game(i, i < nFlag));
for (let i = 0; i < games.length; i += 10) await Promise.all(games.slice(i, i + 10).map((g) => g.start()));
log("all games started");
const players = games.flatMap((g) => [g.p0, g.p1]);
const countBy = (values) => {
  const counts = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
};
// Which process the balancer gave each player (session:ready names it).
const playersPerInstanceAtStart = countBy(players.map((p) => p.instance));

// the kill schedule
const kills = [];
/** Rolling mode: each restart's timings (s since the start). */
const restarts = [];
const tEnd = Date.now() + duration;
if (rolling) {
  // Each process in turn, as an operator (or `docker-compose restart arena-a`) does: SIGTERM, which drains
  // (out of the balancer's rotation while it still serves) and stops gracefully; start; back in rotation.
  const at = () => +((Date.now() - T0) / 1000).toFixed(1);
  for (const member of cluster.members) {
    await sleep(gapMs);
    const r = { member: member.name, sigtermAt: at() };
    log(`SIGTERM ${member.name} (pid ${member.pid})`);
    const stopped = member.stop("SIGTERM");
    await cluster.waitForBalancer(member.name, "DOWN", drainMs + 10_000);
    r.outOfRotationAt = at();
    await stopped;
    r.exitedAt = at();
    await member.start();
    r.readyAt = at();
    await cluster.waitForBalancer(member.name, "UP");
    r.inRotationAt = at();
    restarts.push(r);
    log(`${member.name} back in rotation`, JSON.stringify(r));
  }
  await sleep(Math.max(gapMs, tEnd - Date.now()));
} else {
  let nextAt = Date.now() + 5000 + rand() * 10000;
  while (Date.now() < tEnd) {
    await sleep(Math.max(0, Math.min(nextAt, tEnd) - Date.now()));
    if (Date.now() >= tEnd || kills.length >= maxKills) {
      await sleep(Math.max(0, tEnd - Date.now()));
      break;
    }
    const victim = Math.floor(rand() * nServers);
    const down = 2000 + rand() * 4000;
    log(`${signal} server ${victim} (pid ${procs[victim].pid}); restart in ${(down / 1000).toFixed(1)}s`);
    const exited = new Promise((r) => procs[victim].once("exit", r));
    procs[victim].kill(signal);
    await exited;
    kills.push({
      atS: +((Date.now() - T0) / 1000).toFixed(1),
      server: victim,
      downS: +(down / 1000).toFixed(1),
    });
    await sleep(down);
    await startServer(victim);
    log(`server ${victim} back`);
    nextAt = Date.now() + 8000 + rand() * 12000;
  }
}
log("chaos over; waiting for the flag games (≤ 90 s)");
for (let k = 0; k < 90 && games.some((g) => g.flag && !g.over); k++) await sleep(1000);
for (const g of games) g.closed = true;
await sleep(1500);

// verification against the server's record
const summary = {
  finished: 0,
  live: 0,
  reasons: {},
  flagOk: 0,
  flagFailed: [],
  lost: 0,
  dup: 0,
  extraUnacked: 0,
  creditEvents: 0,
  creditViolations: 0,
  clockViolations: 0,
};
/** Whether some reading of the unacknowledged moves (applied or not) turns `sent` into `server`. */
function explains(sent, server) {
  const memo = new Map();
  const go = (i, k) => {
    const key = i * 4096 + k;
    if (memo.has(key)) return memo.get(key);
    let ok;
    if (i === sent.length) ok = k === server.length;
    else if (sent[i].status === "acked") ok = server[k] === sent[i].move && go(i + 1, k + 1);
    else if (sent[i].status === "unknown")
      ok = (server[k] === sent[i].move && go(i + 1, k + 1)) || go(i + 1, k);
    else ok = go(i + 1, k);
    memo.set(key, ok);
    return ok;
  };
  return go(0, 0);
}
const liveUrl = urls[urls.findIndex((_, i) => alive(i))];
for (const g of games) {
  const r = await fetch(`${liveUrl}/api/matches/${g.matchId}`).then((x) => x.json());
  const snap = r.match;
  if (!snap) {
    problems.push(`${g.matchId}: not found`);
    continue;
  }
  if (snap.status === "finished" || snap.status === "aborted") {
    summary.finished++;
    const reason = snap.result?.reason ?? snap.status;
    summary.reasons[reason] = (summary.reasons[reason] ?? 0) + 1;
  } else summary.live++;
  for (const p of [g.p0, g.p1]) {
    const server = snap.moves.filter((m) => m.seat === p.seat && !m.forced).map((m) => m.move);
    // The client's sent log must explain the server's list exactly: an acked move is the next one on the
    // server, a move whose ack never came (the process died) may or may not be there (a bot that resent
    // the same move after its sync makes either reading possible), a refused move is not.
    if (explains(p.sent, server)) {
      summary.extraUnacked += server.length - p.sent.filter((e) => e.status === "acked").length;
      continue;
    }
    // No explanation: walk greedily to say where it breaks. An acked move not next on the server is lost;
    // whatever is left on the server afterwards was never sent by this client (a double apply).
    let k = 0,
      broke = false;
    for (const e of p.sent) {
      if (e.status === "acked") {
        if (server[k] === e.move) k++;
        else {
          summary.lost++;
          problems.push(
            `${g.matchId} seat ${p.seat}: acked ${e.move} not at server index ${k} (server [${server}], sent ${JSON.stringify(p.sent.map((x) => x.move + ":" + x.status[0]))})`,
          );
          broke = true;
          break;
        }
      } else if (e.status === "unknown" && server[k] === e.move) {
        k++;
        summary.extraUnacked++;
      }
    }
    if (k < server.length && !broke) {
      summary.dup++;
      problems.push(
        `${g.matchId} seat ${p.seat}: server has moves the client never sent: [${server.slice(k)}]`,
      );
    }
  }
  // clocks: read credits from the server's full log (the REST snapshot has no events), so re-sync from 0
  const credits = [];
  const p = g.p0.sock?.connected ? g.p0 : g.p1;
  const all = p.sock?.connected
    ? await p.ack("match:sync", { matchId: g.matchId, sinceVersion: 0 })
    : { ok: false };
  if (all.ok && all.kind === "events") {
    for (const m of all.events) if (m.event.type === "clock-credited") credits.push(m.event);
  } else credits.push(...g.credits);
  summary.creditEvents += credits.length;
  const credited = [0, 0];
  for (const c of credits) {
    c.creditsMs.forEach((ms, seat) => {
      credited[seat] += ms;
      const cap = seat === c.clock.running ? 20000 : 10000;
      if (ms > cap || ms < 0) {
        summary.creditViolations++;
        problems.push(`${g.matchId}: credit ${ms} ms to seat ${seat} > ${cap}`);
      }
    });
  }
  const plies = [0, 1].map((seat) => snap.moves.filter((m) => m.seat === seat && !m.forced).length);
  [0, 1].forEach((seat) => {
    const max = snap.timeControl.baseMs + snap.timeControl.incrementMs * plies[seat] + credited[seat];
    if (snap.clock.remainingMs[seat] > max + 1) {
      summary.clockViolations++;
      problems.push(`${g.matchId}: seat ${seat} has ${snap.clock.remainingMs[seat]} ms > ${max}`);
    }
  });
  if (g.flag) {
    if (snap.result?.reason === "timeout") summary.flagOk++;
    else summary.flagFailed.push(`${g.matchId}:${snap.status}/${snap.result?.reason}`);
  }
}
/** Nearest-rank percentiles of a list of numbers. */
const spread = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? null;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: at(1) };
};
let rollingReport = {};
let rollingViolations = 0;
if (rolling) {
  // A restart's window: from its SIGTERM to the next one's (or the end).
  const windows = restarts.map((r, i) => ({
    member: r.member,
    from: T0 + r.sigtermAt * 1000,
    to: i + 1 < restarts.length ? T0 + restarts[i + 1].sigtermAt * 1000 : Infinity,
  }));
  const perRestart = windows.map((w) => {
    const inWindow = reconnectLog.filter((e) => e.at >= w.from && e.at < w.to);
    const perPlayer = countBy(inWindow.map((e) => players.indexOf(e.player)));
    const most = Math.max(0, ...Object.values(perPlayer));
    if (most > 1) rollingViolations++;
    return {
      member: w.member,
      playersReconnected: Object.keys(perPlayer).length,
      mostReconnectsOfOnePlayer: most,
      pauseMs: spread(inWindow.map((e) => e.pauseMs)),
    };
  });
  rollingReport = {
    drainMs,
    checkMs,
    paceMs,
    restarts,
    playersPerInstanceAtStart,
    reconnectsPerPlayer: countBy(players.map((p) => reconnectLog.filter((e) => e.player === p).length)),
    perRestart,
    // The longest wait between two news of a game, over the games that were not left to flag.
    longestWaitPerGameMs: spread(games.filter((g) => !g.flag).map((g) => g.longestWaitMs)),
  };
}
const out = {
  seed,
  mode: rolling ? "rolling" : "chaos",
  servers: rolling ? 2 : nServers,
  games: nGames,
  flagGames: nFlag,
  signal,
  durationS: duration / 1000,
  kills,
  ...stats,
  ...summary,
  ...rollingReport,
  problems: problems.slice(0, 20),
  problemCount: problems.length,
  loadBefore,
  loadAfter: execSync("uptime")
    .toString()
    .trim()
    .replace(/.*load average: /, ""),
};
console.log(JSON.stringify(out));
const ok = problems.length === 0 && summary.flagFailed.length === 0 && rollingViolations === 0;
console.log(ok ? "CHAOS: PASS" : "CHAOS: FAIL");
for (const g of games) {
  g.p0.sock?.close();
  g.p1.sock?.close();
}
await cluster?.stop();
process.exit(ok ? 0 : 1);
