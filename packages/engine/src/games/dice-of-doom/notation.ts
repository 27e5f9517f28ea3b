import { type GameError, gameError } from "../../core/errors.js";
import { type Result, err, ok } from "../../core/result.js";
import { PASS, attackMove, attackSource, attackTarget, isWellFormedMove } from "./moves.js";
import { excerpt } from "../../core/excerpt.js";

const COLUMNS = "abcdefgh";

/** Column letter then row number, row 1 at the top: pos 0 is "a1", pos N is "a2". */
export function cellName(pos: number, size: number): string {
  return `${COLUMNS.charAt(pos % size)}${Math.floor(pos / size) + 1}`;
}

/** The hex index for a name like "c4", or -1 when it is not on an N×N board. */
export function parseCell(text: string, size: number): number {
  const match = /^([a-h])([1-8])$/.exec(text);
  if (match === null) return -1;
  const x = COLUMNS.indexOf(match[1] ?? "");
  const y = Number(match[2]) - 1;
  return x >= size || y >= size ? -1 : x + y * size;
}

/**
 * An attack is written "a1>b1" (source, target); "a1-b1" is read too.
 * Ending the turn is "pass". Garbage numbers format as "#<n>" rather than throw.
 */
export function formatMove(move: number, size: number): string {
  if (move === PASS) return "pass";
  // Callers may pass anything despite the type; String() of an object can throw.
  const raw: unknown = move;
  if (!isWellFormedMove(raw, size)) return typeof raw === "number" ? `#${raw}` : "#?";
  return `${cellName(attackSource(move, size), size)}>${cellName(attackTarget(move, size), size)}`;
}

/** Checks the text only; whether the move is legal is left to `play`. */
export function parseMove(text: string, size: number): Result<number, GameError> {
  // Untrusted callers may hand over anything despite the type.
  if (typeof text !== "string") return err(gameError("invalid-notation", "a move must be text"));
  const clean = text.trim().toLowerCase();
  if (clean === "pass") return ok(PASS);
  const match = /^([a-h][1-8])\s*[>-]\s*([a-h][1-8])$/.exec(clean);
  if (match === null) {
    return err(gameError("invalid-notation", `"${excerpt(text)}" is not "pass" or an attack like "a1>b1"`));
  }
  const src = parseCell(match[1] ?? "", size);
  const dst = parseCell(match[2] ?? "", size);
  if (src < 0 || dst < 0) {
    return err(gameError("invalid-notation", `"${excerpt(text)}" names a hex off the ${size}×${size} board`));
  }
  return ok(attackMove(src, dst, size));
}
