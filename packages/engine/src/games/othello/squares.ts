/** Squares a1..h8: a1 = 0 (top-left), letters are columns, so index = (row − 1) · 8 + column. */
export const PASS = 64;

const FILES = "abcdefgh";

const nameOf = (square: number): string => `${FILES[square & 7] ?? "?"}${(square >>> 3) + 1}`;

/** Built once: every move of every game names its square, and a name should not be a new string each time. */
const SQUARE_NAMES: readonly string[] = Array.from({ length: 64 }, (_, square) => nameOf(square));

export function squareName(square: number): string {
  if (square === PASS) return "PA";
  return SQUARE_NAMES[square] ?? nameOf(square);
}

/** The square a name like "f5" (any case) names, "PA" for a pass, or -1. */
export function parseSquare(text: string): number {
  if (text.length !== 2) return -1;
  const lower = text.toLowerCase();
  if (lower === "pa") return PASS;
  const file = lower.charCodeAt(0) - 97;
  const rank = lower.charCodeAt(1) - 49;
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return -1;
  return rank * 8 + file;
}

export function hasBit(lo: number, hi: number, square: number): boolean {
  return square < 32 ? ((lo >>> square) & 1) === 1 : ((hi >>> (square - 32)) & 1) === 1;
}

/** Visits the set squares of a board in ascending order. */
export function squaresOf(lo: number, hi: number): number[] {
  const squares: number[] = [];
  while (lo !== 0) {
    const bit = lo & -lo;
    lo ^= bit;
    squares.push(31 - Math.clz32(bit));
  }
  while (hi !== 0) {
    const bit = hi & -hi;
    hi ^= bit;
    squares.push(63 - Math.clz32(bit));
  }
  return squares;
}
