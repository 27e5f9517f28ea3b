// One client process: runs a slice of the games (every member of a game lives here, so
// "emit -> every member has the event" is timed on one clock). Driven by the coordinator over IPC.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { io } from "socket.io-client";
import { loadEngine } from "./paths.mjs";

const cfg = JSON.parse(process.argv[2]);
const { target, urls, games: G, spectators: S, paceMs, offset, timeline, affinity } = cfg;
let othello;
if (target === "arena") othello = (await loadEngine()).getGame("othello");

// Think time per move: uniform on [0.5, 1.5] × pace, so the mean is the pace but the games drift out of
// step (bots that all wait exactly `pace` move in lockstep bursts, which no real lobby does).
const think = () => paceMs * (0.5 + Math.random());
const lat = [];
// With --timeline, each latency's send time too (wall clock, ms), to lay the tail over the server's GCs.
const sentAt = [];
let acks = 0;
let moves = 0;
let measuring = false;
let playing = false;
const kicks = [];
let stopping = false;
let gamesFinished = 0;
const errors = {};
const err = (k) => (errors[k] = (errors[k] ?? 0) + 1);
const sockets = [];

function connect(url, extra = {}) {
  const s = io(url, {
    transports: ["websocket"],
    forceNew: true,
    reconnectionAttempts: 5,
    timeout: 30000,
    ...extra,
  });
  sockets.push(s);
  s.on("connect_error", (e) => err("connect_error:" + e.message));
  return s;
}
const once = (s, ev) => new Promise((r) => s.once(ev, r));
const emitAck = (s, ev, p) =>
  new Promise((r) => s.timeout(15000).emit(ev, p, (e, a) => r(e ? { ok: false, code: "ack-timeout" } : a)));

// ---------- shared per-game bookkeeping ----------
function makeGame(idx) {
  const g = { idx, pending: new Map(), members: 2 + S, kick: () => {} };
  kicks.push(g);
  return g;
}
// One move per version: the start-up kick and a just-arrived event must not both schedule one.
function firstFor(g, version) {
  if (g.scheduledFor === version && g.scheduledGame === g.round) return false;
  g.scheduledFor = version;
  g.scheduledGame = g.round;
  return true;
}
function sent(g, version) {
  // the event that results from a move emitted at `version` is version+1
  g.pending.set(version + 1, { t0: performance.now(), seen: 0 });
}
function seen(g, version) {
  const p = g.pending.get(version);
  if (!p) return;
  if (++p.seen === g.members) {
    if (measuring) {
      lat.push(performance.now() - p.t0);
      if (timeline) sentAt.push(performance.timeOrigin + p.t0);
    }
    g.pending.delete(version);
  }
}

