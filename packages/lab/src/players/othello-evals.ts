/**
 * PAIP's Othello evaluation functions by their spec names, adapted from the
 * Othello AI module's bitboard functions to the generic search's `Evaluator`
 * (for the "search:<depth>:<eval>" players and NBoard hints).
 */
import type { Seat } from "@arena/engine/core/game";
import { type BitsEvaluator, EVALUATORS, moveNumberOf } from "@arena/engine/games/othello/ai/index";
import { BLACK, type OthelloState } from "@arena/engine/games/othello/rules";
import type { Evaluator } from "@arena/engine/search/types";

export const OTHELLO_EVAL_NAMES = [
  "count-difference",
  "mobility",
  "weighted-squares",
  "modified-weighted-squares",
  "iago",
] as const;
export type OthelloEvalName = (typeof OTHELLO_EVAL_NAMES)[number];

const BITS: Readonly<Record<OthelloEvalName, BitsEvaluator>> = {
  "count-difference": EVALUATORS["count-difference"],
  mobility: EVALUATORS.mobility,
  "weighted-squares": EVALUATORS["weighted-squares"],
  "modified-weighted-squares": EVALUATORS["modified-weighted-squares"],
  iago: EVALUATORS["iago-eval"],
};

/** The evaluator PAIP calls `name`; Iago's coefficients follow each position's own move number. */
export function othelloEvaluator(name: OthelloEvalName): Evaluator<OthelloState> {
  const fn = BITS[name];
  return (state: OthelloState, seat: Seat): number =>
    seat === BLACK
      ? fn(state.blackLo, state.blackHi, state.whiteLo, state.whiteHi, moveNumberOf(state))
      : fn(state.whiteLo, state.whiteHi, state.blackLo, state.blackHi, moveNumberOf(state));
}

export function isOthelloEvalName(name: string): name is OthelloEvalName {
  return (OTHELLO_EVAL_NAMES as readonly string[]).includes(name);
}
