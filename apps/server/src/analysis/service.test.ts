import { ANALYSIS_UNITS, type AnalysisRequest } from "@arena/engine";
import { KrkAi } from "@arena/engine";
import { fold } from "@arena/match";
import { ANALYSIS_UNIT_NAMES, type AnalysisStatus, type MatchId, asMatchId, asUserId } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { type AiPool, InlinePool } from "../ai/pool.js";
import { MemoryQuotaStore } from "../store/memory/quotas.js";
import { MemoryStore } from "../store/memory/matches.js";
import { writeMatch } from "../test-support/finished-match.js";
import { JobClaims } from "./claims.js";
import { AnalysisService, type AnalysisServiceOptions } from "./service.js";

const ann = asUserId("u_ann");
const ben = asUserId("u_ben");

// White mates with Ra8 at once; the game below plays Rb1 first, which puts the mate off by one move.
const KRK_MATE_IN_ONE = { fen: "7k/8/6K1/8/8/8/8/R7 w - - 0 1" };
const KRK_GAME = ["Rb1", "Kg8", "Rb8#"];
// Connect-k's 3×3 toy, in which the first player wins by taking the centre column.
const TINY = { preset: "tiny" };
const TINY_GAME = ["1", "2", "1", "2", "1"];

/** The real engine on this thread, counting the positions it is asked about. */
function countingPool(): { pool: Pick<AiPool, "analyze">; requests: AnalysisRequest[] } {
  const inline = new InlinePool();
  const requests: AnalysisRequest[] = [];
  return {
    requests,
    pool: {
      analyze: (request, signal) => {
        requests.push(request);
        return inline.analyze(request, signal);
      },
    },
  };
}

function service(
  store: MemoryStore,
  ai: Pick<AiPool, "analyze">,
  extra: Partial<AnalysisServiceOptions> = {},
) {
  return new AnalysisService({
    store,
    ai,
    loadMatch: async (matchId: MatchId) => {
      const log = await store.read(matchId, 0);
      return log === null ? null : fold(matchId, log);
    },
    now: () => 5_000,
    claims: new JobClaims(new MemoryQuotaStore(), "process-a", () => 5_000),
    push: () => undefined,
    positionBudgetMs: 50,
    boardBudgetMs: 100,
    boardRate: { burst: 2, perSecond: 0.001 },
    ...extra,
  });
}

/** What a service pushed, and a wait for the push that ends its job. */
function pushes() {
  const seen: { matchId: MatchId; status: AnalysisStatus; askers: readonly string[] }[] = [];
  let ended: (status: AnalysisStatus) => void = () => undefined;
  const end = new Promise<AnalysisStatus>((resolve) => (ended = resolve));
  const push = (matchId: MatchId, status: AnalysisStatus, askers: readonly string[]) => {
    seen.push({ matchId, status, askers });
    if (status.state !== "running") ended(status);
  };
  return { seen, push, end };
}

