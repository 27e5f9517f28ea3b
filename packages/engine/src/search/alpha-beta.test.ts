import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Game, Seat } from "../core/game.js";
import { Random } from "../core/rng.js";
import { alphaBeta, paranoidSearch } from "./alpha-beta.js";
import { minimax } from "./minimax.js";
import { DEFAULT_WIN_SCORE } from "./scoring.js";
import { treeCases, treeOf } from "./test-support/arbitraries.js";
import { nimWins, oracleValue } from "./test-support/oracle.js";
import {
  type NimRules,
  type NimState,
  nimGame,
  ticTacToe,
  ticTacToeEvaluate,
  ticTacToeFrom,
  treeGame,
  treeValue,
} from "./test-support/toy-games.js";

const W = DEFAULT_WIN_SCORE;

/** A deterministic shuffle of each node's moves, seeded by the position. */
function shuffled(seed: number) {
  return (state: number, moves: readonly number[]): readonly number[] =>
    new Random(seed ^ Math.imul(state + 1, 0x9e3779b1)).shuffle(moves.slice());
}

describe("alphaBeta", () => {
  it("returns minimax's value and first best move on random trees, in no more nodes", () => {
    fc.assert(
      fc.property(
        treeCases({ seats: [2], maxDepth: 6, maxBranching: 4 }),
        fc.boolean(),
        fc.boolean(),
        (testCase, stored, killers) => {
          const tree = treeOf(testCase);
          const game = treeGame(tree);
          const evaluate = treeValue(tree);
          const options = { ...(stored ? { terminalValue: evaluate } : {}), killers };
          for (let depth = 0; depth <= testCase.shape.depth; depth++) {
            const plain = minimax(game, 0, depth, evaluate, options);
            const pruned = alphaBeta(game, 0, depth, evaluate, options);
            expect(pruned.value).toBe(plain.value);
            expect(pruned.move).toBe(plain.move);
            expect(pruned.stats.nodes).toBeLessThanOrEqual(plain.stats.nodes);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("keeps the value whatever the move order and killers", () => {
    fc.assert(
      fc.property(
        treeCases({ seats: [2, 3], maxDepth: 5, maxBranching: 4 }),
        fc.integer(),
        fc.boolean(),
        (testCase, seed, killers) => {
          const tree = treeOf(testCase);
          const game = treeGame(tree);
          const depth = testCase.shape.depth;
          const expected = minimax(game, 0, depth, treeValue(tree)).value;
          const result = alphaBeta(game, 0, depth, treeValue(tree), { order: shuffled(seed), killers });
          expect(result.value).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("returns Bratko's 'good enough' value for any window", () => {
    fc.assert(
      fc.property(
        treeCases({ seats: [2, 3], maxDepth: 5, maxBranching: 3, chance: true }),
        fc.integer({ min: -25, max: 25 }),
        fc.integer({ min: 1, max: 20 }),
        (testCase, alpha, width) => {
          const tree = treeOf(testCase);
          const game = treeGame(tree);
          const options = { terminalValue: treeValue(tree), alpha, beta: alpha + width };
          const depth = testCase.shape.depth;
          const exact = oracleValue(tree, 0, depth, tree.nodes[0]?.seat ?? 0, { stored: true });
          const value = alphaBeta(game, 0, depth, treeValue(tree), options).value;
          if (exact <= alpha) expect(value).toBeLessThanOrEqual(alpha);
          else if (exact >= alpha + width) expect(value).toBeGreaterThanOrEqual(alpha + width);
          else expect(value).toBe(exact);
          // Fail-soft: a bound is never on the wrong side of the true value.
          if (value <= alpha) expect(value).toBeGreaterThanOrEqual(exact);
          if (value >= alpha + width) expect(value).toBeLessThanOrEqual(exact);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("averages chance moves like expectimax", () => {
    fc.assert(
      fc.property(treeCases({ seats: [2, 3], maxDepth: 4, maxBranching: 3, chance: true }), (testCase) => {
        const tree = treeOf(testCase);
        const game = treeGame(tree);
        const root = tree.nodes[0]?.seat ?? 0;
        for (let depth = 1; depth <= testCase.shape.depth; depth++) {
          const result = alphaBeta(game, 0, depth, treeValue(tree), { killers: true });
          expect(result.value).toBe(oracleValue(tree, 0, depth, root));
        }
      }),
      { numRuns: 500 },
    );
  });

  it("solves tic-tac-toe as a draw in a fraction of minimax's nodes", () => {
    const result = alphaBeta(ticTacToe, ticTacToe.initial({}, 0), 9, ticTacToeEvaluate, { killers: true });
    expect(result.value).toBe(0);
    expect(result.pv).toHaveLength(9);
    expect(result.stats.nodes).toBeLessThan(549946 / 10);
    expect(result.stats.betaCutoffs).toBeGreaterThan(0);
  });

  it("finds the forced win in three plies", () => {
    const result = alphaBeta(ticTacToe, ticTacToeFrom("XOXO....."), 9, ticTacToeEvaluate);
    expect(result).toMatchObject({ value: W - 3, move: 4 });
    expect(result.pv).toHaveLength(3);
  });

  it("does not negate between two moves of the same seat", () => {
    const rules: NimRules = { seats: 2, heap: 0, maxTake: 3, again: 2 };
    const nim = nimGame(rules);
    const evaluate = (state: NimState, seat: Seat): number => (state.turn === seat ? 1 : -1);
    expect(alphaBeta(nim, { heap: 4, turn: 0 }, 4, evaluate)).toMatchObject({
      value: W - 2,
      move: 2,
      pv: [2, 2],
    });
    for (let heap = 1; heap <= 20; heap++) {
      const value = alphaBeta(nim, { heap, turn: 0 }, heap, evaluate, { killers: true }).value;
      expect(value > 0, `heap ${heap}`).toBe(nimWins(heap, rules));
    }
  });
});

/** Brute-force paranoid minimax over the `Game` interface, written independently of the library. */
function paranoid<S, M>(
  game: Game<S, M, unknown>,
  state: S,
  depth: number,
  root: Seat,
  evaluate: (state: S, seat: Seat) => number,
  ply = 0,
): number {
  const outcome = game.outcome(state);
  if (outcome.kind === "finished") {
    if (outcome.winners.length === outcome.scores.length) return 0;
    if (!outcome.winners.includes(root)) return -(W - ply);
    return outcome.winners.length === 1 ? W - ply : W / outcome.winners.length;
  }
  if (depth === 0) return evaluate(state, root);
  const values = game
    .legalMoves(state)
    .map((m) => paranoid(game, game.apply(state, m), depth - 1, root, evaluate, ply + 1));
  return game.toMove(state)[0] === root ? Math.max(...values) : Math.min(...values);
}

describe("paranoidSearch", () => {
  it("matches brute-force paranoid minimax in three-player Nim", () => {
    for (const again of [null, 2]) {
      const nim = nimGame({ seats: 3, heap: 0, maxTake: 3, again });
      const evaluate = (state: NimState, seat: Seat): number =>
        (state.heap % 4) * (state.turn === seat ? 1 : -1);
      for (let heap = 1; heap <= 11; heap++) {
        for (let turn = 0; turn < 3; turn++) {
          for (const depth of [2, 3, 5, 12]) {
            const state = { heap, turn };
            const result = paranoidSearch(nim, state, depth, evaluate, { killers: true });
            expect(result.value, `heap ${heap} seat ${turn} depth ${depth}`).toBe(
              paranoid(nim, state, depth, turn, evaluate),
            );
          }
        }
      }
    }
  });

  it("finds that one seat cannot beat two in three-player Nim, yet wins when it can take the rest", () => {
    const nim = nimGame({ seats: 3, heap: 0, maxTake: 2, again: null });
    const evaluate = (): number => 0;
    expect(paranoidSearch(nim, { heap: 2, turn: 0 }, 4, evaluate)).toMatchObject({ value: W - 1, move: 2 });
    // With 4 stones, either take leaves the next two seats able to finish first.
    expect(paranoidSearch(nim, { heap: 4, turn: 0 }, 6, evaluate).value).toBeLessThan(0);
  });

  it("matches a brute-force oracle on random trees of three seats that move in any order", () => {
    fc.assert(
      fc.property(
        treeCases({ seats: [3, 4], maxDepth: 6, maxBranching: 4 }),
        fc.boolean(),
        (testCase, killers) => {
          const tree = treeOf(testCase);
          const game = treeGame(tree);
          const root = tree.nodes[0]?.seat ?? 0;
          for (let depth = 1; depth <= testCase.shape.depth; depth++) {
            const result = paranoidSearch(game, 0, depth, treeValue(tree), { killers });
            expect(result.value).toBe(oracleValue(tree, 0, depth, root));
            expect(result.value).toBe(paranoid(game, 0, depth, root, treeValue(tree)));
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
