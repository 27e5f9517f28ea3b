/**
 * Strength levels for an Othello AI seat, weakest first, climbing PAIP's
 * ladder; the top level is the time-managed Iago with the exact solver,
 * playing from the opening book while the position is in it.
 * The AI registry (src/ai/registry.ts) serves them through `othelloAi`.
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
  {
    name: "Random",
    description: "PAIP's random strategy: any legal move.",
    strategy: randomStrategy,
  },
  {
    name: "Greedy",
    description: "PAIP's maximizer on weighted squares: the best square one move ahead.",
    strategy: maximizer("weighted-squares"),
  },
  {
    name: "Beginner",
    description: "PAIP's alpha-beta searcher, 3 moves ahead on modified weighted squares.",
    strategy: alphaBetaSearcher(3, "modified-weighted-squares"),
  },
  {
    name: "Casual",
    description: "PAIP's alpha-beta-searcher3, 4 moves ahead on modified weighted squares, killer moves.",
    strategy: alphaBetaSearcher3(4, "modified-weighted-squares"),
  },
  {
    name: "Club",
    description: "PAIP's Iago evaluation (edge table, mobility) searched 3 moves ahead.",
    strategy: iago(3, { finalValue: "margin" }),
  },
  {
    name: "Strong",
    description: "PAIP's Iago evaluation searched 5 moves ahead.",
    strategy: iago(5, { finalValue: "margin" }),
  },
  {
    name: "Iago",
    description:
      "Iago on the clock: opening book, iterative deepening as time allows, and the exact endgame solver.",
    strategy: null,
  },
] as const satisfies readonly { name: string; description: string; strategy: Strategy | null }[];

/** Highest level. */
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
