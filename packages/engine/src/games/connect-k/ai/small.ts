import { type Seat } from "../../../core/game.js";
import { type ConnectKState, columnHeight, positionKey, seatOnTurn, winnerOf } from "../board.js";
import { connectK } from "../index.js";

/*
 * The Trilobite blog's full-tree AI (docs/connect-k.md §6, "rules-engine"): plain
 * minimax to the end of the game, leaves worth 1 for an AI win, −1 for a
 * human win and 0 for a draw, with no preference for quick wins. The AI is
 * whichever seat the caller names; it maximizes, the other seat minimizes.
 *
 * The blog lists moves by the cell they fill, in ascending row-major index
 * with row 0 at the top, so higher landing cells come first, left to right
 * within a row; `handle-computer` then plays the first maximum. Only for
 * small boards: the tree is searched in full (with a table of solved
 * positions, which does not change any value).
 */

export interface MoveRating {
  /** Column, 0 = left. */
  readonly move: number;
  /** The blog's cell number: row-major, row 0 at the top. */
  readonly cell: number;
  /** 1 AI win, −1 AI loss, 0 draw under perfect play. */
  readonly rating: number;
}

/** Empty cells of the largest board `rateMoves` accepts: the full tree must stay small. */
export const RATE_MOVES_MAX_CELLS = 20;

function landingCell(state: ConnectKState, column: number): number {
  const { width, height } = state.options;
  const rowFromTop = height - 1 - columnHeight(state, column);
  return rowFromTop * width + column;
}

/** Legal columns in the blog's order (ascending landing cell). */
export function blogMoveOrder(state: ConnectKState): number[] {
  return [...connectK.legalMoves(state)].sort((a, b) => landingCell(state, a) - landingCell(state, b));
}

function rate(state: ConnectKState, ai: Seat, memo: Map<number, number>): number {
  if (state.status === "draw") return 0;
  if (state.status === "won") return winnerOf(state) === ai ? 1 : -1;
  const key = positionKey(state);
  const known = memo.get(key);
  if (known !== undefined) return known;
  const maximizing = seatOnTurn(state) === ai;
  let best = maximizing ? -Infinity : Infinity;
  for (const column of connectK.legalMoves(state)) {
    const value = rate(connectK.apply(state, column), ai, memo);
    best = maximizing ? Math.max(best, value) : Math.min(best, value);
  }
  memo.set(key, best);
  return best;
}

/**
 * The blog's `get-ratings`: each legal move's minimax rating from the AI's
 * point of view (`ai` defaults to the seat to move), in the blog's order.
 * Throws a RangeError on boards with more than RATE_MOVES_MAX_CELLS empty cells.
 */
export function rateMoves(state: ConnectKState, ai: Seat = seatOnTurn(state)): MoveRating[] {
  const { width, height } = state.options;
  if (width * height - state.plies > RATE_MOVES_MAX_CELLS) {
    throw new RangeError(`rateMoves searches the full tree: at most ${RATE_MOVES_MAX_CELLS} empty cells`);
  }
  const memo = new Map<number, number>();
  return blogMoveOrder(state).map((move) => ({
    move,
    cell: landingCell(state, move),
    rating: rate(connectK.apply(state, move), ai, memo),
  }));
}

/** The blog's `handle-computer`: the first move with the highest rating (the AI is the seat to move); −1 when over. */
export function trilobiteMove(state: ConnectKState): number {
  let best: MoveRating | null = null;
  for (const entry of rateMoves(state)) if (best === null || entry.rating > best.rating) best = entry;
  return best?.move ?? -1;
}
