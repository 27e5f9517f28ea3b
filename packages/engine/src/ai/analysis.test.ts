import { describe, expect, it } from "vitest";
import { Random } from "../core/rng.js";
import { connectK } from "../games/connect-k/index.js";
import { type DiceOfDoomState, diceOfDoom } from "../games/dice-of-doom/index.js";
import { board } from "../games/dice-of-doom/test-support/boards.js";
import { analyzeOthello } from "../games/othello/ai/analysis.js";
import { MidgameSearch } from "../games/othello/ai/midgame.js";
import { EndgameSolver } from "../games/othello/ai/solver.js";
import { trainedWeights } from "../games/othello/ai/thread-engines.js";
import {
  type OthelloState,
  STANDARD_START,
  applyMove,
  discCounts,
  legalMoves,
  othello,
  parsePosition,
} from "../games/othello/rules.js";
import { PASS } from "../games/othello/squares.js";
import { krk } from "../games/krk/index.js";
import { moveValues } from "../games/krk/analysis.js";
import { GAME_IDS, getGame } from "../registry.js";
import { analyzeMove, moveLoss } from "./analysis.js";
import { ANALYSIS_UNITS, type PositionAnalysis } from "./game-ai.js";
import { aiFor } from "./registry.js";

/** A clock that advances `step` ms at every reading, so budgets are honoured without real time. */
function fakeClock(step = 1): () => number {
  let t = 0;
  return () => (t += step);
}

function othelloEndgame(seed: number, empties: number): OthelloState {
  const start = parsePosition(STANDARD_START);
  if (!start.ok) throw new Error(start.error.message);
  const random = new Random(seed);
  let state = start.value;
  while (discCounts(state).empty > empties && legalMoves(state).length > 0) {
    const legal = legalMoves(state);
    state = applyMove(state, legal[random.int(legal.length)] ?? PASS);
  }
  if (legalMoves(state)[0] === PASS) state = applyMove(state, PASS);
  return state;
}

const othelloAi = aiFor("othello");
const connectKAi = aiFor("connect-k");
const diceAi = aiFor("dice-of-doom");
const krkAi = aiFor("krk");

describe("GameAi.analyze", () => {
  it.each(GAME_IDS)("analyses the start of %s within a budget on the injected clock", (gameId) => {
    const game = getGame(gameId);
    const options = game.parseOptions({});
    if (!options.ok) throw new Error("default options");
    const state = game.initial(options.value, 3);
    const now = fakeClock(1);
    const t0 = now();
    const analysis = aiFor(gameId).analyze(state, { now, budgetMs: 400, seed: 1 });
    expect(now() - t0).toBeLessThan(1200);
    expect(ANALYSIS_UNITS).toContain(analysis.unit);
    expect(analysis.value).toBe(analysis.values[analysis.seat]);
    expect(game.legalMoves(state)).toContain(analysis.bestMove);
    expect(analysis.pv[0]).toBe(analysis.bestMove);
  });
});

