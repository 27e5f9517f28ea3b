/// <reference types="node" />
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type ConnectKState } from "../board.js";
import { connectK } from "../index.js";
import { ConnectKSolver, bestMove, solve } from "./solver.js";
import { C4, SETS, opts, parseSet, position, runSet } from "./test-support/pons.js";

const readSet = (name: string) => parseSet(readFileSync(new URL(name, SETS), "utf8"));

/** Plain negamax with Pons's scoring and no pruning tricks: the oracle for small cases. */
function bruteScore(state: ConnectKState, memo = new Map<number, number>()): number {
  return plain(bruteNegamax(state, memo));
}

/** Folds −0 into 0 so that `toBe` compares scores. */
function plain(x: number): number {
  return x === 0 ? 0 : x;
}

function bruteNegamax(state: ConnectKState, memo: Map<number, number>): number {
  const o = state.options;
  if (state.status === "draw") return 0;
  if (state.status === "won") return -Math.floor((o.width * o.height + 2 - state.plies) / 2);
  const key = connectK.hash(state);
  const known = memo.get(key);
  if (known !== undefined) return known;
  let best = -Infinity;
  for (const column of connectK.legalMoves(state)) {
    const value = -bruteNegamax(connectK.apply(state, column), memo);
    if (value > best) best = value;
  }
  memo.set(key, best);
  return best;
}

describe("Pons solver: anchors from docs/connect-k.md §7", () => {
  it("scores the documented examples", () => {
    expect(solve(position(C4, "4455")).score).toBe(18);
    expect(solve(position(C4, "44455554221")).score).toBe(-15);
  });

  it("scores finished games from the seat that would move", () => {
    // Seat 0 wins vertically with its 4th stone (7 stones on the board): it scored 18 a move earlier.
    const won = position(C4, "1212121");
    expect(won.status).toBe("won");
    expect(solve(won)).toMatchObject({ score: -18, bestMove: -1, complete: true });
  });

  it("agrees with brute force on small boards, strong and weak, and the best move reaches the score", () => {
    const boards = [
      opts({ width: 4, height: 4, k: 3 }),
      opts({ width: 4, height: 4, k: 4 }),
      opts({ width: 3, height: 3, k: 3 }),
      opts({ width: 5, height: 3, k: 3 }),
    ];
    for (const options of boards) {
      const solver = new ConnectKSolver(options);
      // Every position up to 3 plies, and a few deterministic longer lines.
      const seeds: ConnectKState[] = [connectK.initial(options, 0)];
      for (let depth = 0; depth < 3; depth++) {
        for (const s of seeds.splice(0)) {
          seeds.push(s);
          for (const c of connectK.legalMoves(s)) seeds.push(connectK.apply(s, c));
        }
      }
      const memo = new Map<number, number>();
      for (const s of seeds) {
        const expected = bruteScore(s, memo);
        const strong = solver.solve(s);
        expect(strong.score, connectK.serialize(s) as string).toBe(expected);
        expect(solver.solve(s, { weak: true }).score).toBe(Math.sign(expected));
        if (s.status === "ongoing") {
          const child = connectK.apply(s, strong.bestMove);
          expect(plain(-bruteScore(child, memo))).toBe(expected);
        }
      }
    }
  });

  it("knows the small-board values of docs/connect-k.md §7", () => {
    expect(solve(connectK.initial(opts({ width: 3, height: 3, k: 3 }), 0)).score).toBe(0);
    expect(solve(connectK.initial(opts({ width: 4, height: 4, k: 3 }), 0)).score).toBeGreaterThan(0);
    expect(solve(connectK.initial(opts({ width: 4, height: 4, k: 4 }), 0)).score).toBe(0);
    expect(solve(connectK.initial(opts({ width: 5, height: 4, k: 4 }), 0)).score).toBe(0);
    expect(solve(connectK.initial(opts({ width: 4, height: 5, k: 4 }), 0)).score).toBe(0);
  });

  it("stops at a node budget and reports it", () => {
    const solver = new ConnectKSolver(C4);
    const result = solver.solve(connectK.initial(C4, 0), { maxNodes: 1000 });
    expect(result.complete).toBe(false);
    expect(result.nodes).toBeLessThanOrEqual(1000);
  });

  it("stops at a deadline read from the injected clock", () => {
    const solver = new ConnectKSolver(C4);
    let t = 0;
    const result = solver.solve(connectK.initial(C4, 0), { now: () => (t += 1), deadline: 5 });
    expect(result.complete).toBe(false);
  });

  it("rejects boards whose key is not exact", () => {
    expect(() => solve(connectK.initial(opts({ preset: "trilobite" }), 0))).toThrow(RangeError);
  });

  it("bestMove takes an immediate win", () => {
    // Columns 3 and 7 both complete the bottom row; the centre-most comes first.
    expect(bestMove(position(C4, "445566"))).toBe(2);
  });
});

// Test_L1_R1, the opening-stage set, runs in solver.slow.test.ts.
describe("Pons test sets", () => {
  it("solves all 1000 positions of Test_L3_R1 exactly", () => {
    const stats = runSet(readSet("Test_L3_R1"));
    console.info(
      `Test_L3_R1: ${stats.meanMs.toFixed(3)} ms, ${stats.meanNodes.toFixed(1)} nodes per position`,
    );
  });

  it("solves Test_L3_R1 weakly", () => {
    runSet(readSet("Test_L3_R1"), true);
  });

  it("solves all 1000 positions of Test_L2_R1 exactly", () => {
    const stats = runSet(readSet("Test_L2_R1"));
    console.info(
      `Test_L2_R1: ${stats.meanMs.toFixed(3)} ms, ${stats.meanNodes.toFixed(1)} nodes per position`,
    );
  });
});
