import { type GameError, gameError } from "../../core/errors.js";
import { type Result, err, ok } from "../../core/result.js";
import { type ConnectKState, applyColumn, initialState, isColumnOpen } from "./board.js";
import { type ConnectKOptions } from "./options.js";

/*
 * Pascal Pons's notation: a move is its column as one digit, 1 = leftmost,
 * and a game is the digits run together ("4453"). Widths stop at 9 so every
 * column is one digit.
 */

const DIGIT_ONE = 49;

export function formatColumn(column: number): string {
  return String(column + 1);
}

function columnOfDigit(code: number, width: number): number {
  const column = code - DIGIT_ONE;
  return column >= 0 && column < width ? column : -1;
}

/** One column digit, "1" to the board's width; surrounding blanks are ignored. */
export function parseColumn(text: unknown, width: number): Result<number, GameError> {
  if (typeof text !== "string") return err(gameError("invalid-notation", "a move must be a column digit"));
  const trimmed = text.trim();
  const column = trimmed.length === 1 ? columnOfDigit(trimmed.charCodeAt(0), width) : -1;
  if (column < 0) {
    return err(gameError("invalid-notation", `"${trimmed.slice(0, 20)}" is not a column from 1 to ${width}`));
  }
  return ok(column);
}

/** A whole game in Pons's notation ("4453"); the empty string is the empty game. */
export function parseMoveSequence(options: ConnectKOptions, text: unknown): Result<number[], GameError> {
  if (typeof text !== "string") {
    return err(gameError("invalid-notation", "a move sequence must be a string of column digits"));
  }
  const trimmed = text.trim();
  const moves: number[] = [];
  for (let i = 0; i < trimmed.length; i++) {
    const column = columnOfDigit(trimmed.charCodeAt(i), options.width);
    if (column < 0) {
      return err(
        gameError(
          "invalid-notation",
          `character ${i + 1} ("${trimmed.charAt(i)}") is not a column from 1 to ${options.width}`,
        ),
      );
    }
    moves.push(column);
  }
  return ok(moves);
}

export function formatMoveSequence(moves: readonly number[]): string {
  let text = "";
  for (const column of moves) text += formatColumn(column);
  return text;
}

/** Plays `moves` from the start: an illegal-move error for a full column, game-over after the end. */
export function positionFromMoves(
  options: ConnectKOptions,
  moves: readonly number[],
): Result<ConnectKState, GameError> {
  let state = initialState(options);
  for (let i = 0; i < moves.length; i++) {
    const column = moves[i] ?? -1;
    if (state.status !== "ongoing") {
      return err(
        gameError("game-over", `move ${i + 1} (${formatColumn(column)}) comes after the game ended`),
      );
    }
    if (!isColumnOpen(state, column)) {
      const what =
        Number.isInteger(column) && column >= 0 && column < options.width ? "is full" : "does not exist";
      return err(gameError("illegal-move", `move ${i + 1}: column ${formatColumn(column)} ${what}`));
    }
    state = applyColumn(state, column);
  }
  return ok(state);
}

/** Loads a position from Pons's notation, e.g. the move part of a test-set line. */
export function positionFromSequence(
  options: ConnectKOptions,
  text: unknown,
): Result<ConnectKState, GameError> {
  const moves = parseMoveSequence(options, text);
  if (!moves.ok) return moves;
  return positionFromMoves(options, moves.value);
}