describe("Othello analysis", () => {
  it("is exact from 20 empties down when the solver finishes: the disc difference and a best move", () => {
    const solver = new EndgameSolver({ ordering: "iago" });
    for (let seed = 1; seed <= 6; seed++) {
      const state = othelloEndgame(seed, 8 + seed);
      const analysis = othelloAi.analyze(state, { now: fakeClock(0.001), budgetMs: 10_000 });
      expect(analysis).toMatchObject({ unit: "discs", exact: true, depth: discCounts(state).empty });
      expect(analysis.value).toBe(solver.solve(state).score);
      expect(analysis.outcome?.kind).toBe(analysis.value > 0 ? "win" : analysis.value < 0 ? "loss" : "draw");
      expect(analysis.values[1 - analysis.seat]).toBe(-analysis.value);
      const best = analysis.bestMove ?? -1;
      expect(-solver.solve(applyMove(state, best)).score).toBe(analysis.value);
    }
  });

  it("estimates with the trained evaluation above the solver's reach", () => {
    const state = othelloEndgame(4, 40);
    const analysis = othelloAi.analyze(state, { now: fakeClock(1), budgetMs: 300 });
    expect(analysis.exact).toBe(false);
    expect(analysis.depth).toBeGreaterThanOrEqual(1);
    expect(Math.abs(analysis.value)).toBeLessThan(64);
    expect(analysis.outcome).toBeUndefined();
  });

  it("searches as deep on either core: its iterations are bounded by nodes, not by the clock", () => {
    const state = othelloEndgame(4, 40);
    const weights = trainedWeights();
    const [js, wasm] = (["js", "wasm"] as const).map((core) =>
      analyzeOthello(state, {
        now: fakeClock(0.001),
        budgetMs: 100,
        midgame: new MidgameSearch(weights, 16, core),
      }),
    );
    expect(js?.depth).toBeGreaterThanOrEqual(6);
    expect(wasm).toEqual(js);
  });

  it("scores a finished game exactly, empty squares to the winner", () => {
    const over = parsePosition(`${"X".repeat(62)}-- O`);
    if (!over.ok) throw new Error(over.error.message);
    expect(othello.outcome(over.value).kind).toBe("finished");
    const analysis = othelloAi.analyze(over.value, { now: fakeClock(), budgetMs: 100 });
    // White has no disc: black's 62 and the two empties, against white to move.
    expect(analysis).toMatchObject({ exact: true, bestMove: null, value: -64, values: [64, -64] });
  });

  it("marks each move by what it lost against the best move, exactly near the end", () => {
    const state = othelloEndgame(21, 12);
    const solver = new EndgameSolver({ ordering: trainedWeights() });
    const best = solver.solve(state);
    for (const move of legalMoves(state)) {
      const analyzed = analyzeMove(othelloAi, othello, state, move, {
        now: fakeClock(0.001),
        budgetMs: 10_000,
      });
      const played = -solver.solve(applyMove(state, move)).score;
      expect(analyzed.loss).toEqual({ loss: best.score - played, unit: "discs", exact: true });
    }
  });
});

describe("Connect-k analysis", () => {
  const options = connectK.parseOptions({});
  if (!options.ok) throw new Error(options.error.message);
  const play = (columns: string): ReturnType<typeof connectK.initial> =>
    [...columns].reduce(
      (state, c) => connectK.apply(state, Number(c) - 1),
      connectK.initial(options.value, 0),
    );

  it("is Pons's exact score with the outcome when the solver finishes", () => {
    // Pons's example: "4455" lets the first player win with its 4th own disc (score 18).
    const state = play("4455");
    const analysis = connectKAi.analyze(state, { now: fakeClock(0.001), budgetMs: 60_000 });
    expect(analysis).toMatchObject({ unit: "outcome-score", exact: true });
    expect(analysis.value).toBeGreaterThan(0);
    expect(analysis.outcome?.kind).toBe("win");
    // A score s with n discs played is a win with ⌊(43 − n)/2⌋ − s + 1 own discs.
    expect(analysis.outcome?.moves).toBe(Math.floor((43 - 4) / 2) - analysis.value + 1);
  });

  it("counts a win in one as one move, and a finished game as a loss for the side to move", () => {
    const threat = play("1212121"); // the first player has just won with column 1
    const done = connectKAi.analyze(threat, { now: fakeClock(), budgetMs: 100 });
    expect(done).toMatchObject({ exact: true, bestMove: null, outcome: { kind: "loss", moves: 0 } });
    const winInOne = play("121212");
    const next = connectKAi.analyze(winInOne, { now: fakeClock(0.001), budgetMs: 1000 });
    expect(next.bestMove).toBe(0);
    expect(next.outcome).toEqual({ kind: "win", moves: 1 });
  });

  it("falls back to the heuristic search where the solver cannot go", () => {
    const big = connectK.parseOptions({ preset: "trilobite" });
    if (!big.ok) throw new Error(big.error.message);
    const analysis = connectKAi.analyze(connectK.initial(big.value, 0), { now: fakeClock(1), budgetMs: 200 });
    expect(analysis).toMatchObject({ unit: "heuristic", exact: false });
  });
});

