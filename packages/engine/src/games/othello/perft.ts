import { perftBits } from "./bitboard.js";
import { BLACK, type OthelloState } from "./rules.js";

/** Othello perft on the bitboard fast path; agrees with the generic `perft` over `othello`. */
export function perftOthello(state: OthelloState, depth: number): number {
  if (depth === 0) return 1;
  return state.turn === BLACK
    ? perftBits(state.blackLo, state.blackHi, state.whiteLo, state.whiteHi, depth, false)
    : perftBits(state.whiteLo, state.whiteHi, state.blackLo, state.blackHi, depth, false);
}
