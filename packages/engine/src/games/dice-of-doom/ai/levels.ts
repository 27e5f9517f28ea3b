import { type SearchGame, search } from "../../../search/index.js";
import { diceOfDoom } from "../index.js";
import { type DiceOfDoomState } from "../types.js";
import { BOOK_DEPTH, bookEvaluate, bookMove } from "./book.js";
import { type ChooseOptions, type ChosenMove, moveBudgetMs } from "../../../search/budget.js";

export { type ChooseOptions, type ChosenMove, moveBudgetMs };

export const DICE_OF_DOOM_STRATEGIES = ["random", "book", "deep"] as const;
export type DiceOfDoomStrategy = (typeof DICE_OF_DOOM_STRATEGIES)[number];

export interface DiceOfDoomLevel {
  readonly level: number;
  readonly name: string;
  readonly description: string;
  readonly strategy: DiceOfDoomStrategy;
  /** Plies (each attack or pass is one) for classic and chance rules; deepest iteration for "deep". */
  readonly depth: { readonly classic: number; readonly chance: number };
  /** Hard cap on thinking time per move, in ms; the clock usually allows less. */
  readonly maxTimeMs: number;
  /**
   * Seeded noise added to leaf values, in score-board points (a hex is worth
   * 1 or 2). Below 1 it only breaks ties; the book level has none and keeps
   * the book's first-maximum choice.
   */
  readonly noise: number;
}

/**
 * The ladder (docs/strength.md, "Dice of Doom"): a one-ply greedy level used to sit between random
 * and the book's AI, but over hundreds of games it never separated from the book's AI (search
 * beyond one ply buys nothing on score-board), so the two were merged into the book level.
 */
export const diceOfDoomLevels: readonly DiceOfDoomLevel[] = Object.freeze([
  {
    level: 1,
    name: "Beginner",
    description: "Any legal move at random, passing included.",
    strategy: "random",
    depth: { classic: 0, chance: 0 },
    maxTimeMs: 50,
    noise: 0,
  },
  {
    level: 2,
    name: "Book",
    description:
      "The Land of Lisp AI: alpha-beta 4 plies deep on score-board (paranoid with 3–4 players), " +
      "or for dice-roll rules the chapter 20 expectimax 2 plies deep; shallower only when the clock " +
      "cannot afford the full depth (large boards).",
    strategy: "book",
    depth: BOOK_DEPTH,
    maxTimeMs: 2000,
    noise: 0,
  },
  {
    level: 3,
    name: "Deep",
    description:
      "Iterative-deepening alpha-beta with a transposition table as deep as the clock allows " +
      "(up to 12 plies), valuing real wins above any score-board; chance moves averaged.",
    strategy: "deep",
    depth: { classic: 12, chance: 12 },
    maxTimeMs: 5000,
    noise: 0.25,
  },
]);

/** Actions a seat is assumed to have left (attacks and passes); a game rarely lasts longer. */
const ASSUMED_MOVES_LEFT = 30;

/** Thrown out of a book search whose time ran out. */
class OutOfTime extends Error {}
const OUT_OF_TIME = new OutOfTime("book search out of time");

// Expanded nodes between clock readings (each expands up to a few dozen leaves).
const CLOCK_INTERVAL = 16;

/**
 * The book search deepened one ply at a time up to `depth`, keeping the last
 * depth that finished before `deadline`: on the book's boards depth 4 takes
 * milliseconds and the result is exactly the book's, but on 8×8 boards
 * with many seats it could take minutes. Null if not even depth 1 finished.
 */
function timedBookMove(
  state: DiceOfDoomState,
  depth: number,
  deadline: number,
  now: () => number,
): ChosenMove | null {
  let calls = 0;
  const watched: SearchGame<DiceOfDoomState, number> = {
    ...diceOfDoom,
    legalMoves(s) {
      if (++calls % CLOCK_INTERVAL === 0 && now() >= deadline) throw OUT_OF_TIME;
      return diceOfDoom.legalMoves(s);
    },
  };
  let best: ChosenMove | null = null;
  let nodes = 0;
  for (let d = 1; d <= depth; d++) {
    try {
      const result = bookMove(state, d, watched);
      nodes += result.nodes;
      if (result.move !== null) best = { move: result.move, value: result.value, depth: d, nodes };
    } catch (error) {
      if (error !== OUT_OF_TIME) throw error;
      break;
    }
    if (now() >= deadline) break;
  }
  return best === null ? null : { ...best, nodes };
}

function firstMoveFallback(moves: readonly number[]): ChosenMove {
  return { move: moves[0] as number, value: 0, depth: 0, nodes: 0 };
}

function levelOf(level: number): DiceOfDoomLevel {
  const index = Math.min(diceOfDoomLevels.length, Math.max(1, Math.floor(level))) - 1;
  return diceOfDoomLevels[index] as DiceOfDoomLevel;
}

/**
 * The AI's move at `level` (1..diceOfDoomLevels.length; out-of-range levels
 * are clamped). Level 1 does a small fixed amount of work; levels 2–3 stop
 * within the budget of `moveBudgetMs` as read from `now` (level 2 then
 * plays the deepest book search that finished, the book's own choice
 * whenever its full depth fits). Throws when the game is over.
 */
export function chooseDiceOfDoomMove(
  state: DiceOfDoomState,
  level: number,
  options: ChooseOptions,
): ChosenMove {
  const moves = diceOfDoom.legalMoves(state);
  if (moves.length === 0) throw new RangeError("the game is over");
  const spec = levelOf(level);
  const rules = state.options.rules;
  const depth = spec.depth[rules];
  switch (spec.strategy) {
    case "random": {
      const move = moves[Math.min(moves.length - 1, Math.floor(options.random() * moves.length))] as number;
      return { move, value: 0, depth: 0, nodes: 0 };
    }
    case "book": {
      const budget = moveBudgetMs(
        options.remainingMs,
        options.incrementMs,
        ASSUMED_MOVES_LEFT,
        spec.maxTimeMs,
      );
      return timedBookMove(state, depth, options.now() + budget, options.now) ?? firstMoveFallback(moves);
    }
    case "deep": {
      const budget = moveBudgetMs(
        options.remainingMs,
        options.incrementMs,
        ASSUMED_MOVES_LEFT,
        spec.maxTimeMs,
      );
      const result = search(diceOfDoom, state, {
        evaluate: bookEvaluate,
        maxDepth: depth,
        timeLimit: budget,
        now: options.now,
        checkInterval: 64,
        tableSize: 1 << 16,
        // Score-board swings by a few points a ply.
        aspirationWindow: 3,
        tieBreakNoise: spec.noise,
        random: options.random,
      });
      return {
        move: result.move ?? (moves[0] as number),
        value: result.value,
        depth: result.depth,
        nodes: result.nodes,
      };
    }
  }
}
