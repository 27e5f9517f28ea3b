import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AiRequest } from "@arena/engine/ai/choose-move";
import { moveCeilingMs } from "@arena/engine/ai/move-ceiling";
import { type Json, getGame } from "@arena/engine";
import { afterAll, describe, expect, it } from "vitest";
import { aiShare, PiscinaPool } from "./pool.js";

const othello = getGame("othello");
const request: AiRequest = {
  gameId: "othello",
  state: othello.serialize(othello.initial({}, 1)),
  level: 1,
  remainingMs: 60_000,
  incrementMs: 0,
  seed: 7,
};

// A stand-in worker that misbehaves on demand: it hangs on seed 1 and crashes on seed 2.
const dir = mkdtempSync(join(tmpdir(), "arena-pool-"));
const badWorker = join(dir, "bad-worker.mjs");
writeFileSync(
  badWorker,
  `export default function (request) {
    if (request.seed === 1) { const end = Date.now() + 60000; while (Date.now() < end) {} }
    if (request.seed === 2) throw new Error("worker crashed");
    return { ok: true, value: { move: "f5", depth: 0, nodes: 1, value: 0 } };
  }\n`,
);

// A stand-in worker that reports what the pool stamped on the request.
const echoWorker = join(dir, "echo-worker.mjs");
writeFileSync(
  echoWorker,
  `export default function (request) {
    const waited = performance.timeOrigin + performance.now() - request.queuedAt;
    return { ok: true, value: { move: "f5", depth: Math.round(waited), nodes: 1, value: request.share } };
  }\n`,
);

// A stand-in engine that thinks for `seed` ms of CPU and reports the share of the threads it was given.
const slowWorker = join(dir, "slow-worker.mjs");
writeFileSync(
  slowWorker,
  `export default function (request) {
    const end = Date.now() + request.seed; while (Date.now() < end) {}
    return { ok: true, value: { move: "f5", depth: 0, nodes: 1, value: request.share } };
  }\n`,
);

// A stand-in worker whose searches and analyses take as long as they are told (seed / budgetMs).
const sleepyWorker = join(dir, "sleepy-worker.mjs");
writeFileSync(
  sleepyWorker,
  `const sleep = (ms) => { const end = Date.now() + ms; while (Date.now() < end) {} };
  export default function (request) {
    sleep(request.seed);
    return { ok: true, value: { move: "f5", depth: 0, nodes: 1, value: 0 } };
  }
  export function analyze(request) {
    sleep(request.budgetMs);
    return { ok: true, value: { seat: 0, values: [request.seed], bestMoveText: null, pvText: [] } };
  }\n`,
);

// A stand-in analysis that counts the analyses inside the worker (state[0]) and keeps the most ever inside
// at once (state[1]); it waits up to budgetMs for that most to reach two, and answers it.
const meetingWorker = join(dir, "meeting-worker.mjs");
writeFileSync(
  meetingWorker,
  `export default function () {}
  export function analyze(request) {
    const met = request.state;
    const inside = Atomics.add(met, 0, 1) + 1;
    let most = Atomics.load(met, 1);
    while (inside > most && Atomics.compareExchange(met, 1, most, inside) !== most) most = Atomics.load(met, 1);
    const end = Date.now() + request.budgetMs;
    while (Atomics.load(met, 1) < 2 && Date.now() < end) Atomics.wait(met, 2, 0, 5);
    Atomics.sub(met, 0, 1);
    return { ok: true, value: { seat: 0, values: [Atomics.load(met, 1)], bestMoveText: null, pvText: [] } };
  }\n`,
);

// A stand-in engine that thinks for `seed` ms unless its stop flag is raised first; `value` 1: it was stopped.
const stoppableWorker = join(dir, "stoppable-worker.mjs");
writeFileSync(
  stoppableWorker,
  `export default function (request) {
    const end = Date.now() + request.seed;
    let stopped = 0;
    while (Date.now() < end) if (request.stop && Atomics.load(request.stop, 0) !== 0) { stopped = 1; break; }
    return { ok: true, value: { move: "f5", depth: 0, nodes: 1, value: stopped } };
  }\n`,
);

