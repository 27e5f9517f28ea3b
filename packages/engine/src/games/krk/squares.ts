/*
 * Squares are 0..63: file a..h is `square & 7`, rank 1..8 is `square >> 3` (a1 = 0, h1 = 7, h8 = 63).
 * docs/krk.md §1.
 */

export type SquareName = `${"a" | "b" | "c" | "d" | "e" | "f" | "g" | "h"}${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`;

const FILES = "abcdefgh";

export function fileOf(square: number): number {
  return square & 7;
}

export function rankOf(square: number): number {
  return square >> 3;
}

export function squareAt(file: number, rank: number): number {
  return rank * 8 + file;
}

export function onBoard(file: number, rank: number): boolean {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

export function squareName(square: number): SquareName {
  return `${FILES.charAt(fileOf(square))}${rankOf(square) + 1}` as SquareName;
}

/** The square a name like "e4" denotes, or -1. */
export function parseSquare(text: string): number {
  if (text.length !== 2) return -1;
  const file = FILES.indexOf(text.charAt(0));
  const rank = text.charCodeAt(1) - 49;
  return file >= 0 && rank >= 0 && rank < 8 ? squareAt(file, rank) : -1;
}

/** King-move (Chebyshev) distance. */
export function distance(a: number, b: number): number {
  return Math.max(Math.abs(fileOf(a) - fileOf(b)), Math.abs(rankOf(a) - rankOf(b)));
}

/** Manhattan distance (files plus ranks). */
export function manhattan(a: number, b: number): number {
  return Math.abs(fileOf(a) - fileOf(b)) + Math.abs(rankOf(a) - rankOf(b));
}

/** Distinct squares a king's step apart. */
export function adjacent(a: number, b: number): boolean {
  return a !== b && distance(a, b) === 1;
}

/** The squares a king on each square can step to, in increasing square order. */
export const KING_STEPS: readonly (readonly number[])[] = Array.from({ length: 64 }, (_, square) => {
  const steps: number[] = [];
  for (let target = 0; target < 64; target++) if (adjacent(square, target)) steps.push(target);
  return Object.freeze(steps);
});

/** True when `between` lies strictly between `a` and `b` on one file or one rank. */
export function strictlyBetween(a: number, between: number, b: number): boolean {
  const [fa, ra, fm, rm, fb, rb] = [
    fileOf(a),
    rankOf(a),
    fileOf(between),
    rankOf(between),
    fileOf(b),
    rankOf(b),
  ];
  if (ra === rm && rm === rb) return (fa < fm && fm < fb) || (fb < fm && fm < fa);
  if (fa === fm && fm === fb) return (ra < rm && rm < rb) || (rb < rm && rm < ra);
  return false;
}

/** A rook on `rook` attacks `target` along a file or rank unless `blocker` stands strictly between. */
export function rookAttacks(rook: number, target: number, blocker: number): boolean {
  if (rook === target) return false;
  if (fileOf(rook) !== fileOf(target) && rankOf(rook) !== rankOf(target)) return false;
  return !strictlyBetween(rook, blocker, target);
}
