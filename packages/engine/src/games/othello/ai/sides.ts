/**
 * The board as the searches (midgame, solver) see it: the mover's discs and the opponent's, as four
 * int32 halves, and the exact score of a finished game from the mover's side.
 */
import { popcount32 } from "../bitboard.js";
import { BLACK, type OthelloState } from "../rules.js";

/** [mover lo, mover hi, opponent lo, opponent hi]. */
export function sidesOf(state: OthelloState): [number, number, number, number] {
  return state.turn === BLACK
    ? [state.blackLo, state.blackHi, state.whiteLo, state.whiteHi]
    : [state.whiteLo, state.whiteHi, state.blackLo, state.blackHi];
}

/** The final disc difference for the mover, the empty squares going to the winner. */
export function finalScore(pl: number, ph: number, ol: number, oh: number): number {
  const p = popcount32(pl) + popcount32(ph);
  const o = popcount32(ol) + popcount32(oh);
  const diff = p - o;
  const empty = 64 - p - o;
  return diff > 0 ? diff + empty : diff < 0 ? diff - empty : 0;
}
