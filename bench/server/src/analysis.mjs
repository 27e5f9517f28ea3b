// Post-game analysis figures (docs/benchmarks.md, "Post-game analysis"):
//  1. per game, a seeded random game analysed at the server's budget through a real `PiscinaPool`'s
//     analysis lanes, two positions at once as the server's job asks: wall time, positions exact, the
//     slowest position;
//  2. an AI seat's move latency through the real worker pool, idle and while a whole Othello game is
//     analysed in the pool's analysis lane.
//
//   node bench/server/src/analysis.mjs [--budget 250] [--moves 20]
import { parseArgs } from "node:util";
import { loadEngine, root } from "./paths.mjs";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const { values } = parseArgs({ options: { budget: { type: "string" }, moves: { type: "string" } } });
const budgetMs = Number(values.budget ?? 250);
const seatMoves = Number(values.moves ?? 20);
const engine = await loadEngine();
const { PiscinaPool, defaultAnalysisLanes } = await import(
  pathToFileURL(resolve(root, "apps/server/dist/ai/pool.js")).href
);

const GAMES = [
  ["othello", {}],
  ["connect-k", { preset: "connect-four" }],
  ["dice-of-doom", { players: 2, size: 4 }],
  ["krk", { distance: 16 }],
];

/** Every position of a game of seeded random moves (krk: the oracle's best moves, a 16-move mate). */
function positionsOf(gameId, options, seed) {
  const game = engine.getGame(gameId);
  const parsed = game.parseOptions(options);
  const random = new engine.Random(seed);
  let state = game.initial(parsed.value, seed);
  const positions = [state];
  while (game.legalMoves(state).length > 0 && positions.length < 200) {
    const legal = game.legalMoves(state);
    const move = gameId === "krk" ? engine.Krk.bestMoves(state)[0] : legal[random.int(legal.length)];
    state = game.apply(state, move);
    positions.push(state);
  }
  return positions.map((p) => game.serialize(p));
}

const lanes = new PiscinaPool({ maxThreads: 1, maxQueue: 64 });
const analyse = (gameId, state, seed) =>
  lanes.analyze({ gameId, state, budgetMs, seed }, new AbortController().signal).then((answer) => {
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value;
  });
// Warm-up: each lane loads the engine and decodes the weights on its first analysis.
await Promise.all(
  positionsOf("othello", {}, 3)
    .slice(40, 44)
    .map((state, i) => analyse("othello", state, i + 1)),
);
console.log(
  `## Whole games analysed at ${budgetMs} ms a position, ${defaultAnalysisLanes()} lanes, two positions at once (Node ${process.version})`,
);
console.log("game          positions  exact  wall s  mean ms  max ms");
for (const [gameId, options] of GAMES) {
  const positions = positionsOf(gameId, options, 7);
  let exact = 0;
  let slowest = 0;
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    while (next < positions.length) {
      const i = next++;
      const t0 = performance.now();
      const answer = await analyse(gameId, positions[i], i + 1);
      slowest = Math.max(slowest, performance.now() - t0);
      if (answer.exact) exact++;
    }
  };
  await Promise.all([lane(), lane()]);
  const wall = (performance.now() - started) / 1000;
  console.log(
    `${gameId.padEnd(13)} ${String(positions.length).padStart(9)} ${String(exact).padStart(6)} ${wall.toFixed(1).padStart(7)} ${((wall * 1000) / positions.length).toFixed(0).padStart(8)} ${slowest.toFixed(0).padStart(7)}`,
  );
}
await lanes.close();

console.log(
  `\n## An AI seat's move through the pool (1 seat thread + the analysis lanes), ${seatMoves} level-6 Othello moves (5 plies, fixed depth)`,
);
// Midgame positions of another seeded game, past the opening book: the same ones idle and busy.
const seatPositions = positionsOf("othello", {}, 11).slice(20, 20 + seatMoves);
const pool = new PiscinaPool({ maxThreads: 1, maxQueue: 64 });
async function seatLatencies() {
  const times = [];
  for (const [i, state] of seatPositions.entries()) {
    const t0 = performance.now();
    const answer = await pool.choose(
      { gameId: "othello", state, level: 6, remainingMs: 20_000, incrementMs: 0, seed: i + 1 },
      new AbortController().signal,
    );
    if (!answer.ok) throw new Error(answer.error.message);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)],
    max: times.at(-1),
    total: times.reduce((a, b) => a + b, 0),
  };
}
// Warm-up: both threads load the engine and build what it builds on first use, for moves and analyses
// alike. Piscina gives a task to whichever thread is idle, so a cold thread's first task of a kind pays for
// it (a level-6 move: 300–900 ms here); rounds of moves during analyses, and the reverse, warm both.
for (let round = 0; round < 4; round++) {
  const analyses = (async () => {
    for (const [i, state] of seatPositions.slice(0, 4).entries()) {
      await pool.analyze({ gameId: "othello", state, budgetMs, seed: i + 1 }, new AbortController().signal);
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, round * 30));
  await Promise.all([seatLatencies(), analyses]);
}
const idle = await seatLatencies();
const game = positionsOf("othello", {}, 7);
let analysing = true;
const job = (async () => {
  for (const [i, state] of game.entries()) {
    if (!analysing) break;
    await pool.analyze({ gameId: "othello", state, budgetMs, seed: i + 1 }, new AbortController().signal);
  }
})();
const busy = await seatLatencies();
analysing = false;
await job;
await pool.close();
const line = (r) =>
  `median ${r.median.toFixed(0)} ms, max ${r.max.toFixed(0)} ms, all ${(r.total / 1000).toFixed(1)} s`;
console.log(`idle:               ${line(idle)}`);
console.log(`during an analysis: ${line(busy)}`);
