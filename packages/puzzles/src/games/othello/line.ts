/**
 * Othello (docs/puzzles.md, "Othello"): from 12 to 24 empty squares, a move is the only one when it alone
 * keeps the best result (a win, or a draw) or beats every other move by `MARGIN` discs, all by exact
 * solves of every legal move. The rule is here once, for the finder and the verification alike.
 */
import { type GameError, Othello, type Result } from "@arena/engine";
import type { EndgameSolver } from "@arena/engine/games/othello/ai/index";
import type { MoveValue, ProofStep } from "../../puzzle.js";

/** Discs by which the only move must beat every other when another keeps the same result. */
export const MARGIN = 6;
/** The empties of the positions generation looks at (the solves take milliseconds here). */
export const MIN_EMPTIES = 12;
export const MAX_EMPTIES = 18;
/** Player moves of a line. */
export const MIN_MOVES = 2;
export const MAX_MOVES = 6;

export interface Rated {
  readonly move: number;
  /** The exact final disc difference for the side to move after `move` (empty squares to the winner). */
  readonly value: number;
}

/** Every legal move of the side to move with its exact value, in square order. */
export function rateMoves(solver: EndgameSolver, state: Othello.OthelloState): Rated[] {
  return Othello.legalMoves(state).map((move) => ({
    move,
    value: -solver.solve(Othello.applyMove(state, move)).score,
  }));
}

/** The only move by the rule above, or null; a single legal move is no choice, so never the only move. */
export function onlyMove(rated: readonly Rated[]): number | null {
  if (rated.length < 2 || rated.some(({ move }) => move === Othello.PASS)) return null;
  const sorted = [...rated].sort((a, b) => b.value - a.value);
  const [best, second] = sorted as [Rated, Rated];
  const keepsResult = sorted.filter(({ value }) => Math.sign(value) === Math.sign(best.value)).length === 1;
  if (best.value >= 0 && keepsResult) return best.move;
  return best.value - second.value >= MARGIN ? best.move : null;
}

/** The replies of best value, in square order (a pass when it is the only move). */
export function bestReplies(rated: readonly Rated[]): number[] {
  const best = Math.max(...rated.map(({ value }) => value));
  return rated.filter(({ value }) => value === best).map(({ move }) => move);
}

export function proofStep(move: number, rated: readonly Rated[]): ProofStep {
  const values: MoveValue[] = rated.map((entry) => ({
    move: Othello.squareName(entry.move),
    value: entry.value,
  }));
  return { move: Othello.squareName(move), values };
}

/** A position in `arena solve`'s format: 64 squares and X or O to move. */
export function loadOthello(position: string): Result<Othello.OthelloState, GameError> {
  return Othello.parsePosition(position);
}

export function emptiesOf(state: Othello.OthelloState): number {
  return Othello.discCounts(state).empty;
}
