import { search } from "../../../search/index.js";
import { type ConnectKState, isWinningMove, legalColumns } from "../board.js";
import { connectK } from "../index.js";
import { centreFirst, evaluateConnectK } from "./heuristic.js";
import { isSolvable, solverFor } from "./solver.js";
import { type ChooseOptions, type ChosenMove, moveBudgetMs } from "../../../search/budget.js";

export { type ChooseOptions, type ChosenMove, moveBudgetMs };

export const CONNECT_K_STRATEGIES = ["random", "search", "solver"] as const;
export type ConnectKStrategy = (typeof CONNECT_K_STRATEGIES)[number];

export interface ConnectKLevel {
  readonly level: number;
  readonly name: string;
  readonly description: string;
  readonly strategy: ConnectKStrategy;
  /** Deepest search iteration, in plies (0 for "random"). */
  readonly maxDepth: number;
  /** Hard cap on thinking time per move, in ms; the clock usually allows less. */
  readonly maxTimeMs: number;
  /**
   * Seeded noise added to leaf evaluations (in evaluation units: a single
   * disc in an open window is worth 1, two 4, a threat 16), so that equal or
   * nearly equal moves vary from game to game. The solver level instead
   * picks at random among the moves of equal exact score.
   */
  readonly noise: number;
}

/**
 * Level 5 tries the exact solver only when at most this many cells are
 * empty: earlier in a Connect Four game it rarely finishes in a move's time
 * (the benchmark positions with 28–38 empty cells take milliseconds on
 * average but up to a few hundred ms, and the empty board hours).
 */
export const SOLVER_MAX_EMPTY = 32;

export const connectKLevels: readonly ConnectKLevel[] = Object.freeze([
  {
    level: 1,
    name: "Beginner",
    description: "Takes a win in one when it sees it, otherwise drops a disc in a random column.",
    strategy: "random",
    maxDepth: 0,
    maxTimeMs: 50,
    noise: 0,
  },
  {
    level: 2,
    name: "Casual",
    description: "Looks 2 plies ahead (wins and blocks in one) with a lot of randomness in quiet positions.",
    strategy: "search",
    maxDepth: 2,
    maxTimeMs: 250,
    noise: 12,
  },
  {
    level: 3,
    name: "Club",
    description: "Iterative-deepening alpha-beta to 6 plies on open lines, a little randomness.",
    strategy: "search",
    maxDepth: 6,
    maxTimeMs: 1000,
    noise: 3,
  },
  {
    level: 4,
    name: "Expert",
    // Capped at 10 plies (16 before): at 16 plies it drew level with the solver level at short clocks
    // (docs/strength.md, "Connect-k"), and a ladder's levels must separate.
    description: "Iterative-deepening alpha-beta with a transposition table to 10 plies, as time allows.",
    strategy: "search",
    maxDepth: 10,
    maxTimeMs: 1500,
    noise: 1,
  },
  {
    level: 5,
    name: "Perfect",
    description:
      "Pascal Pons's exact solver once few enough cells are empty (boards up to Connect Four's 7×6), " +
      "choosing at random among perfect moves; before that, and on larger boards such as Trilobite's " +
      "8×7, the deepest search the clock allows.",
    strategy: "solver",
    maxDepth: 42,
    maxTimeMs: 10000,
    noise: 0,
  },
]);

function levelOf(level: number): ConnectKLevel {
  const index = Math.min(connectKLevels.length, Math.max(1, Math.floor(level))) - 1;
  return connectKLevels[index] as ConnectKLevel;
}

function pick<T>(items: readonly T[], random: () => number): T | undefined {
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))];
}

function randomMove(state: ConnectKState, random: () => number): ChosenMove {
  const moves = legalColumns(state);
  const win = moves.find((c) => isWinningMove(state, c));
  return { move: win ?? pick(moves, random) ?? -1, value: 0, depth: 0, nodes: 0 };
}

function searchMove(
  state: ConnectKState,
  level: ConnectKLevel,
  budget: number,
  options: ChooseOptions,
): ChosenMove {
  const result = search(connectK, state, {
    evaluate: evaluateConnectK,
    maxDepth: level.maxDepth,
    timeLimit: budget,
    now: options.now,
    // About a quarter of a millisecond of nodes between clock readings.
    checkInterval: 256,
    tableSize: 1 << 18,
    order: centreFirst,
    tieBreakNoise: level.noise,
    random: options.random,
  });
  return { move: result.move ?? -1, value: result.value, depth: result.depth, nodes: result.nodes };
}

/** Exact scores of every column, or null when the solver did not finish in time. */
function solverMove(state: ConnectKState, deadline: number, options: ChooseOptions): ChosenMove | null {
  const solver = solverFor(state.options);
  const root = solver.solve(state, { now: options.now, deadline });
  if (!root.complete) return null;
  const scored = solver.scoreColumns(state, { now: options.now, deadline });
  const empty = state.options.width * state.options.height - state.plies;
  if (!scored.complete) {
    // The root's move is perfect too; only the random choice among equals is lost.
    return { move: root.bestMove, value: root.score, depth: empty, nodes: root.nodes + scored.nodes };
  }
  const best: number[] = [];
  let bestScore = -Infinity;
  scored.scores.forEach((score, column) => {
    if (score === null) return;
    if (score > bestScore) {
      bestScore = score;
      best.length = 0;
    }
    if (score === bestScore) best.push(column);
  });
  const move = pick(best, options.random) ?? root.bestMove;
  return { move, value: bestScore, depth: empty, nodes: root.nodes + scored.nodes };
}

/**
 * The AI's move at `level` (1..connectKLevels.length; out-of-range levels
 * are clamped). Time-aware: all thinking stops within the budget of
 * `moveBudgetMs` as read from `now` (give or take one clock-check interval
 * of a few hundred nodes). Throws when the game is over.
 */
export function chooseConnectKMove(state: ConnectKState, level: number, options: ChooseOptions): ChosenMove {
  if (state.status !== "ongoing") throw new RangeError("the game is over");
  const spec = levelOf(level);
  if (spec.strategy === "random") return randomMove(state, options.random);
  const start = options.now();
  const empty = state.options.width * state.options.height - state.plies;
  const budget = moveBudgetMs(options.remainingMs, options.incrementMs, Math.ceil(empty / 2), spec.maxTimeMs);
  if (spec.strategy === "solver" && isSolvable(state.options) && empty <= SOLVER_MAX_EMPTY) {
    // Half the budget for the solver: if it fails, the search still gets the rest.
    const solved = solverMove(state, start + budget / 2, options);
    if (solved !== null) return solved;
  }
  const left = Math.max(0, budget - (options.now() - start));
  return searchMove(state, spec, left, options);
}