// ---------- Arena ----------
async function arenaGame(idx, onReady) {
  const g = makeGame(idx);
  // --affinity: every socket of a game on one process, as the balancer's hash of the match routes them
  // (games spread evenly); otherwise player 0 on the first process, player 1 on the other.
  const home = urls[(idx + offset) % urls.length];
  const urlA = affinity ? home : urls[0];
  const urlB = affinity
    ? home
    : urls[(idx + offset) % urls.length === 0 && urls.length > 1 ? 1 : urls.length - 1];
  const a = connect(urlA);
  const b = connect(urlB);
  const specs = Array.from({ length: S }, (_, i) => connect(affinity ? home : urls[i % urls.length]));
  await Promise.all([a, b, ...specs].map((s) => once(s, "session:ready")));
  onReady();
  const members = [a, b, ...specs];
  for (;;) {
    if (stopping) return;
    g.round = (g.round ?? 0) + 1;
    g.state = null;
    g.version = 0;
    g.over = false;
    g.pending.clear();
    const c = await emitAck(a, "room:create", {
      gameId: "othello",
      timeControl: { baseMs: 600000, incrementMs: 5000 },
      seats: [{ kind: "open" }, { kind: "open" }],
      sit: 0,
      visibility: "link",
    });
    if (!c.ok) {
      err("create:" + c.code);
      await new Promise((r) => setTimeout(r, 1000));
      continue;
    }
    const matchId = c.matchId;
    g.matchId = matchId;
    for (const sp of specs) {
      const w = await emitAck(sp, "match:watch", { matchId });
      if (!w.ok) err("watch:" + w.code);
    }
    const done = new Promise((resolve) => (g.finish = resolve));
    const seats = [a, b];
    const handlers = members.map((s, mi) => {
      const h = (msg) => {
        if (msg.matchId !== matchId) return;
        seen(g, msg.version);
        if (msg.version > g.version) {
          // first member to see this version advances the shared engine state
          const ev = msg.event;
          if (ev.type === "started") {
            const d = othello.deserialize(ev.state);
            g.state = d.ok ? d.value : null;
          } else if (ev.type === "moved" && g.state) {
            const m = othello.parseMove(g.state, ev.move);
            if (m.ok) g.state = othello.apply(g.state, m.value);
            else err("client-parse");
          } else if (ev.type === "ended" || ev.type === "cancelled") {
            g.over = true;
            gamesFinished++;
            g.finish();
          }
          g.version = msg.version;
        }
        // a player acts on events seen on its own socket
        if (playing && mi < 2 && g.state && !g.over && msg.version === g.version) {
          const toMove = othello.toMove(g.state);
          if (toMove[0] === mi && othello.forcedMove(g.state) === null) {
            const v = g.version;
            if (!firstFor(g, v)) return;
            setTimeout(() => {
              if (stopping || g.over || g.version !== v) return;
              const legal = othello.legalMoves(g.state);
              const mv = othello.formatMove(g.state, legal[(Math.random() * legal.length) | 0]);
              sent(g, v);
              if (measuring) moves++;
              seats[mi].timeout(15000).emit("match:move", { matchId, version: v, move: mv }, (e, ack) => {
                if (e) return err("move:ack-timeout");
                if (ack.ok) {
                  if (measuring) acks++;
                } else {
                  err("move:" + ack.code);
                  if (process.env.ARENA_BENCH_DEBUG)
                    console.error("refused", matchId, v, ack.code, ack.message);
                }
              });
            }, think());
          }
        }
      };
      s.on("match:event", h);
      return h;
    });
    g.kick = () => {
      if (g.state && !g.over) {
        const m = othello.toMove(g.state)[0];
        handlers[m]?.({ matchId, version: g.version, event: { type: "kick" } });
      }
    };
    const j = await emitAck(b, "room:join-seat", { matchId, version: c.version, seat: 1 });
    if (!j.ok) err("join:" + j.code);
    await Promise.race([done, waitStop()]);
    members.forEach((s, i) => s.off("match:event", handlers[i]));
    if (!stopping) for (const sp of specs) await emitAck(sp, "match:unwatch", { matchId });
  }
}

// ---------- echo floor (same shape: a 'move' broadcast to a room of 2+S) ----------
async function echoGame(idx, onReady) {
  const g = makeGame(idx);
  const members = [connect(urls[0]), connect(urls[0]), ...Array.from({ length: S }, () => connect(urls[0]))];
  await Promise.all(members.map((s) => (s.connected ? null : once(s, "connect"))));
  onReady();
  let round = 0;
  for (;;) {
    if (stopping) return;
    const room = `r${offset}_${idx}_${round++}`;
    g.round = round;
    await Promise.all(members.map((s) => emitAck(s, "join", { room })));
    g.version = 0;
    g.over = false;
    g.pending.clear();
    const done = new Promise((resolve) => (g.finish = resolve));
    const handlers = members.map((s, mi) => {
      const h = (msg) => {
        if (msg.room !== room) return;
        seen(g, msg.version);
        if (msg.version > g.version) {
          g.version = msg.version;
          if (msg.version >= 60) {
            g.over = true;
            gamesFinished++;
            g.finish();
          }
        }
        if (playing && mi < 2 && !g.over && msg.version === g.version && msg.version % 2 === mi)
          play(mi, g.version);
      };
      s.on("event", h);
      return h;
    });
    const play = (mi, v) =>
      firstFor(g, v) &&
      setTimeout(() => {
        if (stopping || g.over || g.version !== v) return;
        sent(g, v);
        if (measuring) moves++;
        members[mi].timeout(15000).emit("move", { room, version: v, move: "f5" }, (e, ack) => {
          if (e) return err("move:ack-timeout");
          if (ack.ok && measuring) acks++;
        });
      }, think());
    g.kick = () => {
      if (g.version === 0) play(0, 0);
    };
    if (playing) play(0, 0);
    await Promise.race([done, waitStop()]);
    members.forEach((s, i) => s.off("event", handlers[i]));
    await Promise.all(members.map((s) => emitAck(s, "leave", { room })));
  }
}

