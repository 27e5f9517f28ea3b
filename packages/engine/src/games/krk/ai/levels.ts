import type { AiLevel } from "../../../ai/game-ai.js";
import type { ChooseOptions, ChosenMove } from "../../../search/budget.js";
import { bestMoves, distanceToMate } from "../analysis.js";
import { WHITE } from "../position.js";
import type { KrkState } from "../state.js";
import { al0Decision } from "./al0/session.js";
import { type Al0Variant, PRODUCT_VARIANT } from "./al0/table.js";

export const KRK_STRATEGIES = ["random", "al0", "perfect"] as const;
export type KrkStrategy = (typeof KRK_STRATEGIES)[number];

export interface KrkLevel extends AiLevel {
  readonly level: number;
  readonly strategy: KrkStrategy;
}

/** The lobby's levels (docs/krk.md §10). Every level answers at once: none of them needs the clock. */
export const krkLevels: readonly KrkLevel[] = Object.freeze([
  {
    level: 1,
    name: "Random",
    description: "Plays a random legal move, as White or as Black.",
    strategy: "random",
  },
  {
    level: 2,
    name: "Bratko's AL0",
    description:
      "As White, Bratko's Advice Language 0 table: mate in two, squeeze, approach, keep room, divide — " +
      "following its forcing trees and re-planning when Black leaves them. AL0 only knows White's side, " +
      "so as Black it defends perfectly, like level 3.",
    strategy: "al0",
  },
  {
    level: 3,
    name: "Perfect",
    description:
      "Plays from the exact retrograde oracle: as White the shortest mate, as Black the longest " +
      "resistance (or the draw, when Black can take the rook); random among equally good moves.",
    strategy: "perfect",
  },
]);

function levelOf(level: number): KrkLevel {
  const index = Math.min(krkLevels.length, Math.max(1, Math.floor(level))) - 1;
  return krkLevels[index] as KrkLevel;
}

function pick(moves: readonly number[], random: () => number): number {
  const move = moves[Math.min(moves.length - 1, Math.floor(random() * moves.length))];
  if (move === undefined) throw new RangeError("the game is over");
  return move;
}

/** The oracle's value for the mover: moves to mate, positive when the mover mates, 0 for a draw. */
function oracleValue(state: KrkState): number {
  return distanceToMate(state) ?? 0;
}

/** A perfect move for either side, random among the equally good ones. */
export function perfectMove(state: KrkState, random: () => number): ChosenMove {
  const value = oracleValue(state);
  return { move: pick(bestMoves(state), random), value, depth: Math.abs(value), nodes: 0 };
}

/**
 * AL0's move as White. Some advice is satisfiable in every legal White-to-move position (docs/krk.md
 * §8.3, point 8), so the perfect move it falls back on is never played; it is there for safety only.
 */
export function al0Move(
  state: KrkState,
  random: () => number,
  variant: Al0Variant = PRODUCT_VARIANT,
): ChosenMove {
  const decision = al0Decision(state, variant);
  if (decision === null) return perfectMove(state, random);
  const value = oracleValue(state);
  return { move: decision.move, value, depth: Math.abs(value), nodes: decision.nodes };
}

/** The move of an AI seat at `level` (clamped to 1..3). Throws when the game is over. */
export function chooseKrkMove(state: KrkState, level: number, options: ChooseOptions): ChosenMove {
  if (state.status !== "ongoing") throw new RangeError("the game is over");
  switch (levelOf(level).strategy) {
    case "random":
      return { move: pick(state.moves, options.random), value: 0, depth: 0, nodes: 0 };
    case "al0":
      return state.position.side === WHITE
        ? al0Move(state, options.random)
        : perfectMove(state, options.random);
    case "perfect":
      return perfectMove(state, options.random);
  }
}
