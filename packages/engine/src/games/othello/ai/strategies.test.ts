import { describe, expect, it } from "vitest";
import { Random } from "../../../core/rng.js";
import {
  type OthelloState,
  STANDARD_START,
  applyMove,
  discCounts,
  legalMoves,
  parsePosition,
} from "../rules.js";
import { PASS } from "../squares.js";
import { OTHELLO_MAX_LEVEL, othelloLevelMove } from "./levels.js";
import {
  STATIC_ORDER,
  alphaBetaSearcher,
  alphaBetaSearcher2,
  alphaBetaSearcher3,
  createContext,
  iago,
  maximizer,
  minimaxSearcher,
  randomStrategy,
} from "./strategies.js";

function randomPosition(seed: number, plies: number): OthelloState {
  const parsed = parsePosition(STANDARD_START);
  if (!parsed.ok) throw new Error("start");
  let state = parsed.value;
  const random = new Random(seed);
  for (let i = 0; i < plies && legalMoves(state).length > 0; i++) {
    const moves = legalMoves(state);
    state = applyMove(state, moves[random.int(moves.length)] ?? PASS);
  }
  return state;
}

describe("the strategy ladder", () => {
  it("alpha-beta picks exactly minimax's move (PAIP: same result, fewer boards)", () => {
    for (let seed = 1; seed <= 25; seed++) {
      const state = randomPosition(seed, 8 + seed);
      if (legalMoves(state).length === 0 || legalMoves(state)[0] === PASS) continue;
      for (const evaluator of ["count-difference", "weighted-squares"] as const) {
        const mm = createContext();
        const ab = createContext();
        const a = minimaxSearcher(3, evaluator)(state, mm);
        const b = alphaBetaSearcher(3, evaluator)(state, ab);
        expect(b).toBe(a);
        expect(ab.counter.nodes).toBeLessThanOrEqual(mm.counter.nodes);
      }
    }
  });

  it("every strategy returns a legal move, and a pass when forced", () => {
    const strategies = [
      randomStrategy,
      maximizer("mobility"),
      minimaxSearcher(2, "weighted-squares"),
      alphaBetaSearcher(3, "modified-weighted-squares"),
      alphaBetaSearcher2(3, "weighted-squares"),
      alphaBetaSearcher3(3, "weighted-squares"),
      iago(2),
    ];
    for (let seed = 1; seed <= 15; seed++) {
      const state = randomPosition(seed, seed * 4);
      const legal = legalMoves(state);
      if (legal.length === 0) continue;
      for (const strategy of strategies) expect(legal).toContain(strategy(state, createContext(seed)));
    }
    const pass = parsePosition("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-- O");
    if (!pass.ok) throw new Error("pass");
    expect(iago(3)(pass.value, createContext())).toBe(PASS);
  });

  it("orders squares statically by weight, corners first", () => {
    expect(STATIC_ORDER.slice(0, 4)).toEqual([0, 7, 56, 63]);
    expect(STATIC_ORDER.slice(-4)).toEqual([9, 14, 49, 54]);
  });

  it("alpha-beta-searcher3 at depth 1 takes the first best move in the static order", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const state = randomPosition(seed, 10 + seed);
      const legal = legalMoves(state);
      if (legal.length === 0 || legal[0] === PASS) continue;
      // With count-difference many moves tie, so the order decides.
      const values = new Map(
        legal.map((m) => {
          const child = applyMove(state, m);
          const { black, white } = discCounts(child);
          return [m, state.turn === 0 ? black - white : white - black];
        }),
      );
      const best = Math.max(...values.values());
      const expected = STATIC_ORDER.find((sq) => values.get(sq) === best);
      expect(alphaBetaSearcher3(1, "count-difference")(state, createContext())).toBe(expected);
    }
  });

  it("sorted ordering and killer moves visit fewer boards at depth 5 than plain alpha-beta", () => {
    let plain = 0;
    let sorted = 0;
    let killer = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const state = randomPosition(seed, 20);
      if (legalMoves(state)[0] === PASS || legalMoves(state).length === 0) continue;
      const c1 = createContext();
      const c2 = createContext();
      const c3 = createContext();
      alphaBetaSearcher(5, "modified-weighted-squares")(state, c1);
      alphaBetaSearcher2(5, "modified-weighted-squares")(state, c2);
      alphaBetaSearcher3(5, "modified-weighted-squares")(state, c3);
      plain += c1.counter.nodes;
      sorted += c2.counter.nodes;
      killer += c3.counter.nodes;
    }
    expect(sorted).toBeLessThan(plain);
    expect(killer).toBeLessThan(plain);
  });
});

describe("levels", () => {
  it("every level plays a legal move", () => {
    const state = randomPosition(5, 20);
    for (let level = 1; level <= OTHELLO_MAX_LEVEL; level++) {
      let t = 0;
      const result = othelloLevelMove(state, level, {
        remainingMs: 1_000,
        incrementMs: 0,
        now: () => (t += 1),
        seed: 1,
      });
      expect(legalMoves(state)).toContain(result.move);
    }
  });
});
