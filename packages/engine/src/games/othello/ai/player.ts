/**
 * The time-managed Iago player (PAIP 18.13): a per-move budget from the
 * clock, iterative deepening of Iago's alpha-beta3 search with the previous
 * iteration's best move tried first, and the exact solver once the empties
 * are few enough for the time left. The clock is injected (`now()`, in
 * milliseconds); nothing here reads real time.
 */
import type { OthelloState } from "../rules.js";
import type { EndgameSolver } from "./solver.js";
import { createIagoSearcher, iagoIteration } from "./strategies.js";
import { iagoOrderedSolver } from "./thread-engines.js";
import { type TimedMove, discsOf, forcedMove, solvedMove, timeBudget } from "./timed-move.js";

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

export function iagoPlay(state: OthelloState, options: IagoPlayerOptions): TimedMove {
  const { now } = options;
  const start = now();
  const forced = forcedMove(state);
  if (forced !== null) return forced;
  const discs = discsOf(state);
  const empties = 64 - discs;
  const budget = timeBudget(options.remainingMs, options.incrementMs, discs - 3);
  const hardStop = start + budget.hardMs;
  let nodes = 0;

  if (options.solver !== false && empties <= solverEmptiesFor(budget.targetMs)) {
    const solver = options.endgame ?? iagoOrderedSolver();
    const solved = solvedMove(solver, state, { now, start, deadline: hardStop });
    if (solved.move !== null) return solved.move;
    nodes += solved.nodes;
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