describe("Dice of Doom analysis", () => {
  const start = (): DiceOfDoomState => board({ rows: ["a3 b1 b2", "a1 b2 a2", "b1 a1 b3"] });

  it("gives each seat a chance to win, repeatable with the seed", () => {
    const a = diceAi.analyze(start(), { now: fakeClock(1), budgetMs: 200, seed: 5 });
    const b = diceAi.analyze(start(), { now: fakeClock(1), budgetMs: 200, seed: 5 });
    expect(a).toEqual(b);
    expect(a.unit).toBe("win-chance");
    for (const p of a.values) {
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(1);
    }
    expect(a.values.reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(1 + 1e-9);
    expect(diceOfDoom.legalMoves(start())).toContain(a.bestMove);
  });

  it("scores a finished game exactly", () => {
    const over = board({ rows: ["a1 a1", "b1 b1"] });
    expect(over.over).toBe(true);
    const analysis = diceAi.analyze(over, { now: fakeClock(), budgetMs: 100 });
    expect(analysis).toMatchObject({ exact: true, bestMove: null });
    expect(analysis.values.reduce((x, y) => x + y, 0)).toBeCloseTo(1);
  });
});

describe("King and rook against king analysis", () => {
  const at = (fields: Record<string, unknown>, seed = 5): ReturnType<typeof krk.initial> => {
    const options = krk.parseOptions(fields);
    if (!options.ok) throw new Error(options.error.message);
    return krk.initial(options.value, seed);
  };
  const budget = { now: fakeClock(), budgetMs: 10 };

  it("is the oracle's mate, exact, with the line to it", () => {
    const state = at({ distance: 3 });
    const analysis = krkAi.analyze(state, budget);
    expect(analysis).toMatchObject({ unit: "outcome-score", exact: true, seat: 0 });
    expect(analysis.outcome).toEqual({ kind: "win", moves: 3 });
    expect(analysis.value).toBeGreaterThan(0);
    expect(analysis.pv).toHaveLength(5);
    const end = analysis.pv.reduce((s, move) => krk.apply(s, move), state);
    expect(end.status).toBe("checkmate");
    expect(krkAi.analyze(end, budget)).toMatchObject({
      exact: true,
      bestMove: null,
      outcome: { kind: "loss", moves: 0 },
    });
  });

  it("keeps its score along best play, so a move's loss is the moves it delays the mate", () => {
    const state = at({ distance: 4 }, 9);
    const before = krkAi.analyze(state, budget);
    const afterBest = krkAi.analyze(krk.apply(state, before.bestMove ?? -1), budget);
    expect(afterBest.values).toEqual(before.values);
    expect(afterBest.outcome).toEqual({ kind: "loss", moves: 3 });
    const slower = moveValues(state).find((m) => m.movesToMate !== null && m.movesToMate > 3);
    if (slower?.movesToMate == null) throw new Error("no slower mate from this start");
    const after = krkAi.analyze(krk.apply(state, slower.move), budget);
    expect(moveLoss(before, after).loss).toBe(slower.movesToMate - 3);
  });

  it("is a draw when Black can take the rook", () => {
    const analysis = krkAi.analyze(at({ fen: "k7/1R6/8/8/8/8/8/7K b - - 0 1" }), budget);
    expect(analysis).toMatchObject({ seat: 1, value: 0, values: [0, 0], exact: true });
    expect(analysis.outcome).toEqual({ kind: "draw", moves: null });
  });
});

describe("moveLoss", () => {
  const analysis = (
    unit: PositionAnalysis["unit"],
    seat: number,
    values: number[],
    exact = true,
  ): PositionAnalysis => ({
    unit,
    seat,
    values,
    value: values[seat] ?? 0,
    exact,
    bestMove: 0,
    pv: [0],
    depth: 1,
    nodes: 1,
  });

  it("is the mover's value before minus after, never below zero, in the unit of the analyses", () => {
    expect(moveLoss(analysis("discs", 0, [10, -10]), analysis("discs", 1, [4, -4]))).toEqual({
      loss: 6,
      unit: "discs",
      exact: true,
    });
    expect(
      moveLoss(analysis("win-chance", 1, [0.2, 0.6], false), analysis("win-chance", 0, [0.1, 0.7], false))
        .loss,
    ).toBe(0);
  });

  it("refuses to compare an exact result with an estimate in another unit", () => {
    expect(
      moveLoss(analysis("outcome-score", 0, [3, -3]), analysis("heuristic", 1, [10, -10], false)).loss,
    ).toBeNull();
  });
});
