#!/usr/bin/env node
// AI starvation, replayed (docs/reliability.md, "Fair play, round two"): one guest plays level 8 on a long
// clock (Othello 20+0), answering its AI at once so that the pool always has a level-8 search to run, while
// another guest plays `--games` level-1 AI games one after another. Each victim game times its AI's first
// answer: from the victim's move being acknowledged to the AI's move arriving. Prints p50/p99 of those, and
// whether any victim game was aborted.
//   node bench/server/src/ai-fairness.mjs [--games 20] [--port 4810] [--ai-threads N] [--warmup 8]
// A real server (the repo's build, in-memory store, AI_THREADS as the product defaults unless given).
import { io } from "socket.io-client";
import { loadEngine } from "./paths.mjs";
import { startServer } from "./server-process.mjs";
import { parseArgs, summarize } from "./stats.mjs";

const args = parseArgs(process.argv.slice(2));
const games = Number(args.games ?? 20);
const port = Number(args.port ?? 4810);
const warmupMs = Number(args.warmup ?? 8) * 1000;
const url = `http://127.0.0.1:${port}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const engine = await loadEngine();
const othello = engine.getGame("othello");

const { child: srv } = await startServer({
  name: "ai-fairness",
  port,
  limitMs: 600_000,
  env: {
    STORE: "memory",
    // The victim opens its 20 games faster than a person would (10 rooms a minute).
    QUOTAS: "roomsPerMinutePerUser=1000000",
    ...(args["ai-threads"] ? { AI_THREADS: args["ai-threads"] } : {}),
  },
});

const ack = (sock, event, payload) =>
  new Promise((r) =>
    sock.timeout(30_000).emit(event, payload, (e, a) => r(e ? { ok: false, code: "ack-timeout" } : a)),
  );

async function guest() {
  const sock = io(url, { transports: ["websocket"], reconnection: false });
  await new Promise((r) => sock.once("session:ready", r));
  return sock;
}

/**
 * One game of a person (seat 0, black, moves first) against the AI at `level`: the person plays the first
 * legal move as soon as it is their turn. `onAiMove(ms)`: how long each AI answer took after the person's
 * move was acknowledged. Resolves with the game's end event (or `stop()`'s resignation).
 */
function play(sock, level, baseMs, onAiMove, shouldStop) {
  return new Promise((resolve) => {
    let state = null;
    let version = 0;
    let matchId = null;
    let askedAt = null;
    const act = async () => {
      if (state === null || othello.toMove(state)[0] !== 0 || othello.forcedMove(state) !== null) return;
      const v = version;
      if (shouldStop()) {
        await ack(sock, "match:resign", { matchId, version: v });
        return;
      }
      const legal = othello.legalMoves(state);
      const answer = await ack(sock, "match:move", {
        matchId,
        version: v,
        move: othello.formatMove(state, legal[0]),
      });
      if (answer.ok) askedAt = performance.now();
    };
    sock.on("match:event", (msg) => {
      if (msg.matchId !== matchId || msg.version <= version) return;
      version = msg.version;
      const ev = msg.event;
      if (ev.type === "started") state = othello.deserialize(ev.state).value;
      else if (ev.type === "moved") {
        state = othello.apply(state, othello.parseMove(state, ev.move).value);
        if (ev.seat === 1 && askedAt !== null) {
          onAiMove(performance.now() - askedAt);
          askedAt = null;
        }
      } else if (ev.type === "ended" || ev.type === "aborted" || ev.type === "cancelled") {
        sock.off("match:event");
        resolve(ev);
        return;
      }
      void act();
    });
    void ack(sock, "room:create", {
      gameId: "othello",
      timeControl: { baseMs, incrementMs: 0 },
      seats: [{ kind: "open" }, { kind: "ai", level }],
      sit: 0,
      visibility: "link",
    }).then(async (created) => {
      if (!created.ok) throw new Error(`create: ${created.code} ${created.message}`);
      matchId = created.matchId;
      // The events are sent to the socket that sits; the snapshot catches up on any sent before the id was known.
      const watched = await ack(sock, "match:watch", { matchId });
      if (!watched.ok) throw new Error(`watch: ${watched.code}`);
      const snap = watched.snapshot;
      if (version < snap.version && snap.status === "live") {
        version = snap.version;
        state = othello.deserialize(snap.state).value;
        void act();
      }
    });
  });
}

// The attacker: level 8 on a 20-minute clock, game after game, until the victim is done.
let done = false;
const attackerAnswers = [];
const attacker = await guest();
const attacking = (async () => {
  while (!done)
    await play(
      attacker,
      8,
      1_200_000,
      (ms) => attackerAnswers.push(ms),
      () => done,
    );
})();
await sleep(warmupMs); // out of the opening book: its answers are searches now

const victim = await guest();
const answers = [];
const endings = {};
for (let g = 0; g < games; g++) {
  let first = true;
  const ended = await play(
    victim,
    1,
    600_000,
    (ms) => {
      if (first) answers.push(ms);
      first = false;
    },
    () => !first,
  );
  const key = ended.type === "ended" ? `ended:${ended.result?.reason}` : ended.type;
  endings[key] = (endings[key] ?? 0) + 1;
}
done = true;
await attacking;
const s = summarize(answers);
const a = summarize(attackerAnswers);
console.log(
  JSON.stringify(
    {
      victimLevel1FirstAnswerMs: {
        n: s.n,
        p50: +s.p50.toFixed(1),
        p99: +s.p99.toFixed(1),
        max: +s.max.toFixed(1),
      },
      victimEndings: endings,
      attackerLevel8AnswerMs: { n: a.n, p50: +a.p50.toFixed(0), max: +a.max.toFixed(0) },
    },
    null,
    2,
  ),
);
attacker.close();
victim.close();
process.exit(0);
