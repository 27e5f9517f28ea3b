import type { Game } from "./core/game.js";

/**
 * Counts the leaves of the game tree to `depth` plies. A forced move (an
 * Othello pass) is one ply; a game that ends early is one leaf. In a game
 * with chance every result of a move (`chanceOutcomes`) is a branch of its
 * own, since no state says which result comes (Dice of Doom: a chance attack
 * counts twice, success and failure).
 */
export function perft<S, M>(game: Game<S, M, unknown>, state: S, depth: number): number {
  if (depth === 0) return 1;
  const moves = game.legalMoves(state);
  if (moves.length === 0) return 1;
  const chance = game.chanceOutcomes !== undefined;
  if (depth === 1 && !chance) return moves.length;
  let leaves = 0;
  for (const move of moves) {
    const outcomes = game.chanceOutcomes?.(state, move);
    if (outcomes === undefined) leaves += perft(game, game.apply(state, move), depth - 1);
    else for (const outcome of outcomes) leaves += perft(game, outcome.state, depth - 1);
  }
  return leaves;
}
