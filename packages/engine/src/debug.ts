import type { Game } from "./core/game.js";

/**
 * Counts the leaves of the game tree to `depth` plies. A forced move (an
 * Othello pass) is one ply; a game that ends early is one leaf.
 */
export function perft<S, M>(game: Game<S, M, unknown>, state: S, depth: number): number {
  if (depth === 0) return 1;
  const moves = game.legalMoves(state);
  if (moves.length === 0) return 1;
  if (depth === 1) return moves.length;
  let leaves = 0;
  for (const move of moves) leaves += perft(game, game.apply(state, move), depth - 1);
  return leaves;
}
