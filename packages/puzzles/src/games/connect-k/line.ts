/**
 * Connect Four (docs/puzzles.md, "Connect Four"): a win in N where every move of the player is the only
 * winning column by Pons's solver; the opponent's replies hold out longest.
 */
import { ConnectK, type GameError, type Result, connectK } from "@arena/engine";
import type { ConnectKSolver } from "@arena/engine/games/connect-k/ai/index";
import type { MoveValue, ProofStep } from "../../puzzle.js";

/** Puzzles are on Connect Four's board only (the connect-k game's preset). */
export const CONNECT_FOUR = { preset: "connect-four" } as const;

export const MIN_WIN = 2;
export const MAX_WIN = 12;

/** The connect-k options of Connect Four, checked by the game's own parser. */
export function connectFourOptions(): ConnectK.ConnectKOptions {
  const options = ConnectK.parseConnectKOptions(CONNECT_FOUR);
  if (!options.ok) throw new Error(`Connect Four's preset: ${options.error.message}`);
  return options.value;
}

/** Player moves to the win (the winning disc included) for Pons's score `score` > 0 of `state`. */
export function movesToWin(state: ConnectK.ConnectKState, score: number): number {
  return ConnectK.ponsWinScore(state) - score + 1;
}

/** Each open column with its exact score for the side to move (Pons's: > 0 a win, sooner higher). */
export function scoreColumns(
  solver: ConnectKSolver,
  state: ConnectK.ConnectKState,
): { move: number; value: number }[] {
  const scored = solver.scoreColumns(state);
  const rated: { move: number; value: number }[] = [];
  scored.scores.forEach((value, move) => {
    if (value !== null) rated.push({ move, value });
  });
  return rated;
}

/** The one winning column, or null when none wins or two do. */
export function onlyWinningColumn(rated: readonly { move: number; value: number }[]): number | null {
  const winning = rated.filter(({ value }) => value > 0);
  return winning.length === 1 ? (winning[0]?.move ?? null) : null;
}

/** The opponent's columns that hold out longest, left to right. */
export function bestReplies(rated: readonly { move: number; value: number }[]): number[] {
  const best = Math.max(...rated.map(({ value }) => value));
  return rated.filter(({ value }) => value === best).map(({ move }) => move);
}

export function proofStep(move: number, rated: readonly { move: number; value: number }[]): ProofStep {
  const values: MoveValue[] = rated.map((entry) => ({
    move: ConnectK.formatColumn(entry.move),
    value: entry.value,
  }));
  return { move: ConnectK.formatColumn(move), values };
}

export function positionOf(state: ConnectK.ConnectKState): string {
  return ConnectK.formatMoveSequence(ConnectK.moveHistory(state));
}

export function loadConnectFour(position: string): Result<ConnectK.ConnectKState, GameError> {
  return ConnectK.positionFromSequence(connectFourOptions(), position);
}

export const applyColumn = (state: ConnectK.ConnectKState, column: number): ConnectK.ConnectKState =>
  connectK.apply(state, column);
