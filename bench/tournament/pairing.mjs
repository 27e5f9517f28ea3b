#!/usr/bin/env node
// Pairing time for issue 29's sizes: a swiss round of 500 players (after five rounds of random results)
// and an arena wave of 500 waiting players. Build first: npx turbo run build --filter=@arena/tournament
//   node bench/tournament/pairing.mjs [--players 500] [--runs 7] [--out FILE]
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { recordResult, resultFolder } from "../results.mjs";
import {
  arenaWaiting,
  entrantId,
  foldTournament,
  pairArenaWave,
  pairSwiss,
  swissPlayers,
} from "../../packages/tournament/dist/index.js";

const { values } = parseArgs({
  options: {
    players: { type: "string", default: "500" },
    runs: { type: "string", default: "7" },
    out: { type: "string" },
  },
});
const players = Number(values.players);
const runs = Number(values.runs);

/** mulberry32: the same random results on every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const next = random(29);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function time(fn) {
  const ms = [];
  let result;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    result = fn();
    ms.push(performance.now() - start);
  }
  return { result, medianMs: median(ms), minMs: Math.min(...ms), maxMs: Math.max(...ms) };
}

/** A log of `rounds` played with random Othello results, each round paired by `pair`. */
function playedLog(format, rounds, pair) {
  const events = [
    {
      type: "created",
      at: 0,
      settings: { gameId: "othello", format, timeControl: { baseMs: 60_000, incrementMs: 0 } },
    },
  ];
  for (let i = 0; i < players; i++) {
    events.push({
      type: "joined",
      at: i + 1,
      entrant: entrantId(`p${i}`),
      name: `p${i}`,
      kind: "human",
      rating: 1000 + Math.floor(next() * 1200),
    });
  }
  for (let round = 1; round <= rounds; round++) {
    const pairings = pair(foldTournament(events));
    events.push({ type: "round-started", at: 10_000 * round, pairings });
    pairings.forEach((p, board) => {
      if (p.kind !== "game") return;
      const r = next();
      const winner = r < 0.45 ? 0 : r < 0.92 ? 1 : null;
      const black = 20 + Math.floor(next() * 25);
      const discs =
        winner === null ? [32, 32] : winner === 0 ? [black + 20, 44 - black] : [44 - black, black + 20];
      events.push({
        type: "game-finished",
        at: 10_000 * round + board,
        round,
        board,
        result: { ending: "normal", winner, discs, plies: 60 },
      });
    });
  }
  return foldTournament(events);
}

const swissState = playedLog("swiss", 5, (state) => {
  const paired = pairSwiss(swissPlayers(state));
  if (!paired.ok) throw new Error("no valid swiss pairing");
  return paired.pairings;
});
const swissInput = swissPlayers(swissState);
const swiss = time(() => pairSwiss(swissInput));

const arenaState = playedLog("arena", 3, (state) => {
  const pool = state.entrants.map((e) => ({ id: e.id, since: 0 }));
  return pairArenaWave(arenaWaiting(state, pool), players).pairings;
});
const pool = arenaWaiting(
  arenaState,
  arenaState.entrants.map((e, i) => ({ id: e.id, since: i })),
);
const arena = time(() => pairArenaWave(pool, players));

const report = {
  node: process.version,
  players,
  runs,
  swiss: {
    round: 6,
    medianMs: +swiss.medianMs.toFixed(1),
    minMs: +swiss.minMs.toFixed(1),
    maxMs: +swiss.maxMs.toFixed(1),
    colourRule: swiss.result.ok ? swiss.result.colourRule : null,
    boards: swiss.result.ok ? swiss.result.pairings.length : 0,
  },
  arena: {
    wave: pool.length,
    medianMs: +arena.medianMs.toFixed(1),
    minMs: +arena.minMs.toFixed(1),
    maxMs: +arena.maxMs.toFixed(1),
    boards: arena.result.pairings.length,
    unpaired: arena.result.unpaired.length,
  },
};
console.log(JSON.stringify(report, null, 2));
if (values.out) {
  const file =
    values.out === "results" ? join(resultFolder("tournament-pairing"), "pairing.json") : values.out;
  writeFileSync(file, JSON.stringify(report, null, 2) + "\n");
  recordResult(file);
}
