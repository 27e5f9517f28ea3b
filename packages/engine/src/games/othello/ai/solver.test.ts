import { describe, expect, it } from "vitest";
import { Random } from "../../../core/rng.js";
import {
  type OthelloState,
  BLACK,
  applyMove,
  discCounts,
  formatPosition,
  legalMoves,
  parsePosition,
} from "../rules.js";
import { PASS } from "../squares.js";
import { FFO_40_49 } from "./ffo-fixture.js";
import { EndgameSolver, stableDiscs } from "./solver.js";
import { trainedWeights } from "./thread-engines.js";

const solver = new EndgameSolver({ ordering: "iago" });
const trainedSolver = new EndgameSolver({ ordering: trainedWeights() });
const solveExact = solver.solve.bind(solver);
const solveWinLossDraw = solver.solveWinLossDraw.bind(solver);
const solveBits = solver.solveBits.bind(solver);
const clearSolverTable = solver.clear.bind(solver);

function position(text: string): OthelloState {
  const parsed = parsePosition(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** Final disc difference for the side to move, by plain alpha-beta over the rules API (no bitboard tricks). */
function naive(state: OthelloState, alpha: number, beta: number): number {
  const moves = legalMoves(state);
  if (moves.length === 0) {
    const { black, white, empty } = discCounts(state);
    const diff = state.turn === BLACK ? black - white : white - black;
    return diff > 0 ? diff + empty : diff < 0 ? diff - empty : 0;
  }
  let best = -65;
  for (const move of moves) {
    const v = -naive(applyMove(state, move), -beta, -Math.max(alpha, best));
    if (v > best) best = v;
    if (best >= beta) break;
  }
  return best;
}

/** A position `empties` squares from the end, reached by seeded random play (null if the game ended first). */
function randomEndgame(seed: number, empties: number): OthelloState | null {
  const random = new Random(seed);
  let state = position("---------------------------OX------XO--------------------------- X");
  while (discCounts(state).empty > empties) {
    const moves = legalMoves(state);
    if (moves.length === 0) return null;
    state = applyMove(state, moves[random.int(moves.length)] ?? PASS);
  }
  if (legalMoves(state).length === 0) return null;
  return state;
}

describe("solveExact", () => {
  it("agrees with a naive alpha-beta on random endgames of 1–11 empties", () => {
    let checked = 0;
    for (let seed = 1; checked < 90; seed++) {
      const empties = 1 + (seed % 11);
      const state = randomEndgame(seed, empties);
      if (state === null) continue;
      const expected = naive(state, -65, 65) + 0;
      const result = solveExact(state);
      expect(result.score, `${formatPosition(state)} (seed ${seed})`).toBe(expected);
      if (result.bestMove !== PASS) {
        expect(naive(applyMove(state, result.bestMove), -65, 65) + 0).toBe(-expected + 0);
      }
      checked++;
    }
  });

  it("gives the same scores and equally good moves whatever orders the moves", () => {
    const unordered = new EndgameSolver({ ordering: null });
    for (let seed = 300; seed < 330; seed++) {
      const state = randomEndgame(seed, 8 + (seed % 9));
      if (state === null) continue;
      const exact = solveExact(state).score;
      for (const other of [trainedSolver, unordered]) {
        const result = other.solve(state);
        expect(result.score).toBe(exact);
        if (result.bestMove !== PASS)
          expect(-solveExact(applyMove(state, result.bestMove)).score).toBe(exact);
      }
    }
  });

  it("bounds the score correctly with a narrow window", () => {
    for (let seed = 500; seed < 540; seed++) {
      const state = randomEndgame(seed, 10);
      if (state === null) continue;
      const exact = naive(state, -65, 65);
      const low = solveExact(state, { alpha: exact, beta: exact + 1 });
      expect(low.score).toBeLessThanOrEqual(exact);
      const high = solveExact(state, { alpha: exact - 1, beta: exact });
      expect(high.score).toBeGreaterThanOrEqual(exact);
      expect(solveWinLossDraw(state).result).toBe(Math.sign(exact));
    }
  });

  it("handles passes and finished games", () => {
    // White has no move; black must play on after the pass.
    const pass = position("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-- O");
    expect(legalMoves(pass)).toEqual([PASS]);
    const result = solveExact(pass);
    expect(result.bestMove).toBe(PASS);
    expect(result.score).toBe(naive(pass, -65, 65) + 0);
    const over = position("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX- O");
    expect(solveExact(over)).toMatchObject({ score: -64, bestMove: -1 });
  });

  it("returns a principal variation that starts with the best move and replays legally", () => {
    const state = randomEndgame(77, 12);
    expect(state).not.toBeNull();
    if (state === null) return;
    const result = solveExact(state);
    expect(result.pv[0]).toBe(result.bestMove);
    let s = state;
    for (const move of result.pv) {
      expect(legalMoves(s)).toContain(move);
      s = applyMove(s, move);
    }
  });

  it("stops at the deadline of an injected clock", () => {
    let t = 0;
    const [line] = FFO_40_49;
    const state = position(line.split(" ").slice(0, 2).join(" "));
    clearSolverTable();
    const result = solveExact(state, { now: () => (t += 1), deadline: 50 });
    expect(result.aborted).toBe(true);
  });
});

describe("stableDiscs", () => {
  it("counts a filled corner region and nothing without corners", () => {
    const start = position("---------------------------OX------XO--------------------------- X");
    expect(stableDiscs(start.blackLo, start.blackHi, start.whiteLo, start.whiteHi)).toBe(0);
    const corner = position("XXX-----XX------X--------------------------------------------O-- X");
    expect(stableDiscs(corner.blackLo, corner.blackHi, corner.whiteLo, corner.whiteHi)).toBe(6);
    const full = position("X".repeat(64) + " X");
    expect(stableDiscs(full.blackLo, full.blackHi, 0, 0)).toBe(64);
  });

  it("never counts a disc that a later move flips", () => {
    for (let seed = 900; seed < 960; seed++) {
      let state = randomEndgame(seed, 14);
      if (state === null) continue;
      const black = (s: OthelloState): [number, number, number, number] => [
        s.blackLo,
        s.blackHi,
        s.whiteLo,
        s.whiteHi,
      ];
      const [bl, bh, wl, wh] = black(state);
      const stable = stableDiscs(bl, bh, wl, wh);
      const random = new Random(seed);
      // Play out randomly: every disc that is black at the end must include the stable ones.
      while (legalMoves(state).length > 0) {
        const moves = legalMoves(state);
        state = applyMove(state, moves[random.int(moves.length)] ?? PASS);
      }
      expect(stable).toBeLessThanOrEqual(discCounts(state).black);
      // Stable black discs stay black: check square by square.
      let count = 0;
      for (let sq = 0; sq < 64; sq++) {
        const wasBlack = sq < 32 ? (bl >>> sq) & 1 : (bh >>> (sq - 32)) & 1;
        const isBlack = sq < 32 ? (state.blackLo >>> sq) & 1 : (state.blackHi >>> (sq - 32)) & 1;
        if (wasBlack === 1 && isBlack === 1) count++;
      }
      expect(count).toBeGreaterThanOrEqual(stable);
    }
  });
});

describe("solveBits", () => {
  it("solves from raw boards after an aborted solve", () => {
    const [line] = FFO_40_49;
    // An earlier test may have left FFO #40 solved in the table, which would answer before the deadline.
    clearSolverTable();
    let t = 0;
    expect(
      solveExact(position(line.split(" ").slice(0, 2).join(" ")), { now: () => (t += 1), deadline: 5 })
        .aborted,
    ).toBe(true);
    const state = randomEndgame(31, 10);
    if (state === null) throw new Error("no position");
    const bits = solveBits(
      ...(state.turn === BLACK
        ? ([state.blackLo, state.blackHi, state.whiteLo, state.whiteHi] as const)
        : ([state.whiteLo, state.whiteHi, state.blackLo, state.blackHi] as const)),
    );
    expect(bits).toBe(naive(state, -65, 65) + 0);
  });
});
