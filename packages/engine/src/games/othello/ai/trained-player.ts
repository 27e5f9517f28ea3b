/**
 * Level 8 (docs/strength.md, "Level 8"): level 7's time management (`timeBudget`, planned over the
 * moves before the solver takes over) with the trained
 * evaluation in the midgame search and the exact solver, ordered by the same evaluation, once the
 * empties are few enough for the time left. The clock is injected (`now()`, in milliseconds).
 */
import { type OthelloState } from "../rules.js";
import type { MidgameSearch } from "./midgame.js";
import type { EndgameSolver } from "./solver.js";
import { sidesOf } from "./sides.js";
import { trainedMidgame, trainedOrderedSolver } from "./thread-engines.js";
import { type TimedMove, discsOf, forcedMove, solvedMove, timeBudget } from "./timed-move.js";

export interface TrainedPlayerOptions {
  readonly remainingMs: number;
  readonly incrementMs: number;
  readonly now: () => number;
  /** Under a move ceiling, what the move aims at (`ChooseOptions.aimMs`): the target never exceeds it. */
  readonly aimMs?: number;
  /** Cap on the midgame depth (default 60, i.e. time decides). */
  readonly maxDepth?: number;
  /** The searches to use; by default this thread's. */
  readonly midgame?: MidgameSearch;
  readonly endgame?: EndgameSolver;
}

/**
 * Largest number of empties the trained-order solver is trusted to finish within twice `ms` (its
 * deadline) on the project's machine: the 90th percentile of noisy self-play positions is about
 * 12 ms at 14 empties, 60 ms at 16, 0.3 s at 18 and 4 s at 20 (docs/benchmarks.md).
 */
export function trainedSolverEmptiesFor(ms: number): number {
  if (ms >= 20_000) return 22;
  if (ms >= 2_000) return 20;
  if (ms >= 150) return 18;
  if (ms >= 30) return 16;
  if (ms >= 6) return 14;
  return 10;
}

/** Plies at the end of the game that the time plan leaves out (they are solved in milliseconds). */
const SOLVED_PLIES = 10;

/** An iteration costs about this many times the previous one (measured: 2–2.5 with the table). */
const ITERATION_GROWTH = 2;
/**
 * The midgame search starts an iteration that should end by this multiple of the target, and
 * abandons one still running at twice it: level 7's rule (never start one that would overrun the
 * target) left a third of the clock unused in 6 s games.
 */
const OVERRUN = 1.3;

/**
 * Wall-clock milliseconds kept back for each of the mover's later moves. The plan above hands each
 * move a share of what is left, so on a loaded machine, where a solve that would take 100 ms
 * takes 500, the clock shrinks geometrically over the last moves; this floor leaves every later move
 * at least this long (docs/strength.md, "Level 8": without it, 7 of 200 games at 6 s a side were lost
 * on time at a load average of 17).
 */
const FLOOR_MS_PER_LATER_MOVE = 25;

/** Level 8's move; `value` is in discs (exact when `solved`, else the trained estimate). */
export function trainedPlay(state: OthelloState, options: TrainedPlayerOptions): TimedMove {
  const { now } = options;
  const start = now();
  const forced = forcedMove(state);
  if (forced !== null) return forced;
  const discs = discsOf(state);
  const empties = 64 - discs;
  // Budget as if the game were SOLVED_PLIES shorter: the last moves are exact solves that take a
  // fraction of their share, and level 7's plan left a third of a 6 s clock unused.
  const budget = timeBudget(options.remainingMs, options.incrementMs, discs - 3 + SOLVED_PLIES);
  const laterMoves = Math.ceil(empties / 2) - 1;
  const lastCall = start + Math.max(0, options.remainingMs - FLOOR_MS_PER_LATER_MOVE * laterMoves);
  const hardStop = Math.min(start + budget.hardMs, lastCall);
  const targetMs = Math.min(budget.targetMs, options.aimMs ?? Infinity, hardStop - start);
  let nodes = 0;

  if (empties <= trainedSolverEmptiesFor(targetMs)) {
    // The solver may use up to twice the target; a failed solve leaves the midgame search the rest.
    const solver = options.endgame ?? trainedOrderedSolver();
    const solved = solvedMove(solver, state, {
      now,
      start,
      deadline: Math.min(hardStop, start + 2 * targetMs),
    });
    if (solved.move !== null) return solved.move;
    nodes += solved.nodes;
  }

  const search = options.midgame ?? trainedMidgame();
  const [pl, ph, ol, oh] = sidesOf(state);
  const result = search.search(pl, ph, ol, oh, {
    maxDepth: Math.min(options.maxDepth ?? 60, empties),
    now,
    deadline: Math.min(hardStop, start + 2 * targetMs),
    continueAfter: (_depth, iterationMs) =>
      now() - start + iterationMs * ITERATION_GROWTH <= Math.min(targetMs * OVERRUN, hardStop - start),
  });
  nodes += result.nodes;
  const scale = search.scale;
  return {
    move: result.move,
    depth: result.depth,
    value: result.value / scale,
    nodes,
    solved: false,
    elapsedMs: now() - start,
  };
}
