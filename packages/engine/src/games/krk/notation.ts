import { type GameError, gameError } from "../../core/errors.js";
import { type Result, err, ok } from "../../core/result.js";
import {
  BLACK,
  type KrkPosition,
  applyMove,
  blackInCheck,
  encodeMove,
  isCapture,
  legalMovesOf,
  moveFrom,
  moveTo,
} from "./position.js";
import { fileOf, parseSquare, rankOf, squareName } from "./squares.js";

/*
 * Moves are written in SAN ("Rh8+", "Kxa1") or long algebraic ("h1h8", "h1-h8"); both are read
 * (docs/krk.md §5).
 */

function pieceLetter(position: KrkPosition, square: number): "K" | "R" {
  return square === position.wr ? "R" : "K";
}

/** "+" when the move gives check, "#" when it mates, "" otherwise. */
function checkSuffix(position: KrkPosition, move: number): string {
  if (position.side === BLACK) return "";
  const after = applyMove(position, move);
  if (!blackInCheck(after)) return "";
  return legalMovesOf(after).length === 0 ? "#" : "+";
}

/** SAN: piece letter, "x" for the capture of the rook, the target square, then "+" or "#". */
export function formatSan(position: KrkPosition, move: number): string {
  const capture = isCapture(position, move) ? "x" : "";
  const from = moveFrom(move);
  return `${pieceLetter(position, from)}${capture}${squareName(moveTo(move))}${checkSuffix(position, move)}`;
}

/** Long algebraic as UCI writes it: from-square and to-square, "h1h8". */
export function formatLan(move: number): string {
  return `${squareName(moveFrom(move))}${squareName(moveTo(move))}`;
}

const LAN = /^([a-h][1-8])[-x]?([a-h][1-8])[+#]?$/;
const SAN = /^([KR])?([a-h])?([1-8])?x?([a-h][1-8])[+#]?$/;
const MAX_MOVE_TEXT = 12;

function notation(message: string): { readonly ok: false; readonly error: GameError } {
  return err(gameError("invalid-notation", message));
}

function illegal(message: string): { readonly ok: false; readonly error: GameError } {
  return err(gameError("illegal-move", message));
}

function sideName(position: KrkPosition): string {
  return position.side === BLACK ? "Black" : "White";
}

function readLan(position: KrkPosition, from: number, to: number, text: string): Result<number, GameError> {
  const own = position.side === BLACK ? [position.bk] : [position.wk, position.wr];
  if (!own.includes(from)) {
    const what =
      from === position.wk
        ? "the white king"
        : from === position.wr
          ? "the white rook"
          : from === position.bk
            ? "the black king"
            : "nothing";
    return illegal(`${text}: ${squareName(from)} holds ${what}, and it is ${sideName(position)}'s move`);
  }
  const move = encodeMove(from, to);
  if (!legalMovesOf(position).includes(move)) {
    const piece = pieceLetter(position, from) === "K" ? "king" : "rook";
    return illegal(`${text}: the ${piece} on ${squareName(from)} cannot go to ${squareName(to)}`);
  }
  return ok(move);
}

function readSan(position: KrkPosition, match: RegExpExecArray, text: string): Result<number, GameError> {
  const [, letter, file, rank, target = ""] = match;
  const to = parseSquare(target);
  const candidates = legalMovesOf(position).filter((move) => {
    const from = moveFrom(move);
    if (moveTo(move) !== to) return false;
    if (letter !== undefined && pieceLetter(position, from) !== letter) return false;
    if (file !== undefined && fileOf(from) !== file.charCodeAt(0) - 97) return false;
    if (rank !== undefined && rankOf(from) !== Number(rank) - 1) return false;
    return true;
  });
  if (candidates.length === 1) return ok(candidates[0] ?? -1);
  if (candidates.length > 1) {
    return notation(
      `${text} is ambiguous: ${candidates.map((move) => formatSan(position, move)).join(" and ")} both go to ${target}`,
    );
  }
  const colour = sideName(position).toLowerCase();
  if (letter === "R" && position.side === BLACK) return illegal(`${text}: Black has no rook`);
  if (letter === undefined) return illegal(`${text}: no ${colour} piece can go to ${target}`);
  const piece = letter === "R" ? "rook" : "king";
  return illegal(`${text}: the ${colour} ${piece} cannot go to ${target}`);
}

/**
 * Reads one move for the side to move. Unreadable text is `invalid-notation`, as is SAN that fits more
 * than one legal move (a bare "d2" that king and rook can both reach); a readable move that is not legal
 * here is `illegal-move`. "+", "#" and "x" are optional and not checked against the move.
 */
export function parseMoveText(position: KrkPosition, text: unknown): Result<number, GameError> {
  if (typeof text !== "string")
    return notation("a move must be text, in SAN (Rh8+) or long algebraic (h1h8)");
  const trimmed = text.trim();
  const shown = trimmed.slice(0, MAX_MOVE_TEXT + 8);
  if (trimmed.length === 0) return notation("the move is empty");
  if (trimmed.length > MAX_MOVE_TEXT) return notation(`"${shown}…" is too long to be a move`);
  if (/^[O0]-[O0](-[O0])?[+#]?$/.test(trimmed)) return illegal("castling is not part of this game");
  const lan = LAN.exec(trimmed);
  if (lan !== null) return readLan(position, parseSquare(lan[1] ?? ""), parseSquare(lan[2] ?? ""), trimmed);
  const san = SAN.exec(trimmed);
  if (san !== null) return readSan(position, san, trimmed);
  return notation(`"${shown}" is not a move in SAN (Rh8+, Kd2) or long algebraic (h1h8)`);
}
