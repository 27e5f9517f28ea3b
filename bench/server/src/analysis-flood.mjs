#!/usr/bin/env node
// Analysis flood, replayed (docs/reliability.md, "Fair play, round two"): 10 guests behind one address send 3
// analysis-board requests each at once (their whole burst), then another user behind another address sends
// one. Prints how long the other user's analysis took, and how the flood's requests were answered.
//   node bench/server/src/analysis-flood.mjs [--guests 10] [--port 4820]
// A real server (the repo's build, in-memory store, TRUST_PROXY=1 so that X-Forwarded-For names the address).
import { io } from "socket.io-client";
import { loadEngine } from "./paths.mjs";
import { startServer } from "./server-process.mjs";
import { parseArgs } from "./stats.mjs";

const args = parseArgs(process.argv.slice(2));
const guests = Number(args.guests ?? 10);
const port = Number(args.port ?? 4820);
const url = `http://127.0.0.1:${port}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const { child: srv } = await startServer({
  name: "analysis-flood",
  port,
  limitMs: 300_000,
  env: {
    STORE: "memory",
    TRUST_PROXY: "1",
  },
});

async function token() {
  const sock = io(url, { transports: ["websocket"], reconnection: false });
  const session = await new Promise((r) => sock.once("session:ready", r));
  sock.close();
  return session.token;
}

// An Othello midgame position (16 plies of the last legal move): the analysis board's budget (2 s) is spent on it.
const othello = (await loadEngine()).getGame("othello");
let state = othello.initial({}, 1);
for (let ply = 0; ply < 16; ply++) {
  const moves = othello.legalMoves(state);
  state = othello.play(state, moves[moves.length - 1], othello.toMove(state)[0] ?? 0).value;
}
const position = othello.serialize(state);

async function ask(bearer, address) {
  const t = performance.now();
  const response = await fetch(`${url}/api/analysis/position`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${bearer}`,
      "content-type": "application/json",
      "x-forwarded-for": address,
    },
    body: JSON.stringify({ gameId: "othello", position }),
  });
  const body = await response.json();
  return {
    status: response.status,
    code: body.code,
    retryAfterMs: body.retryAfterMs,
    ms: performance.now() - t,
  };
}

const floodTokens = await Promise.all(Array.from({ length: guests }, token));
const otherToken = await token();
const alone = await ask(otherToken, "198.51.100.9");
await sleep(5_100); // the user's bucket refills one token every 5 s
const flood = floodTokens.flatMap((t) => [1, 2, 3].map(() => ask(t, "203.0.113.7")));
await sleep(50);
const other = await ask(otherToken, "198.51.100.9");
const answers = await Promise.all(flood);
const statuses = {};
for (const a of answers) {
  const key = `${a.status}${a.code ? " " + a.code : ""}`;
  statuses[key] = (statuses[key] ?? 0) + 1;
}
console.log(
  JSON.stringify(
    {
      otherAloneMs: Math.round(alone.ms),
      otherUnderFloodMs: Math.round(other.ms),
      otherStatus: other.status,
      flood: statuses,
      floodRefusalMs: Math.round(Math.max(...answers.filter((a) => a.status === 429).map((a) => a.ms))),
      retryAfterMs: answers.find((a) => a.status === 429)?.retryAfterMs,
    },
    null,
    2,
  ),
);
process.exit(0);
