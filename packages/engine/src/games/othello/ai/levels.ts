/**
 * Strength levels for an Othello AI seat, weakest first, climbing PAIP's
 * ladder; the top level is the time-managed Iago with the exact solver,
 * playing from the opening book while the position is in it.
 * `chooseMove` in src/ai can call `othelloLevelMove` for Othello requests.
 */
import { type OthelloState } from "../rules.js";
import { chooseBookMove } from "./book.js";
import { iagoPlay } from "./player.js";
import {
  type Strategy,
  alphaBetaSearcher,
  alphaBetaSearcher3,
  createContext,
  iago,
  maximizer,
  randomStrategy,
} from "./strategies.js";

export const OTHELLO_LEVELS = [
  { name: "random", strategy: randomStrategy },
  { name: "maximizer weighted-squares", strategy: maximizer("weighted-squares") },
  {
    name: "alpha-beta-searcher 3 modified-weighted-squares",
    strategy: alphaBetaSearcher(3, "modified-weighted-squares"),
  },
  {
    name: "alpha-beta-searcher3 4 modified-weighted-squares",
    strategy: alphaBetaSearcher3(4, "modified-weighted-squares"),
  },
  { name: "iago 3", strategy: iago(3, { finalValue: "margin" }) },
  { name: "iago 5", strategy: iago(5, { finalValue: "margin" }) },
  { name: "iago, timed, with the endgame solver", strategy: null },
] as const satisfies readonly { name: string; strategy: Strategy | null }[];

/** Highest level; the lead's AI_MAX_LEVEL.othello. */
export const OTHELLO_MAX_LEVEL = OTHELLO_LEVELS.length;

export interface LevelMove {
  readonly move: number;
  readonly depth: number;
  readonly nodes: number;
  readonly value: number;
}

/** The move of an AI seat at `level` (1-based, clamped); `now` is the injected clock in ms. */
export function othelloLevelMove(
  state: OthelloState,
  level: number,
  clock: {
    readonly remainingMs: number;
    readonly incrementMs: number;
    readonly now: () => number;
    readonly seed: number;
  },
): LevelMove {
  const index = Math.min(Math.max(Math.trunc(level), 1), OTHELLO_MAX_LEVEL) - 1;
  const entry = OTHELLO_LEVELS[index] ?? OTHELLO_LEVELS[0];
  if (entry.strategy === null) {
    // In book, a move near the best drawn with the seat's seed, so that games vary; depth 0 = no search.
    const book = chooseBookMove(state, createContext(clock.seed).random);
    if (book !== null) return { move: book.move, depth: 0, nodes: 0, value: book.value };
    const result = iagoPlay(state, clock);
    return { move: result.move, depth: result.depth, nodes: result.nodes, value: result.value };
  }
  const context = createContext(clock.seed, { now: clock.now, clock });
  const move = entry.strategy(state, context);
  return { move, depth: 0, nodes: context.counter.nodes, value: 0 };
}