async function finished(analysis: AnalysisService, matchId: MatchId, user = ann) {
  const started = await analysis.start(matchId, user);
  if (!started.ok) throw new Error(started.code);
  for (;;) {
    const status = await analysis.status(matchId);
    if (status.ok && status.value.state === "done") return status.value.analysis;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("AnalysisService", () => {
  it("speaks the engine's units", () => {
    expect([...ANALYSIS_UNIT_NAMES]).toEqual([...ANALYSIS_UNITS]);
  });

  it("marks each KRK move by the moves it put the mate off, and shows the best move", async () => {
    const store = new MemoryStore();
    const id = asMatchId("m_krk");
    await writeMatch(store, id, "krk", KRK_MATE_IN_ONE, KRK_GAME);
    const analysis = await finished(service(store, countingPool().pool), id);
    expect(analysis.positions).toHaveLength(4);
    expect(analysis.moves).toEqual([
      { seat: 0, move: "Rb1", loss: 1, exact: true, bestMoveText: "Ra8#" },
      { seat: 1, move: "Kg8", loss: 0, exact: true, bestMoveText: "Kg8" },
      { seat: 0, move: "Rb8#", loss: 0, exact: true, bestMoveText: "Rb8#" },
    ]);
    // White's distance to mate per position: 1, then 2 after the slip, 1, mated.
    expect(analysis.positions.map((p) => p.outcome?.moves)).toEqual([1, 1, 1, 0]);
    expect(analysis.positions[0]?.values[0]).toBe(KrkAi.KRK_MATE_SCORE - 1);
    expect(analysis.positions[1]?.values[0]).toBe(KrkAi.KRK_MATE_SCORE - 2);
  });

  it("measures Connect-k moves by Pons's exact score", async () => {
    const store = new MemoryStore();
    const id = asMatchId("m_tiny");
    await writeMatch(store, id, "connect-k", TINY, TINY_GAME);
    const analysis = await finished(service(store, countingPool().pool, { positionBudgetMs: 500 }), id);
    expect(analysis.positions.every((p) => p.unit === "outcome-score" && p.exact)).toBe(true);
    expect(analysis.moves).toHaveLength(TINY_GAME.length);
    for (const [i, move] of analysis.moves.entries()) {
      const before = analysis.positions[i];
      const after = analysis.positions[i + 1];
      if (before === undefined || after === undefined) throw new Error("a position is missing");
      const mover = before.seat;
      expect(move.loss).toBe(
        move.move === before.bestMoveText
          ? 0
          : Math.max(0, (before.values[mover] ?? 0) - (after.values[mover] ?? 0)),
      );
    }
    // The last position is the finished game: exact, nobody to move next, no best move.
    expect(analysis.positions.at(-1)).toMatchObject({ exact: true, bestMove: null });
  });

  it("analyses each position once, shares one job between requests and returns the kept result", async () => {
    const store = new MemoryStore();
    const id = asMatchId("m_shared");
    await writeMatch(store, id, "krk", KRK_MATE_IN_ONE, KRK_GAME);
    const { pool, requests } = countingPool();
    const analysis = service(store, pool);
    const [first, second] = await Promise.all([analysis.start(id, ann), analysis.start(id, ben)]);
    expect(first).toEqual({ ok: true, value: { ok: true, state: "running", done: 0, total: 4 } });
    expect(second).toEqual(first);
    const done = await finished(analysis, id);
    expect(requests).toHaveLength(4);
    expect(requests.map((r) => r.seed)).toEqual([1, 2, 3, 4]);
    // Kept by the store: another request (or another service on the same store) is answered at once.
    expect(await store.getAnalysis(id)).toEqual(done);
    const again = await service(store, pool).start(id, ben);
    expect(again).toEqual({ ok: true, value: { ok: true, state: "done", analysis: done } });
    expect(requests).toHaveLength(4);
  });

  it("lets a user run one job at a time and refuses unknown, unfinished and unstarted matches", async () => {
    const store = new MemoryStore();
    const [a, b, c, live] = [asMatchId("m_a"), asMatchId("m_b"), asMatchId("m_c"), asMatchId("m_live")];
    await writeMatch(store, a, "krk", KRK_MATE_IN_ONE, KRK_GAME);
    await writeMatch(store, c, "krk", KRK_MATE_IN_ONE, KRK_GAME);
    await writeMatch(store, b, "krk", KRK_MATE_IN_ONE, KRK_GAME);
    await writeMatch(store, live, "krk", KRK_MATE_IN_ONE, ["Rb1"], false);
    const analysis = service(store, countingPool().pool);
    expect(await analysis.status(a)).toEqual({ ok: true, value: { ok: true, state: "none" } });
    expect(await analysis.status(asMatchId("m_none"))).toMatchObject({
      ok: false,
      code: "not-found",
      status: 404,
    });
    expect(await analysis.start(live, ann)).toMatchObject({ ok: false, code: "not-finished", status: 409 });
    expect(await analysis.start(asMatchId("m_none"), ann)).toMatchObject({ ok: false, code: "not-found" });
    expect((await analysis.start(a, ann)).ok).toBe(true);
    expect(await analysis.start(b, ann)).toMatchObject({ ok: false, code: "busy", status: 429 });
    expect(await analysis.start(b, ann)).toHaveProperty("retryAfterMs");
    // Another user behind the same address: the address's one job is running (the lane's share).
    expect(await analysis.start(b, ben, "203.0.113.7")).toMatchObject({ ok: true });
    expect(await analysis.start(c, asUserId("u_cat"), "203.0.113.7")).toMatchObject({
      ok: false,
      code: "rate-limited",
      status: 429,
      retryAfterMs: 4 * 50,
    });
    await finished(analysis, b);
    expect((await analysis.start(b, ben)).ok).toBe(true);
    await finished(analysis, a);
    // Ann's job is over: she may start another.
    expect((await analysis.start(b, ann)).ok).toBe(true);
    await finished(analysis, b);
  });

  it("analyses a position of the analysis board, refusing illegal ones and a flood", async () => {
    const store = new MemoryStore();
    const analysis = service(store, countingPool().pool);
    const position = { v: 1, game: "krk", options: KRK_MATE_IN_ONE, start: KRK_MATE_IN_ONE.fen, moves: "" };
    const answer = await analysis.analysePosition(ann, "krk", position);
    expect(answer).toMatchObject({
      ok: true,
      value: { bestMoveText: "Ra8#", pvText: ["Ra8#"], exact: true },
    });
    const bad = await analysis.analysePosition(ann, "krk", { ...position, moves: "h1h8" });
    expect(bad).toMatchObject({ ok: false, code: "invalid-state", status: 400 });
    expect(await analysis.analysePosition(ann, "krk", position)).toMatchObject({ code: "rate-limited" });
    expect(await analysis.analysePosition(ann, "chess", position)).toMatchObject({ code: "not-found" });
  });
});

describe("AnalysisService pushes progress and runs one job per match", () => {
  it("pushes the start, each position and the result: a client asks once, then only listens", async () => {
    const store = new MemoryStore();
    const id = asMatchId("m_pushed");
    await writeMatch(store, id, "krk", KRK_MATE_IN_ONE, KRK_GAME);
    const { seen, push, end } = pushes();
    const analysis = service(store, countingPool().pool, { push });
    expect(await analysis.start(id, ann)).toMatchObject({ ok: true, value: { state: "running", total: 4 } });
    const last = await end;
    expect(last.state).toBe("done");
    expect(seen.map(({ matchId }) => matchId).every((matchId) => matchId === id)).toBe(true);
    expect(seen.map(({ status }) => (status.state === "running" ? status.done : status.state))).toEqual([
      0,
      1,
      2,
      3,
      "done",
    ]);
    expect(last).toEqual({ ok: true, state: "done", analysis: await store.getAnalysis(id) });
  });

  it("runs one job for two processes sharing the claims, the other answering with the holder's progress", async () => {
    const store = new MemoryStore();
    const id = asMatchId("m_two");
    await writeMatch(store, id, "krk", KRK_MATE_IN_ONE, KRK_GAME);
    const shared = new MemoryQuotaStore();
    const { pool, requests } = countingPool();
    const a = pushes();
    const b = pushes();
    const first = service(store, pool, { push: a.push, claims: new JobClaims(shared, "a", () => 5_000) });
    const second = service(store, pool, { push: b.push, claims: new JobClaims(shared, "b", () => 5_000) });
    const [fromA, fromB] = await Promise.all([first.start(id, ann), second.start(id, ben)]);
    expect(fromA).toMatchObject({ ok: true, value: { state: "running", total: 4 } });
    expect(fromB).toMatchObject({ ok: true, value: { state: "running", total: 4 } });
    // Only the holder pushes (the app sends its pushes to every process's sockets); both answer the same end.
    expect((await Promise.race([a.end, b.end])).state).toBe("done");
    expect(requests).toHaveLength(4);
    expect(a.seen.length === 0 || b.seen.length === 0).toBe(true);
    // Pushed to both users' own channels too, whichever process each asked.
    expect([...([...a.seen, ...b.seen].at(-1)?.askers ?? [])].sort()).toEqual([ann, ben]);
    expect(await second.status(id)).toMatchObject({ ok: true, value: { state: "done" } });
    expect(await first.status(id)).toMatchObject({ ok: true, value: { state: "done" } });
  });

  it("hands the claim back, starting nothing, when the server closes while the claim is asked", async () => {
    const store = new MemoryStore();
    const id = asMatchId("m_closing");
    await writeMatch(store, id, "krk", KRK_MATE_IN_ONE, KRK_GAME);
    const shared = new MemoryQuotaStore();
    let letHold: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (letHold = resolve));
    const slow = {
      hold: async (key: string, member: string, limit: number) => {
        await held;
        return shared.hold(key, member, limit);
      },
      release: (key: string, member: string) => shared.release(key, member),
      members: (key: string) => shared.members(key),
      remember: (key: string, value: string, ms: number, now: number) => shared.remember(key, value, ms, now),
      recall: (key: string, now: number) => shared.recall(key, now),
    };
    const { pool, requests } = countingPool();
    const analysis = service(store, pool, { claims: new JobClaims(slow, "a", () => 5_000) });
    const started = analysis.start(id, ann);
    await new Promise((resolve) => setImmediate(resolve));
    analysis.close();
    letHold();
    expect(await started).toMatchObject({ ok: false, code: "unavailable", status: 503 });
    expect(requests).toHaveLength(0);
    expect(await new JobClaims(shared, "b", () => 5_000).claim(id, 4)).toMatchObject({ ours: true });
  });

  it("analyses two positions at once, keeping the game's order when the later one answers first", async () => {
    const store = new MemoryStore();
    const id = asMatchId("m_two_at_once");
    await writeMatch(store, id, "krk", KRK_MATE_IN_ONE, KRK_GAME);
    const inline = new InlinePool();
    const held: { seed: number; release: () => void }[] = [];
    // Each position is answered only once the next one has been asked for, the last at once: a service that
    // asks one at a time never finishes, and the last position answers before the one before it.
    const reversed: Pick<AiPool, "analyze"> = {
      analyze: (request, signal) =>
        new Promise((resolve) => {
          const answer = () => void inline.analyze(request, signal).then(resolve);
          held.push({ seed: request.seed, release: answer });
          const waiting = held.find((h) => h.seed === request.seed - 1);
          if (request.seed === 4) answer();
          if (waiting !== undefined) setTimeout(waiting.release, 5);
        }),
    };
    const analysis = await finished(service(store, reversed), id);
    const again = new MemoryStore();
    await writeMatch(again, id, "krk", KRK_MATE_IN_ONE, KRK_GAME);
    const oneByOne = await finished(service(again, countingPool().pool), id);
    expect(analysis.positions).toEqual(oneByOne.positions);
    expect(analysis.moves).toEqual(oneByOne.moves);
  });

  it("cancels the other position in flight when one fails, keeping nothing", async () => {
    const store = new MemoryStore();
    const id = asMatchId("m_one_fails");
    await writeMatch(store, id, "krk", KRK_MATE_IN_ONE, KRK_GAME);
    const cancelled: number[] = [];
    const failing: Pick<AiPool, "analyze"> = {
      analyze: (request, signal) =>
        new Promise((resolve) => {
          if (request.seed === 2) {
            setTimeout(() => resolve({ ok: false, error: { code: "failed", message: "worker died" } }), 5);
            return;
          }
          signal.addEventListener("abort", () => {
            cancelled.push(request.seed);
            resolve({ ok: false, error: { code: "aborted", message: "cancelled" } });
          });
        }),
    };
    const { push, end } = pushes();
    const analysis = service(store, failing, { push });
    expect((await analysis.start(id, ann)).ok).toBe(true);
    expect(await end).toEqual({ ok: true, state: "none" });
    expect(cancelled).toEqual([1]);
    expect(await store.getAnalysis(id)).toBeNull();
  });

  it("pushes `none` and lets the job be claimed again when it fails", async () => {
    const store = new MemoryStore();
    const id = asMatchId("m_failed");
    await writeMatch(store, id, "krk", KRK_MATE_IN_ONE, KRK_GAME);
    const shared = new MemoryQuotaStore();
    const failing: Pick<AiPool, "analyze"> = {
      analyze: () => Promise.resolve({ ok: false, error: { code: "failed", message: "worker died" } }),
    };
    const { push, end } = pushes();
    const analysis = service(store, failing, { push, claims: new JobClaims(shared, "a", () => 5_000) });
    expect((await analysis.start(id, ann)).ok).toBe(true);
    expect(await end).toEqual({ ok: true, state: "none" });
    expect(await new JobClaims(shared, "b", () => 5_000).claim(id, 4)).toMatchObject({ ours: true });
  });
});
