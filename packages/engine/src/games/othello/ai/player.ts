/**
 * The time-managed Iago player (PAIP 18.13): a per-move budget from the
 * clock, iterative deepening of Iago's alpha-beta3 search with the previous
 * iteration's best move tried first, and the exact solver once the empties
 * are few enough for the time left. The clock is injected (`now()`, in
 * milliseconds); nothing here reads real time.
 */
import { popcount32 } from "../bitboard.js";
import { type OthelloState, legalMoves } from "../rules.js";
import { PASS } from "../squares.js";
import type { EndgameSolver } from "./solver.js";
import { createIagoSearcher, iagoIteration } from "./strategies.js";
import { iagoOrderedSolver } from "./thread-engines.js";

export interface TimeBudget {
  /** Aim to finish the move within this many ms. */
  readonly targetMs: number;
  /** Never search past this many ms, whatever the search is doing. */
  readonly hardMs: number;
}

/**
 * Splits the remaining time over the moves still to come. Our side plays
 * about half of the remaining 60 − moveNumber moves; a reserve (5% of the
 * clock, at most 1 s, at least 10 ms) is never planned, so a move that
 * overruns its target by the whole hard margin still leaves time on the
 * clock. The increment is added on top, as it comes back after the move.
 */
export function timeBudget(remainingMs: number, incrementMs: number, moveNumber: number): TimeBudget {
  const reserve = Math.max(10, Math.min(1000, remainingMs * 0.05));
  const usable = Math.max(0, remainingMs - reserve);
  const movesLeft = Math.max(1, Math.ceil((61 - moveNumber) / 2));
  const target = Math.min(usable / (movesLeft + 1) + incrementMs * 0.8, usable * 0.5);
  const hard = Math.min(usable * 0.6, Math.max(target * 3, target + incrementMs));
  return { targetMs: Math.max(0, target), hardMs: Math.max(0, hard) };
}

/**
 * Largest number of empties the exact solver is trusted to finish within
 * `ms` (measured on a 2-core machine: ~14 empties take milliseconds, 20 a few
 * seconds, each extra empty about 3× more).
 */
export function solverEmptiesFor(ms: number): number {
  if (ms >= 30_000) return 22;
  if (ms >= 8_000) return 20;
  if (ms >= 2_000) return 18;
  if (ms >= 500) return 16;
  if (ms >= 100) return 14;
  return 10;
}

export interface IagoPlayerOptions {
  readonly remainingMs: number;
  readonly incrementMs: number;
  readonly now: () => number;
  /** Cap on the midgame depth (default 60, i.e. time decides). */
  readonly maxDepth?: number;
  /** Disables the endgame solver (for tests of the midgame search). */
  readonly solver?: boolean;
  /** The exact solver to use; by default this thread's, ordered by Iago's evaluation. */
  readonly endgame?: EndgameSolver;
}

export interface IagoPlayerResult {
  /** The chosen move; PASS when forced; -1 when the game is over. */
  readonly move: number;
  /** Deepest completed iteration (empties when solved exactly). */
  readonly depth: number;
  /** Iago's value (or, when `solved`, the exact disc difference). */
  readonly value: number;
  readonly nodes: number;
  readonly solved: boolean;
  readonly elapsedMs: number;
}

export function iagoPlay(state: OthelloState, options: IagoPlayerOptions): IagoPlayerResult {
  const { now } = options;
  const start = now();
  const legal = legalMoves(state);
  if (legal.length === 0) return { move: -1, depth: 0, value: 0, nodes: 0, solved: false, elapsedMs: 0 };
  if (legal[0] === PASS) return { move: PASS, depth: 0, value: 0, nodes: 0, solved: false, elapsedMs: 0 };
  const discs = popcount32(state.blackLo | state.whiteLo) + popcount32(state.blackHi | state.whiteHi);
  const empties = 64 - discs;
  const budget = timeBudget(options.remainingMs, options.incrementMs, discs - 3);
  const hardStop = start + budget.hardMs;
  let nodes = 0;

  if (options.solver !== false && empties <= solverEmptiesFor(budget.targetMs)) {
    const solved = (options.endgame ?? iagoOrderedSolver()).solve(state, { now, deadline: hardStop });
    nodes += solved.nodes;
    if (!solved.aborted && solved.bestMove >= 0) {
      return {
        move: solved.bestMove,
        depth: empties,
        value: solved.score,
        nodes,
        solved: true,
        elapsedMs: now() - start,
      };
    }
  }

  // Depth 1 always completes (it is a few dozen evaluations), so there is always a move.
  const searcher = createIagoSearcher();
  let best = iagoIteration(searcher, state, 1, -1, undefined, Infinity);
  nodes += best.nodes;
  let depth = 1;
  const maxDepth = Math.min(options.maxDepth ?? 60, empties);
  let lastIterationMs = now() - start;
  while (depth < maxDepth) {
    const elapsed = now() - start;
    // An iteration costs several times the previous one; do not start one that cannot finish in time.
    if (elapsed + lastIterationMs * 3 > budget.targetMs) break;
    const iterationStart = now();
    const next = iagoIteration(searcher, state, depth + 1, best.move, now, hardStop);
    nodes += next.nodes;
    if (next.move < 0) break;
    best = next;
    depth++;
    lastIterationMs = now() - iterationStart;
  }
  return { move: best.move, depth, value: best.value, nodes, solved: false, elapsedMs: now() - start };
}