// ---------- boardgame.io ----------
let BgClient, BgSocketIO, BgGame;
async function bgioGame(idx, onReady) {
  setTimeout(onReady, 100);
  if (!BgClient) {
    const { createRequire } = await import("node:module");
    const require = createRequire(import.meta.url);
    ({ Client: BgClient } = require("boardgame.io/client"));
    ({ SocketIO: BgSocketIO } = require("boardgame.io/multiplayer"));
    ({ CountGame: BgGame } = await import("./bgio-game.mjs"));
  }
  const g = makeGame(idx);
  for (;;) {
    if (stopping) return;
    const res = await fetch(
      `${urls[0].replace(/:(\d+)$/, (_, p) => ":" + (Number(p) + 1))}/games/count/create`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ numPlayers: 2 }),
      },
    ).then((r) => r.json());
    const matchID = res.matchID;
    g.version = 0;
    g.over = false;
    g.pending.clear();
    const done = new Promise((resolve) => (g.finish = resolve));
    g.round = (g.round ?? 0) + 1;
    const ids = ["0", "1", ...Array.from({ length: S }, () => undefined)];
    const clients = ids.map((playerID) =>
      BgClient({
        game: BgGame,
        matchID,
        playerID,
        multiplayer: BgSocketIO({ server: urls[0], socketOpts: { transports: ["websocket"] } }),
        debug: false,
      }),
    );
    const subs = [];
    clients.forEach((c, mi) => {
      c.subscribe(
        (subs[mi] = (st) => {
          if (!st) return;
          const v = st.G.n;
          // dedupe per client: subscribe may fire more than once for one state
          c._lastV ??= -1;
          if (v <= c._lastV) return;
          c._lastV = v;
          seen(g, v);
          if (v > g.version) g.version = v;
          if (st.ctx.gameover && !g.over) {
            g.over = true;
            gamesFinished++;
            g.finish();
          }
          if (playing && mi < 2 && !g.over && st.ctx.currentPlayer === String(mi) && v === g.version) {
            if (!firstFor(g, v)) return;
            setTimeout(() => {
              if (stopping || g.over || g.version !== v) return;
              sent(g, v);
              if (measuring) moves++;
              c.moves.play("f5");
            }, think());
          }
        }),
      );
      c.start();
    });
    g.kick = () =>
      clients.forEach((c, mi) => {
        c._lastV = -1;
        subs[mi]?.(c.getState());
      });
    await Promise.race([done, waitStop()]);
    clients.forEach((c) => c.stop());
  }
}

let stopResolve;
let loopDelay = null;
const stopP = new Promise((r) => (stopResolve = r));
const waitStop = () => stopP;

process.on("message", (m) => {
  if (m.cmd === "play") {
    playing = true;
    for (const g of kicks) g.kick();
  }
  if (m.cmd === "go") {
    // A latency includes the wait of this process's own event loop: measured, so that a slow tail can be
    // told apart from the server's (1 ms resolution).
    loopDelay = monitorEventLoopDelay({ resolution: 1 });
    loopDelay.enable();
    measuring = true;
    moves = 0;
    acks = 0;
    lat.length = 0;
    sentAt.length = 0;
    cpu0 = process.cpuUsage();
    t0 = performance.now();
  }
  if (m.cmd === "stop") {
    measuring = false;
    const cpu = process.cpuUsage(cpu0);
    const wall = (performance.now() - t0) / 1000;
    loopDelay?.disable();
    stopping = true;
    stopResolve();
    process.send({
      cmd: "result",
      lat,
      sentAt,
      acks,
      moves,
      errors,
      gamesFinished,
      clientCpuSec: (cpu.user + cpu.system) / 1e6,
      // ms beyond the 1 ms sampling interval
      loopDelayP99Ms: loopDelay ? Math.max(0, loopDelay.percentile(99) / 1e6 - 1) : null,
      loopDelayMaxMs: loopDelay ? Math.max(0, loopDelay.max / 1e6 - 1) : null,
      wall,
    });
    setTimeout(() => {
      sockets.forEach((s) => s.close());
      process.exit(0);
    }, 300);
  }
});
let cpu0 = process.cpuUsage(),
  t0 = performance.now();

const runner = target === "arena" ? arenaGame : target === "echo" ? echoGame : bgioGame;
// bgio acks: count server-confirmed state updates as acks (the mover's own client sees the new state)
// ramp up in batches: a batch's sockets must be connected before the next batch starts
const BATCH = 25;
for (let i = 0; i < G; i += BATCH) {
  const batch = [];
  for (let j = i; j < Math.min(G, i + BATCH); j++) {
    let markReady;
    batch.push(new Promise((r) => (markReady = r)));
    runner(j, markReady).catch((e) => {
      err("game:" + e.message);
      markReady();
    });
  }
  await Promise.race([Promise.all(batch), new Promise((r) => setTimeout(r, 30000))]);
}
process.send({ cmd: "ready", sockets: sockets.length });
