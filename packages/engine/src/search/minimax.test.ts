import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectimax, minimax } from "./minimax.js";
import { DEFAULT_WIN_SCORE } from "./scoring.js";
import { treeCases, treeOf } from "./test-support/arbitraries.js";
import { ORACLE_WIN_SCORE, nimWins, oracleMoveValue, oracleValue } from "./test-support/oracle.js";
import {
  GAMBLE,
  type NimRules,
  type Tree,
  nimGame,
  ticTacToe,
  ticTacToeEvaluate,
  ticTacToeFrom,
  treeGame,
  treeValue,
} from "./test-support/toy-games.js";

const W = DEFAULT_WIN_SCORE;

describe("minimax", () => {
  it("finds that tic-tac-toe is a draw, visiting the whole 549946-node tree", () => {
    const result = minimax(ticTacToe, ticTacToe.initial({}, 0), 9, ticTacToeEvaluate);
    expect(result.value).toBe(0);
    expect(result.move).toBe(0);
    expect(result.pv).toHaveLength(9);
    expect(result.stats.nodes).toBe(549946);
  });

  it("finds a forced win in three plies, preferring it to slower wins", () => {
    const state = ticTacToeFrom("XOXO.....");
    const result = minimax(ticTacToe, state, 9, ticTacToeEvaluate);
    expect(result.value).toBe(W - 3);
    expect(result.move).toBe(4);
    let end = state;
    for (const move of result.pv) end = ticTacToe.apply(end, move);
    expect(result.pv).toHaveLength(3);
    expect(ticTacToe.outcome(end)).toMatchObject({ kind: "finished", winners: [0] });
  });

  it("scores with a custom terminal value and win score", () => {
    const state = ticTacToeFrom("XOXO.....");
    expect(minimax(ticTacToe, state, 9, ticTacToeEvaluate, { winScore: 1000 }).value).toBe(997);
    const custom = minimax(ticTacToe, state, 9, ticTacToeEvaluate, {
      terminalValue: (s, seat) => ticTacToeEvaluate(s, seat) * 100,
    });
    expect(custom.value).toBeGreaterThan(0);
  });

  it("evaluates at depth 0 and reports no move", () => {
    const state = ticTacToeFrom("X...O....");
    expect(minimax(ticTacToe, state, 0, ticTacToeEvaluate)).toMatchObject({
      value: ticTacToeEvaluate(state, 0),
      move: null,
      pv: [],
    });
  });

  it("reports no move when the game is over, scored for seat 0", () => {
    const result = minimax(ticTacToe, ticTacToeFrom("OOOXX.X.."), 3, ticTacToeEvaluate);
    expect(result).toMatchObject({ move: null, value: -W, pv: [] });
  });

  it("counts a forced pass as a ply, as PAIP does", () => {
    const passing: Tree = {
      seats: 2,
      nodes: [
        { seat: 0, edges: [1], values: [0, 0] }, // seat 0 can only pass
        { seat: 1, edges: [2, 3], values: [5, -5] },
        { seat: 0, edges: [], values: [1, -1] },
        { seat: 0, edges: [], values: [-1, 1] },
      ],
    };
    const game = treeGame(passing);
    const evaluate = treeValue(passing);
    expect(minimax(game, 0, 1, evaluate)).toMatchObject({ value: 5, move: 0, pv: [0] });
    expect(minimax(game, 0, 2, evaluate)).toMatchObject({ value: -(W - 2), pv: [0, 1] });
  });

  it("lets a seat move twice in a row (Nim where taking two moves again)", () => {
    const rules: NimRules = { seats: 2, heap: 4, maxTake: 3, again: 2 };
    const nim = nimGame(rules);
    const evaluate = (): number => 0;
    // Alternation would call a heap of 4 lost; taking 2 and then 2 more wins.
    expect(minimax(nim, { heap: 4, turn: 0 }, 4, evaluate)).toMatchObject({
      value: W - 2,
      move: 2,
      pv: [2, 2],
    });
    for (let heap = 1; heap <= 14; heap++) {
      const value = minimax(nim, { heap, turn: 1 }, heap, evaluate).value;
      expect(value > 0, `heap ${heap}`).toBe(nimWins(heap, rules));
    }
  });

  it("asks the evaluator for the root seat only", () => {
    const seats = new Set<number>();
    minimax(ticTacToe, ticTacToeFrom("X........"), 3, (state, seat) => {
      seats.add(seat);
      return ticTacToeEvaluate(state, seat);
    });
    expect([...seats]).toEqual([1]);
  });

  it("rejects a depth that is not a small non-negative integer", () => {
    const state = ticTacToe.initial({}, 0);
    expect(() => minimax(ticTacToe, state, -1, ticTacToeEvaluate)).toThrow(RangeError);
    expect(() => minimax(ticTacToe, state, 1.5, ticTacToeEvaluate)).toThrow(RangeError);
  });

  it("agrees with a brute-force oracle on random trees of 2 and 3 seats, first best move included", () => {
    expect(ORACLE_WIN_SCORE).toBe(DEFAULT_WIN_SCORE);
    fc.assert(
      fc.property(
        treeCases({ seats: [2, 3], maxDepth: 5, maxBranching: 4 }),
        fc.boolean(),
        (testCase, stored) => {
          const tree = treeOf(testCase);
          const game = treeGame(tree);
          const root = tree.nodes[0]?.seat ?? 0;
          const options = stored ? { terminalValue: treeValue(tree) } : {};
          for (let depth = 0; depth <= testCase.shape.depth; depth++) {
            const result = minimax(game, 0, depth, treeValue(tree), options);
            const expected = oracleValue(tree, 0, depth, root, { stored });
            expect(result.value).toBe(expected);
            if (depth === 0) continue;
            const moves = game.legalMoves(0);
            const first = moves.find(
              (m) => oracleMoveValue(tree, 0, m, depth, root, { stored }) === expected,
            );
            expect(result.move).toBe(first);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("expectimax", () => {
  const game = treeGame(GAMBLE);
  const evaluate = treeValue(GAMBLE);

  it("weights chance outcomes by their probability (hand-computed)", () => {
    // Depth 2: gamble = 0.25 * 10 + 0.75 * min(0, 4) = 2.5 < bank 3.
    expect(expectimax(game, 0, 2, evaluate, { terminalValue: evaluate })).toMatchObject({
      value: 3,
      move: 0,
    });
    // Depth 1: the unlucky node is only evaluated (3): 0.25 * 10 + 0.75 * 3 = 4.75 > 3.
    const shallow = expectimax(game, 0, 1, evaluate, { terminalValue: evaluate });
    expect(shallow).toMatchObject({ value: 4.75, move: 1, pv: [1] });
    // Default scoring: bank is a win at ply 1, the gamble is 0.25 win + 0.75 draw.
    const scored = expectimax(game, 0, 2, evaluate);
    expect(scored).toMatchObject({ value: W - 1, move: 0 });
  });

  it("uses the Dice of Doom odds as given (an attack of 2 dice against 1 wins 84%)", () => {
    const attack: Tree = {
      seats: 2,
      nodes: [
        {
          seat: 0,
          edges: [
            1,
            {
              chance: [
                [0.84, 2],
                [0.16, 3],
              ],
            },
          ],
          values: [0, 0],
        },
        { seat: 1, edges: [], values: [1, -1] },
        { seat: 1, edges: [], values: [5, -5] },
        { seat: 1, edges: [], values: [-2, 2] },
      ],
    };
    const tree = treeGame(attack);
    const result = expectimax(tree, 0, 1, treeValue(attack), { terminalValue: treeValue(attack) });
    expect(result.move).toBe(1);
    expect(result.value).toBeCloseTo(0.84 * 5 - 0.16 * 2, 12);
  });

  it("skips outcomes of probability 0 and treats a single remaining outcome as a plain move", () => {
    const sure: Tree = {
      seats: 2,
      nodes: [
        {
          seat: 0,
          edges: [
            {
              chance: [
                [0, 1],
                [1, 2],
              ],
            },
          ],
          values: [0, 0],
        },
        { seat: 1, edges: [], values: [-7, 7] },
        { seat: 1, edges: [], values: [7, -7] },
      ],
    };
    const result = expectimax(treeGame(sure), 0, 1, treeValue(sure), { terminalValue: treeValue(sure) });
    expect(result).toMatchObject({ value: 7, move: 0, pv: [0] });
    expect(result.stats.nodes).toBe(2);
  });

  it("is minimax on games without chance", () => {
    fc.assert(
      fc.property(treeCases({ seats: [2, 3], maxDepth: 5, maxBranching: 3 }), (testCase) => {
        const tree = treeOf(testCase);
        const game = treeGame(tree);
        const depth = testCase.shape.depth;
        const a = expectimax(game, 0, depth, treeValue(tree));
        const b = minimax(game, 0, depth, treeValue(tree));
        expect(a).toEqual(b);
      }),
      { numRuns: 200 },
    );
  });

  it("agrees with a brute-force oracle on random chance trees (paranoid for 3 seats)", () => {
    fc.assert(
      fc.property(
        treeCases({ seats: [2, 3], maxDepth: 4, maxBranching: 3, chance: true }),
        fc.boolean(),
        (testCase, stored) => {
          const tree = treeOf(testCase);
          const game = treeGame(tree);
          const root = tree.nodes[0]?.seat ?? 0;
          const options = stored ? { terminalValue: treeValue(tree) } : {};
          for (let depth = 1; depth <= testCase.shape.depth; depth++) {
            const result = expectimax(game, 0, depth, treeValue(tree), options);
            expect(result.value).toBe(oracleValue(tree, 0, depth, root, { stored }));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
