import { bestMovesOf, movesToMate, rateMoves } from "./oracle.js";
import { BLACK } from "./position.js";
import type { KrkState } from "./state.js";

/*
 * The oracle's answers about a game state (docs/krk.md §6), for the AI, the web board and analysis.
 * They ignore the 50-move and repetition rules, except that a game already drawn by them is a draw.
 */

/**
 * Distance to mate in White moves with best play, from the side to move's point of view: n > 0 when the
 * side to move (White) mates in n, −n when the side to move (Black) is mated in n, 0 when Black is mated,
 * null for a draw (the rook gone, Black able to take it or stalemated, or the game drawn by rule).
 */
export function distanceToMate(state: KrkState): number | null {
  if (state.status === "checkmate") return 0;
  if (state.status !== "ongoing") return null;
  const value = movesToMate(state.position);
  if (value === null) return null;
  return state.position.side === BLACK ? -value : value;
}

/** The legal moves that keep the best result: White's shortest mates, Black's draws or longest defences. */
export function bestMoves(state: KrkState): number[] {
  return state.status === "ongoing" ? bestMovesOf(state.position) : [];
}

/** Each legal move with the oracle's value of the position after it (White moves to mate, or null for a draw). */
export function moveValues(
  state: KrkState,
): { readonly move: number; readonly movesToMate: number | null }[] {
  return state.status === "ongoing" ? rateMoves(state.position) : [];
}