describe("PiscinaPool", () => {
  const pools: PiscinaPool[] = [];
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
  });

  it("runs the engine's compiled worker", async () => {
    const pool = new PiscinaPool({ maxThreads: 1, maxQueue: 4 });
    pools.push(pool);
    const answer = await pool.choose(request, new AbortController().signal);
    expect(answer.ok && ["d3", "c4", "f5", "e6"]).toContain(answer.ok ? answer.value.move : "");
  });

  it("serves the seat whose flag falls first, stamping when it was queued and its share of the threads", async () => {
    const pool = new PiscinaPool({ maxThreads: 1, maxQueue: 8 }, echoWorker);
    pools.push(pool);
    const signal = new AbortController().signal;
    const order: number[] = [];
    const ask = (remainingMs: number) =>
      pool.choose({ ...request, remainingMs }, signal).then((answer) => {
        order.push(remainingMs);
        return answer;
      });
    // the first starts at once; of the two that wait, the one with 5 s left goes before the one with 60 s
    const answers = await Promise.all([ask(100_000), ask(60_000), ask(5_000)]);
    expect(order).toEqual([100_000, 5_000, 60_000]);
    // shares when each started: 100 s alone; 5 s one of two in flight (60 s still waiting); 60 s alone
    expect(answers.map((answer) => (answer.ok ? answer.value.value : null))).toEqual([1, 1, 1 / 2]);
    for (const answer of answers) {
      // the wait is measured across threads on one time base: never negative, never absurd
      expect(answer.ok && answer.value.depth >= 0 && answer.value.depth < 10_000).toBe(true);
    }
    expect(aiShare(2, 1)).toBe(1);
    expect(aiShare(2, 8)).toBe(1 / 4);
  });

  it("takes turns between owners: one user's flood of AI games delays only that user", async () => {
    const pool = new PiscinaPool({ maxThreads: 1, maxQueue: 64 }, slowWorker);
    pools.push(pool);
    const signal = new AbortController().signal;
    const order: string[] = [];
    const ask = (owner: string, remainingMs: number) =>
      pool.choose({ ...request, seed: 20, remainingMs }, signal, owner).then((answer) => {
        order.push(owner);
        return answer;
      });
    // One user's 30 AI games all ask at once, every one with less time left than the other user's seat.
    const flood = Array.from({ length: 30 }, () => ask("flooder", 60_000));
    const other = await ask("other", 300_000);
    // The other user's opponent waited for the one search already running, not for the flood: in
    // earliest-deadline order alone it came last, after 30 searches.
    expect(order).toEqual(["flooder", "other"]);
    // And it thinks as if the pool were shared by two users, not 31 searches (its share: 1/2, not 1/31).
    expect(other.ok && other.value.value).toBe(1 / 2);
    const answers = await Promise.all(flood);
    expect(order).toHaveLength(31);
    // The flood's first search started alone (share 1); its next, once the other user's was answered,
    // shared the pool with the 28 still waiting behind it.
    expect(answers.slice(0, 2).map((answer) => (answer.ok ? answer.value.value : null))).toEqual([1, 1 / 29]);
    expect(aiShare(1, 1, 2)).toBe(1 / 2);
    expect(aiShare(2, 4, 2)).toBe(1 / 4);
  });

  it("refuses beyond the queue's length unless the newcomer's flag falls sooner, and drops a cancelled search", async () => {
    const pool = new PiscinaPool({ maxThreads: 1, maxQueue: 1 }, badWorker);
    pools.push(pool);
    const hang = new AbortController();
    const running = pool.choose({ ...request, seed: 1 }, hang.signal);
    const cancel = new AbortController();
    const waiting = pool.choose({ ...request, seed: 3 }, cancel.signal);
    expect(await pool.choose({ ...request, seed: 3 }, new AbortController().signal)).toMatchObject({
      ok: false,
      error: { code: "busy" },
    });
    expect(pool.queueDepth()).toBe(1);
    // a seat with less time takes the place of the one that can best afford to ask again
    const urgent = pool.choose({ ...request, seed: 3, remainingMs: 5_000 }, cancel.signal);
    expect(await waiting).toMatchObject({ ok: false, error: { code: "busy" } });
    expect(pool.queueDepth()).toBe(1);
    cancel.abort();
    expect(await urgent).toMatchObject({ ok: false, error: { code: "aborted" } });
    expect(pool.queueDepth()).toBe(0);
    hang.abort();
    expect(await running).toMatchObject({ ok: false, error: { code: "aborted" } });
  });

  it("makes room in a full queue at the expense of the owner waiting most, not of another user", async () => {
    const pool = new PiscinaPool({ maxThreads: 1, maxQueue: 3 }, badWorker);
    pools.push(pool);
    const hang = new AbortController();
    const running = pool.choose({ ...request, seed: 1 }, hang.signal, "flooder");
    const signal = new AbortController().signal;
    const flood = [
      pool.choose({ ...request, seed: 3, remainingMs: 1_000 }, signal, "flooder"),
      pool.choose({ ...request, seed: 3, remainingMs: 2_000 }, signal, "flooder"),
      pool.choose({ ...request, seed: 3, remainingMs: 3_000 }, signal, "flooder"),
    ];
    // Full; the newcomer's flag falls last of all, but its owner waits for nothing yet.
    const other = pool.choose({ ...request, seed: 3, remainingMs: 600_000 }, signal, "other");
    expect(await flood[2]).toMatchObject({ ok: false, error: { code: "busy" } });
    expect(pool.queueDepth()).toBe(3);
    hang.abort();
    expect(await running).toMatchObject({ ok: false, error: { code: "aborted" } });
    expect(await other).toMatchObject({ ok: true });
    expect(await Promise.all(flood.slice(0, 2))).toMatchObject([{ ok: true }, { ok: true }]);
  });

  it("stops one user's long search once its slice is over when another user's request waits", async () => {
    const pool = new PiscinaPool({ maxThreads: 1, maxQueue: 8, sliceMs: 50 }, stoppableWorker);
    pools.push(pool);
    const signal = new AbortController().signal;
    const order: string[] = [];
    const ask = (owner: string, seed: number) =>
      pool.choose({ ...request, seed }, signal, owner).then((answer) => {
        order.push(owner);
        return answer;
      });
    // A thinks for a minute (a level 8 on a long clock); B's short request comes in behind it.
    const long = ask("attacker", 60_000);
    await new Promise((resolve) => setImmediate(resolve));
    const short = ask("victim", 0);
    // A was told to answer with what it had; B took the thread next. On a pool that never interrupts a
    // search, B waits the whole minute behind A, and this test times out.
    expect(await long).toMatchObject({ ok: true, value: { value: 1 } });
    expect(await short).toMatchObject({ ok: true, value: { value: 0 } });
    expect(order).toEqual(["attacker", "victim"]);
  });

  it("never stops a search for its owner's own waiting requests: they take turns within its turn", async () => {
    const pool = new PiscinaPool({ maxThreads: 1, maxQueue: 8, sliceMs: 0 }, stoppableWorker);
    pools.push(pool);
    const signal = new AbortController().signal;
    const answers = await Promise.all([
      pool.choose({ ...request, seed: 200 }, signal, "one"),
      pool.choose({ ...request, seed: 0 }, signal, "one"),
    ]);
    expect(answers.map((answer) => (answer.ok ? answer.value.value : null))).toEqual([0, 0]);
  });

  it("stops the real engine's level 8 on a 20-minute clock for another user's level 1", async () => {
    const pool = new PiscinaPool({ maxThreads: 1, maxQueue: 8 });
    pools.push(pool);
    const signal = new AbortController().signal;
    const order: string[] = [];
    const long = { ...request, level: 8, remainingMs: 1_200_000 };
    // Level 8 plays from its book at the start; the engine's own midgame position (16 plies in) is searched.
    let state = othello.initial({}, 1);
    for (let ply = 0; ply < 16; ply++) {
      const moves = othello.legalMoves(state);
      const played = othello.play(state, moves[moves.length - 1] ?? 0, othello.toMove(state)[0] ?? 0);
      if (!played.ok) throw new Error(played.error.message);
      state = played.value;
    }
    const attacker = pool
      .choose({ ...long, state: othello.serialize(state) }, signal, "attacker")
      .then((answer) => order.push(answer.ok ? "attacker" : "attacker failed"));
    await new Promise((resolve) => setImmediate(resolve));
    const asked = performance.now();
    const victim = pool.choose(request, signal, "victim").then((answer) => {
      order.push(answer.ok ? "victim" : "victim failed");
      return performance.now() - asked;
    });
    // The attacker was stopped after its slice (150 ms) and answered with its best move so far; then the
    // victim. Unstopped, the attacker thinks its whole ceiling (4 s) first: the victim's wait cannot be
    // shorter than that, so this bound cannot pass on a pool that never interrupts a search.
    const [, waited] = await Promise.all([attacker, victim]);
    expect(order).toEqual(["attacker", "victim"]);
    expect(waited).toBeLessThan(moveCeilingMs(8));
  });

  it("analyses in the engine's compiled worker", async () => {
    const pool = new PiscinaPool({ maxThreads: 1, maxQueue: 4 });
    pools.push(pool);
    const answer = await pool.analyze(
      { gameId: "othello", state: request.state, budgetMs: 50, seed: 1 },
      new AbortController().signal,
    );
    expect(answer.ok && answer.value.unit).toBe("discs");
    expect(answer.ok && ["d3", "c4", "f5", "e6"].includes(answer.value.bestMoveText ?? "")).toBe(true);
  });

  it("never makes a seat's move wait behind an analysis: analyses have a lane of their own", async () => {
    const pool = new PiscinaPool({ maxThreads: 1, maxQueue: 4, analysisLanes: 1 }, sleepyWorker);
    pools.push(pool);
    const signal = new AbortController().signal;
    const order: string[] = [];
    const analyses = [1, 2, 3].map((seed) =>
      pool
        .analyze({ gameId: "othello", state: null, budgetMs: 400, seed }, signal)
        .then(() => order.push(`a${seed}`)),
    );
    // The first analysis is running and two wait; the seat's search starts at once on its own thread.
    const move = pool.choose({ ...request, seed: 0 }, signal).then(() => order.push("move"));
    await Promise.all([...analyses, move]);
    expect(order).toEqual(["move", "a1", "a2", "a3"]);
  });

  it("takes turns between the owners of analyses: one address's queue never runs ahead of another's", async () => {
    const pool = new PiscinaPool({ maxThreads: 1, maxQueue: 4, analysisLanes: 1 }, sleepyWorker);
    pools.push(pool);
    const signal = new AbortController().signal;
    const order: string[] = [];
    const analyse = (owner: string, seed: number) =>
      pool
        .analyze({ gameId: "othello", state: null, budgetMs: 100, seed }, signal, owner)
        .then(() => order.push(`${owner}${seed}`));
    // Address a queues three, then b one: b's goes second, not fourth (first come, first served).
    const all = [analyse("a", 1), analyse("a", 2), analyse("a", 3), analyse("b", 1)];
    await Promise.all(all);
    expect(order).toEqual(["a1", "b1", "a2", "a3"]);
  });

  it("runs as many analyses at once as it has lanes, and no more", async () => {
    const pool = new PiscinaPool({ maxThreads: 1, maxQueue: 4, analysisLanes: 2 }, meetingWorker);
    pools.push(pool);
    const signal = new AbortController().signal;
    const met = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
    // The first two wait (up to 10 s) to be inside together; the third does not wait, and runs once a lane
    // is free.
    const [first, second, third] = await Promise.all(
      [10_000, 10_000, 0].map((budgetMs, seed) =>
        // The stand-in reads its counters from `state`, which the worker receives as shared memory.
        pool.analyze({ gameId: "othello", state: met as unknown as Json, budgetMs, seed }, signal),
      ),
    );
    expect([first, second].map((answer) => answer?.ok && answer.value.values[0])).toEqual([2, 2]);
    expect(third?.ok).toBe(true);
    // Never three inside at once: with unbounded lanes the third would have come in beside the two waiting.
    expect(Atomics.load(met, 1)).toBe(2);
  });

  it("starts no analysis while a seat's request waits for a thread", async () => {
    const pool = new PiscinaPool({ maxThreads: 1, maxQueue: 4 }, sleepyWorker);
    pools.push(pool);
    const signal = new AbortController().signal;
    const order: string[] = [];
    const first = pool.choose({ ...request, seed: 300 }, signal).then(() => order.push("first"));
    const second = pool.choose({ ...request, seed: 300 }, signal).then(() => order.push("second"));
    const analysis = pool
      .analyze({ gameId: "othello", state: null, budgetMs: 0, seed: 1 }, signal)
      .then(() => order.push("analysis"));
    await Promise.all([first, second, analysis]);
    // Held back while "second" waited; started (and, being short, done) once "second" had the thread.
    expect(order).toEqual(["first", "analysis", "second"]);
  });

  it("cancels a search that outlives its time and replaces a crashed worker", async () => {
    const pool = new PiscinaPool({ maxThreads: 1, maxQueue: 4 }, badWorker);
    pools.push(pool);
    const controller = new AbortController();
    const hung = pool.choose({ ...request, seed: 1 }, controller.signal);
    setTimeout(() => controller.abort(), 100);
    expect(await hung).toMatchObject({ ok: false, error: { code: "aborted" } });
    expect(await pool.choose({ ...request, seed: 2 }, new AbortController().signal)).toMatchObject({
      ok: false,
      error: { code: "failed" },
    });
    expect(await pool.choose({ ...request, seed: 3 }, new AbortController().signal)).toMatchObject({
      ok: true,
      value: { move: "f5" },
    });
  });
});
