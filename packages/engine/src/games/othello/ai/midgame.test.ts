import { describe, expect, it } from "vitest";
import { Random } from "../../../core/rng.js";
import { flips, moves, out } from "../bitboard.js";
import { BLACK, type OthelloState, STANDARD_START, applyMove, legalMoves, parsePosition } from "../rules.js";
import { PASS } from "../squares.js";
import { MidgameSearch } from "./midgame.js";
import { finalScore } from "./sides.js";
import { trainedEvalBits } from "./trained-eval.js";
import { trainedWeights } from "./thread-engines.js";

function randomPosition(seed: number, plies: number): OthelloState {
  const start = parsePosition(STANDARD_START);
  if (!start.ok) throw new Error(start.error.message);
  const random = new Random(seed);
  let state = start.value;
  for (let i = 0; i < plies && legalMoves(state).length > 0; i++) {
    const legal = legalMoves(state);
    state = applyMove(state, legal[random.int(legal.length)] ?? PASS);
  }
  return state;
}

function sides(state: OthelloState): [number, number, number, number] {
  return state.turn === BLACK
    ? [state.blackLo, state.blackHi, state.whiteLo, state.whiteHi]
    : [state.whiteLo, state.whiteHi, state.blackLo, state.blackHi];
}

/** Plain negamax to `depth` on the trained evaluation: no table, no ordering, no pruning. */
function negamax(pl: number, ph: number, ol: number, oh: number, depth: number, passed: boolean): number {
  const weights = trainedWeights();
  moves(pl, ph, ol, oh);
  const ml = out.lo;
  const mh = out.hi;
  if ((ml | mh) === 0) {
    if (passed) return finalScore(pl, ph, ol, oh) * weights.scale;
    moves(ol, oh, pl, ph);
    if ((out.lo | out.hi) === 0) return finalScore(pl, ph, ol, oh) * weights.scale;
    return -negamax(ol, oh, pl, ph, depth, true);
  }
  if (depth === 0) return trainedEvalBits(weights, pl, ph, ol, oh);
  let best = -Infinity;
  for (let sq = 0; sq < 64; sq++) {
    if (((sq < 32 ? ml >>> sq : mh >>> (sq - 32)) & 1) === 0) continue;
    flips(sq, pl, ph, ol, oh);
    const fl = out.lo;
    const fh = out.hi;
    const v = -negamax(
      ol & ~fl,
      oh & ~fh,
      pl | fl | (sq < 32 ? 1 << sq : 0),
      ph | fh | (sq < 32 ? 0 : 1 << (sq - 32)),
      depth - 1,
      false,
    );
    best = Math.max(best, v);
  }
  return best;
}

describe("MidgameSearch", () => {
  it("finds the negamax value of the trained evaluation at each depth", () => {
    const search = new MidgameSearch(trainedWeights(), 12);
    for (let seed = 1; seed <= 12; seed++) {
      const state = randomPosition(seed, 12 + (seed % 30));
      if (legalMoves(state).length === 0 || legalMoves(state)[0] === PASS) continue;
      const depth = 1 + (seed % 3);
      search.clear();
      const result = search.search(...sides(state), { maxDepth: depth });
      expect(result.depth).toBe(depth);
      expect(result.value).toBe(negamax(...sides(state), depth, false));
      expect(legalMoves(state)).toContain(result.move);
    }
  });

  it("returns a principal variation that starts with the move and replays legally", () => {
    const search = new MidgameSearch(trainedWeights(), 14);
    const state = randomPosition(5, 20);
    const result = search.search(...sides(state), { maxDepth: 5 });
    expect(result.pv[0]).toBe(result.move);
    let s = state;
    for (const move of result.pv) {
      expect(legalMoves(s)).toContain(move);
      s = applyMove(s, move);
    }
  });

  it("stops deepening when told and at the deadline of an injected clock", () => {
    const search = new MidgameSearch(trainedWeights(), 14);
    const state = randomPosition(6, 16);
    const told = search.search(...sides(state), { maxDepth: 20, continueAfter: (depth) => depth < 3 });
    expect(told.depth).toBe(3);
    let t = 0;
    const timed = search.search(...sides(state), { maxDepth: 30, now: () => (t += 1), deadline: 40 });
    expect(timed.depth).toBeGreaterThanOrEqual(1);
    expect(timed.depth).toBeLessThan(30);
    expect(legalMoves(state)).toContain(timed.move);
  });

  it("scores a finished game exactly and a forced pass as PASS", () => {
    const search = new MidgameSearch(trainedWeights(), 10);
    const over = parsePosition(`${"X".repeat(63)}- O`);
    if (!over.ok) throw new Error(over.error.message);
    expect(search.search(...sides(over.value), { maxDepth: 4 }).move).toBe(-1);
    const pass = parsePosition(`${"X".repeat(61)}O-- O`);
    if (!pass.ok) throw new Error(pass.error.message);
    expect(search.search(...sides(pass.value), { maxDepth: 4 }).move).toBe(PASS);
    // One empty left: black takes it and flips g8, and owns the whole board.
    const last = parsePosition(`${"X".repeat(62)}O- X`);
    if (!last.ok) throw new Error(last.error.message);
    const result = search.search(...sides(last.value), { maxDepth: 4 });
    expect(result.value).toBe(64 * trainedWeights().scale);
  });
});
