/**
 * Strength levels for an Othello AI seat, weakest first, climbing PAIP's
 * ladder to the time-managed Iago with the exact solver (level 7, playing
 * from the opening book while the position is in it), topped by the trained
 * evaluation with the solver (level 8, docs/strength.md).
 * The AI registry (src/ai/registry.ts) serves them through `othelloAi`.
 */
import { type OthelloState } from "../rules.js";
import { chooseBookMove } from "./book.js";
import { iagoPlay } from "./player.js";
import { trainedPlay } from "./trained-player.js";
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
    strategy: "iago-play",
  },
  {
    name: "Master",
    description:
      "The trained evaluation with the solver: opening book, then a pattern evaluation learned from " +
      "self-play searched as deep as the clock allows, and the exact endgame solver ordered by it.",
    strategy: "trained-play",
  },
] as const satisfies readonly {
  name: string;
  description: string;
  strategy: Strategy | "iago-play" | "trained-play";
}[];

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
    readonly aimMs?: number;
  },
): LevelMove {
  const index = Math.min(Math.max(Math.trunc(level), 1), OTHELLO_MAX_LEVEL) - 1;
  const entry = OTHELLO_LEVELS[index] ?? OTHELLO_LEVELS[0];
  if (entry.strategy === "iago-play" || entry.strategy === "trained-play") {
    // In book, a move near the best drawn with the seat's seed, so that games vary; depth 0 = no search.
    const book = chooseBookMove(state, createContext(clock.seed).random);
    if (book !== null) return { move: book.move, depth: 0, nodes: 0, value: book.value };
  }
  if (entry.strategy === "iago-play") {
    const result = iagoPlay(state, clock);
    return { move: result.move, depth: result.depth, nodes: result.nodes, value: result.value };
  }
  if (entry.strategy === "trained-play") {
    const result = trainedPlay(state, clock);
    return { move: result.move, depth: result.depth, nodes: result.nodes, value: result.value };
  }
  const context = createContext(clock.seed, { now: clock.now, clock });
  const move = entry.strategy(state, context);
  return { move, depth: 0, nodes: context.counter.nodes, value: 0 };
}
