import { type GameError, gameError } from "../../core/errors.js";
import { type Result, err, ok } from "../../core/result.js";
import { BLACK, type KrkPosition, WHITE, placementProblem } from "./position.js";
import { squareAt, squareName } from "./squares.js";

/*
 * The FEN subset of this game (docs/krk.md §3): exactly a white king, a white rook and a black king;
 * no castling, no en passant square. Every refusal is `invalid-options` with a message naming the problem.
 */

export interface FenPosition {
  readonly position: KrkPosition;
  /** Plies since the last capture, 0..99. */
  readonly halfmoveClock: number;
  /** The move number, from 1. */
  readonly fullmove: number;
}

/** The longest FEN this game can need is under 40 characters; longer input is refused unread. */
const MAX_FEN_LENGTH = 100;
export const MAX_FULLMOVE = 9999;

function invalid(message: string): { readonly ok: false; readonly error: GameError } {
  return err(gameError("invalid-options", message));
}

const PIECE_NAMES: Readonly<Record<string, string>> = {
  P: "a white pawn",
  N: "a white knight",
  B: "a white bishop",
  Q: "a white queen",
  p: "a black pawn",
  n: "a black knight",
  b: "a black bishop",
  r: "a black rook",
  q: "a black queen",
};

interface Placement {
  readonly kings: number[];
  readonly rooks: number[];
  readonly blackKings: number[];
}

function readPlacement(field: string): Result<Placement, GameError> {
  const ranks = field.split("/");
  if (ranks.length !== 8) return invalid(`the placement has ${ranks.length} ranks, not 8`);
  const placement: Placement = { kings: [], rooks: [], blackKings: [] };
  for (let row = 0; row < 8; row++) {
    const rank = 7 - row;
    const text = ranks[row] ?? "";
    let file = 0;
    for (const char of text) {
      if (char >= "1" && char <= "8") {
        file += Number(char);
        continue;
      }
      const square = file < 8 ? squareAt(file, rank) : -1;
      const where = square < 0 ? `beyond the h-file on rank ${rank + 1}` : `on ${squareName(square)}`;
      if (char === "K") placement.kings.push(square);
      else if (char === "R") placement.rooks.push(square);
      else if (char === "k") placement.blackKings.push(square);
      else {
        const piece = PIECE_NAMES[char];
        if (piece !== undefined) return invalid(`${piece} ${where}: only K, R and k play in this game`);
        return invalid(`'${char.slice(0, 1)}' on rank ${rank + 1} is not a piece letter or a digit 1 to 8`);
      }
      file += 1;
    }
    if (file !== 8) return invalid(`rank ${rank + 1} describes ${file} squares, not 8`);
  }
  return ok(placement);
}

function onlyOne(squares: readonly number[], name: string): Result<number, GameError> {
  if (squares.length === 0) return invalid(`there is no ${name}`);
  if (squares.length > 1) return invalid(`there are ${squares.length} ${name}s; this game has one`);
  return ok(squares[0] ?? -1);
}

function readCount(text: string | undefined, name: string, min: number, max: number, fallback: number) {
  if (text === undefined) return ok(fallback);
  if (!/^\d{1,4}$/.test(text) || Number(text) < min || Number(text) > max) {
    return invalid(`the ${name} must be a whole number from ${min} to ${max}`);
  }
  return ok(Number(text));
}

/**
 * Reads a FEN. The last four fields may be left off (castling and en passant then "-", the clocks
 * 0 and 1).
 */
export function parseFen(input: unknown): Result<FenPosition, GameError> {
  if (typeof input !== "string") return invalid("fen must be a string");
  if (input.length > MAX_FEN_LENGTH) return invalid(`a FEN is at most ${MAX_FEN_LENGTH} characters`);
  const fields = input.trim().split(/\s+/);
  if (fields.length < 2 || fields.length > 6) {
    return invalid(
      `a FEN has 2 to 6 fields (placement, side to move, castling, en passant, halfmove clock, move number); got ${fields.length}`,
    );
  }
  const [placementField = "", sideField, castling = "-", enPassant = "-", half, full] = fields;
  const placement = readPlacement(placementField);
  if (!placement.ok) return placement;
  const wk = onlyOne(placement.value.kings, "white king");
  if (!wk.ok) return wk;
  const wr = onlyOne(placement.value.rooks, "white rook");
  if (!wr.ok) return wr;
  const bk = onlyOne(placement.value.blackKings, "black king");
  if (!bk.ok) return bk;
  if (sideField !== "w" && sideField !== "b") return invalid("the side to move must be w or b");
  if (castling !== "-") return invalid("castling is not part of this game: the castling field must be -");
  if (enPassant !== "-")
    return invalid("there is no en passant without pawns: the en passant field must be -");
  const halfmoveClock = readCount(half, "halfmove clock", 0, 99, 0);
  if (!halfmoveClock.ok) return halfmoveClock;
  const fullmove = readCount(full, "move number", 1, MAX_FULLMOVE, 1);
  if (!fullmove.ok) return fullmove;
  const position: KrkPosition = {
    wk: wk.value,
    wr: wr.value,
    bk: bk.value,
    side: sideField === "w" ? WHITE : BLACK,
  };
  const problem = placementProblem(position);
  if (problem !== null) return invalid(problem);
  return ok({ position, halfmoveClock: halfmoveClock.value, fullmove: fullmove.value });
}

/** The placement field: ranks 8 to 1, runs of empty squares as digits. */
function placementField(position: KrkPosition): string {
  const ranks: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let text = "";
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const square = squareAt(file, rank);
      const piece =
        square === position.wk ? "K" : square === position.wr ? "R" : square === position.bk ? "k" : "";
      if (piece === "") {
        empty++;
        continue;
      }
      if (empty > 0) text += String(empty);
      empty = 0;
      text += piece;
    }
    if (empty > 0) text += String(empty);
    ranks.push(text);
  }
  return ranks.join("/");
}

/** The full six-field FEN; after the rook is taken the placement has the two kings only. */
export function formatFen(position: KrkPosition, halfmoveClock: number, fullmove: number): string {
  const side = position.side === WHITE ? "w" : "b";
  return `${placementField(position)} ${side} - - ${halfmoveClock} ${fullmove}`;
}
