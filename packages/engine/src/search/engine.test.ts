import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Random } from "../core/rng.js";
import { alphaBeta } from "./alpha-beta.js";
import { type SearchOptions, type SearchResult, search } from "./engine.js";
import { DEFAULT_WIN_SCORE } from "./scoring.js";
import { TranspositionTable } from "./transposition.js";
import { treeCases, treeOf } from "./test-support/arbitraries.js";
import { nimWins, oracleMoveValue, oracleValue } from "./test-support/oracle.js";
import {
  type TicTacToeState,
  type Tree,
  nimGame,
  ticTacToe,
  ticTacToeEvaluate,
  ticTacToeFrom,
  treeGame,
  treeValue,
} from "./test-support/toy-games.js";

const W = DEFAULT_WIN_SCORE;

/** A clock that advances one unit every time it is read. */
function countingClock(): { readonly now: () => number; readonly reads: () => number } {
  let time = 0;
  return { now: () => time++, reads: () => time };
}

function searchTicTacToe(
  state: TicTacToeState,
  options: Partial<SearchOptions<TicTacToeState, number>> = {},
): SearchResult<number> {
  return search(ticTacToe, state, { evaluate: ticTacToeEvaluate, tableSize: 4096, ...options });
}

describe("search: values", () => {
  it("equals a brute-force oracle and alphaBeta at every fixed depth, with and without a table", () => {
    fc.assert(
      fc.property(
        treeCases({ seats: [2], maxDepth: 6, maxBranching: 4 }),
        fc.constantFrom(0, 16, 1024),
        fc.constantFrom(0, 1, 5, 25),
        fc.boolean(),
        (testCase, tableSize, aspirationWindow, stored) => {
          const tree = treeOf(testCase);
          const game = treeGame(tree);
          const evaluate = treeValue(tree);
          const root = tree.nodes[0]?.seat ?? 0;
          const scoring = stored ? { terminalValue: evaluate } : {};
          for (let maxDepth = 1; maxDepth <= testCase.shape.depth; maxDepth++) {
            const result = search(game, 0, { evaluate, maxDepth, tableSize, aspirationWindow, ...scoring });
            const expected = oracleValue(tree, 0, maxDepth, root, { stored });
            expect(result.value).toBe(expected);
            expect(result.value).toBe(alphaBeta(game, 0, maxDepth, evaluate, scoring).value);
            expect(oracleMoveValue(tree, 0, result.move ?? -1, maxDepth, root, { stored })).toBe(expected);
            expect(result.timedOut).toBe(false);
          }
        },
      ),
      { numRuns: 1500 },
    );
  });

  it("does not depend on the table, killers, history or a static order", () => {
    fc.assert(
      fc.property(
        treeCases({ seats: [2, 3], maxDepth: 6, maxBranching: 4 }),
        fc.record({
          tableSize: fc.constantFrom(0, 2, 64, 4096),
          killers: fc.boolean(),
          history: fc.boolean(),
          aspirationWindow: fc.constantFrom(0, 3, 25),
        }),
        fc.integer(),
        (testCase, flags, seed) => {
          const tree = treeOf(testCase);
          const game = treeGame(tree);
          const evaluate = treeValue(tree);
          const maxDepth = testCase.shape.depth;
          const order = (state: number, moves: readonly number[]): readonly number[] =>
            new Random(seed ^ state).shuffle(moves.slice());
          const plain = search(game, 0, { evaluate, maxDepth, tableSize: 0, killers: false, history: false });
          const tuned = search(game, 0, { evaluate, maxDepth, order, ...flags });
          expect(tuned.value).toBe(plain.value);
          expect(plain.value).toBe(oracleValue(tree, 0, maxDepth, tree.nodes[0]?.seat ?? 0));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("searches paranoidly for three and four seats and averages chance moves", () => {
    fc.assert(
      fc.property(
        treeCases({ seats: [2, 3, 4], maxDepth: 4, maxBranching: 3, chance: true }),
        fc.constantFrom(0, 64),
        (testCase, tableSize) => {
          const tree = treeOf(testCase);
          const game = treeGame(tree);
          const evaluate = treeValue(tree);
          const root = tree.nodes[0]?.seat ?? 0;
          for (let maxDepth = 1; maxDepth <= testCase.shape.depth; maxDepth++) {
            const result = search(game, 0, { evaluate, maxDepth, tableSize });
            const expected = oracleValue(tree, 0, maxDepth, root);
            expect(result.value).toBe(expected);
            expect(oracleMoveValue(tree, 0, result.move ?? -1, maxDepth, root)).toBe(expected);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("keeps deepening past a proven win when chance moves can average to a faster one", () => {
    // Found by the property above (fast-check seed 2091724497): at depth 3 one move wins for sure in
    // three plies, at depth 4 another wins in two or three plies with even odds (999997.5).
    const testCase = {
      seed: 31,
      shape: {
        seats: 2,
        depth: 4,
        maxBranching: 2,
        chance: 0.3,
        transpositions: 0,
        repeatSeat: 0.6,
        earlyLeaf: 0.15,
      },
    };
    const tree = treeOf(testCase);
    const game = treeGame(tree);
    const evaluate = treeValue(tree);
    const root = tree.nodes[0]?.seat ?? 0;
    const result = search(game, 0, { evaluate, maxDepth: 4, tableSize: 0 });
    expect(result.value).toBe(oracleValue(tree, 0, 4, root));
    expect(result.value).toBe(W - 2.5);
  });

  it("solves tic-tac-toe as a draw and stops deepening once every leaf is a finished game", () => {
    const result = searchTicTacToe(ticTacToe.initial({}, 0));
    expect(result).toMatchObject({ value: 0, depth: 9, stopReason: "solved", timedOut: false });
    expect(result.stats.nodes).toBeLessThan(549946 / 50);
    expect(result.stats.ttCutoffs).toBeGreaterThan(0);
    let state = ticTacToe.initial({}, 0);
    for (const move of result.pv) {
      expect(ticTacToe.legalMoves(state)).toContain(move);
      state = ticTacToe.apply(state, move);
    }
    expect(ticTacToe.outcome(state)).toMatchObject({ kind: "finished", winners: [0, 1] });
  });

  it("stops at the depth of a forced win and prefers the fastest", () => {
    const result = searchTicTacToe(ticTacToeFrom("XOXO....."));
    expect(result).toMatchObject({ value: W - 3, depth: 3, stopReason: "solved" });
    expect([4, 8]).toContain(result.move);
    expect(result.pv).toHaveLength(3);
  });

  it("lets a seat move twice in a row (Nim where taking two moves again)", () => {
    const rules = { seats: 2, heap: 0, maxTake: 3, again: 2 };
    const nim = nimGame(rules);
    const evaluate = (): number => 0;
    expect(search(nim, { heap: 4, turn: 0 }, { evaluate })).toMatchObject({
      move: 2,
      value: W - 2,
      pv: [2, 2],
    });
    for (let heap = 1; heap <= 30; heap++) {
      const result = search(nim, { heap, turn: 1 }, { evaluate, tableSize: 256 });
      expect(result.value > 0, `heap ${heap}`).toBe(nimWins(heap, rules));
    }
  });

  it("asks the evaluator for the root seat only", () => {
    const seats = new Set<number>();
    searchTicTacToe(ticTacToeFrom("X........"), {
      maxDepth: 4,
      evaluate: (state, seat) => {
        seats.add(seat);
        return ticTacToeEvaluate(state, seat);
      },
    });
    expect([...seats]).toEqual([1]);
  });

  it("keeps a table across searches", () => {
    const table = new TranspositionTable(1 << 12);
    const state = ticTacToeFrom("X...O....");
    const first = searchTicTacToe(state, { table, maxDepth: 5 });
    const second = searchTicTacToe(state, { table, maxDepth: 5 });
    expect(second.value).toBe(first.value);
    expect(second.move).toBe(first.move);
    expect(second.stats.nodes).toBeLessThan(first.stats.nodes);
    // A fresh table per call is the default.
    expect(searchTicTacToe(state, { maxDepth: 5 }).stats.nodes).toBe(first.stats.nodes);
  });

  it("reports a finished game without searching", () => {
    const result = searchTicTacToe(ticTacToeFrom("XXXOO...."));
    expect(result).toMatchObject({ move: null, value: W, depth: 0, pv: [], stopReason: "game-over" });
  });

  it("rejects impossible options", () => {
    const state = ticTacToe.initial({}, 0);
    expect(() => searchTicTacToe(state, { maxDepth: 0 })).toThrow(RangeError);
    expect(() => searchTicTacToe(state, { timeLimit: 10 })).toThrow(TypeError);
    expect(() => searchTicTacToe(state, { checkInterval: 0, now: () => 0, timeLimit: 1 })).toThrow(
      RangeError,
    );
    expect(() => searchTicTacToe(state, { aspirationWindow: -1 })).toThrow(RangeError);
    expect(() => searchTicTacToe(state, { winScore: 10 })).toThrow(RangeError);
  });
});

/**
 * Root moves A, B and C. At depth 1 A looks best (5 against 1 and 0); at
 * depth 2 A drops to -12 and B (3) is best, and C has many replies, so a
 * budget can run out while C is searched, after B became the new best.
 */
const CHANGE_OF_MIND: Tree = {
  seats: 2,
  nodes: [
    { seat: 0, edges: [1, 2, 3], values: [0, 0] },
    { seat: 1, edges: [4, 5], values: [5, -5] },
    { seat: 1, edges: [6], values: [1, -1] },
    { seat: 1, edges: Array.from({ length: 40 }, () => 7), values: [0, 0] },
    { seat: 0, edges: [], values: [-10, 10] },
    { seat: 0, edges: [], values: [-12, 12] },
    { seat: 0, edges: [], values: [3, -3] },
    { seat: 0, edges: [], values: [2, -2] },
  ],
};

describe("search: budgets", () => {
  const game = treeGame(CHANGE_OF_MIND);
  const evaluate = treeValue(CHANGE_OF_MIND);
  const base = { evaluate, terminalValue: evaluate, tableSize: 0, checkInterval: 1 } as const;

  it("plays the last completed depth's move, or the unfinished depth's best once it was fully searched", () => {
    expect(search(game, 0, { evaluate, terminalValue: evaluate, maxDepth: 1 }).move).toBe(0);
    expect(search(game, 0, { evaluate, terminalValue: evaluate })).toMatchObject({
      move: 1,
      value: 3,
      depth: 2,
    });
    const seen: string[] = [];
    for (let timeLimit = 1; timeLimit < 120; timeLimit++) {
      const clock = countingClock();
      const result = search(game, 0, { ...base, now: clock.now, timeLimit });
      const step = `depth ${result.depth}: ${result.move ?? "none"}`;
      if (seen.at(-1) !== step) seen.push(step);
      if (result.depth < 2) expect(result).toMatchObject({ timedOut: true, stopReason: "time" });
    }
    // Depth 0 is the first move in order; at depth 1 the move changes from A to
    // B as soon as B's depth-2 search has finished, while C is still searched.
    expect(seen).toEqual(["depth 0: 0", "depth 1: 0", "depth 1: 1", "depth 2: 1"]);
  });

  it("trusts a root move whose zero-window search failed high even if its re-search is cut short", () => {
    let switched: SearchResult<number> | undefined;
    for (let timeLimit = 1; timeLimit < 120 && switched === undefined; timeLimit++) {
      const result = search(game, 0, { ...base, now: countingClock().now, timeLimit });
      if (result.depth === 1 && result.move === 1) switched = result;
    }
    // Depth 1 took 4 nodes (root, A, B, C). At depth 2: root, A, A's first
    // reply, its second reply twice (a zero-window search that fails high and
    // its re-search), then B's zero-window search over B and its reply fails
    // high too; the budget ends as B's re-search starts, and B is played.
    expect(switched).toMatchObject({ nodes: 11, value: 3, pv: [1], stats: { researches: 2 } });
  });

  it("stops within the iteration after the last completed depth, with a fake clock", () => {
    const state = ticTacToeFrom("X........");
    for (const depth of [2, 3, 4]) {
      const complete = searchTicTacToe(state, { maxDepth: depth, checkInterval: 1 });
      const clock = countingClock();
      // One read when the search starts, one per node, one after each finished iteration;
      // the budget ends five nodes into the next iteration.
      const timeLimit = complete.nodes + depth + 5;
      const timed = searchTicTacToe(state, { checkInterval: 1, now: clock.now, timeLimit });
      expect(timed).toMatchObject({
        depth,
        move: complete.move,
        value: complete.value,
        pv: complete.pv,
        timedOut: true,
        stopReason: "time",
        nodes: complete.nodes + 4,
      });
    }
  });

  it("reads the clock only every checkInterval nodes", () => {
    const clock = countingClock();
    const result = searchTicTacToe(ticTacToe.initial({}, 0), {
      now: clock.now,
      timeLimit: 1e9,
      checkInterval: 100,
    });
    expect(result.timedOut).toBe(false);
    expect(clock.reads()).toBeLessThanOrEqual(1 + Math.floor(result.nodes / 100) + result.depth);
    expect(clock.reads()).toBeGreaterThan(Math.floor(result.nodes / 100));
  });

  it("does not start another iteration once the time is up", () => {
    let time = 0;
    const result = searchTicTacToe(ticTacToe.initial({}, 0), {
      now: () => time,
      timeLimit: 10,
      evaluate: (state, seat) => {
        time = 10;
        return ticTacToeEvaluate(state, seat);
      },
      checkInterval: 1_000_000,
    });
    expect(result).toMatchObject({ depth: 1, timedOut: true, stopReason: "time" });
  });

  it("stops after maxNodes nodes with the last completed depth's move", () => {
    const state = ticTacToe.initial({}, 0);
    for (const maxNodes of [1, 10, 100, 1000]) {
      const result = searchTicTacToe(state, { maxNodes });
      expect(result.nodes).toBeLessThanOrEqual(maxNodes);
      expect(result).toMatchObject({ timedOut: true, stopReason: "nodes" });
      expect(ticTacToe.legalMoves(state)).toContain(result.move);
      expect(searchTicTacToe(state, { maxNodes })).toEqual(result);
      if (result.depth > 0) {
        const complete = searchTicTacToe(state, { maxDepth: result.depth });
        expect(complete.nodes).toBeLessThanOrEqual(maxNodes);
      }
    }
    expect(searchTicTacToe(state, { maxNodes: 1e6 }).timedOut).toBe(false);
  });
});

describe("search: tie-break noise", () => {
  const start = ticTacToe.initial({}, 0);
  const flat = (): number => 0;

  it("varies the choice among equal moves with the random source, reproducibly", () => {
    expect(searchTicTacToe(start, { maxDepth: 1, evaluate: flat }).move).toBe(0);
    const moves = new Set<number | null>();
    for (let seed = 0; seed < 30; seed++) {
      const options = { maxDepth: 1, evaluate: flat, tieBreakNoise: 0.5 };
      const a = searchTicTacToe(start, { ...options, random: () => new Random(seed).float() });
      const b = searchTicTacToe(start, { ...options, random: () => new Random(seed).float() });
      expect(b.move).toBe(a.move);
      expect(a.value).toBeGreaterThanOrEqual(0);
      expect(a.value).toBeLessThan(0.5);
      moves.add(a.move);
    }
    expect(moves.size).toBeGreaterThan(3);
  });

  it("never blurs a forced win", () => {
    const random = new Random(3);
    const result = searchTicTacToe(ticTacToeFrom("XOXO....."), {
      tieBreakNoise: 0.9,
      random: () => random.float(),
    });
    expect(result.value).toBe(W - 3);
    expect([4, 8]).toContain(result.move);
  });
});
