import { type KrkTables, DRAW, ILLEGAL, krkTables, tableIndex } from "./oracle.js";
import { fileOf, rankOf } from "./squares.js";

/*
 * The UCI "Chess (King-Rook vs. King)" dataset's view of the oracle (docs/krk.md §6.2): Black-to-move
 * positions reduced by symmetry, classed "draw" or by White moves to mate, 0 to 16.
 */

export const UCI_CLASSES = [
  "draw",
  "0",
  "1",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "9",
  "10",
  "11",
  "12",
  "13",
  "14",
  "15",
  "16",
] as const;
export type UciClass = (typeof UCI_CLASSES)[number];

/** At or below the a1–h8 diagonal: the rank is not above the file. */
function onOrBelowDiagonal(square: number): boolean {
  return rankOf(square) <= fileOf(square);
}

function onDiagonal(square: number): boolean {
  return rankOf(square) === fileOf(square);
}

/**
 * The dataset's representative of each symmetry class: the white king in the a1–d1–d4 triangle; with
 * the white king on the diagonal, the black king at or below it; with both kings on the diagonal, the
 * rook at or below it too (the last clause is needed for the dataset's 28,056 rows).
 */
export function isUciCanonical(wk: number, wr: number, bk: number): boolean {
  if (fileOf(wk) > 3 || !onOrBelowDiagonal(wk)) return false;
  if (!onDiagonal(wk)) return true;
  if (!onOrBelowDiagonal(bk)) return false;
  return !onDiagonal(bk) || onOrBelowDiagonal(wr);
}

/** Rows per class over the canonical legal Black-to-move positions, in `UCI_CLASSES` order. */
export function uciClassCounts(tables: KrkTables = krkTables()): Map<UciClass, number> {
  const counts = new Map<UciClass, number>(UCI_CLASSES.map((name) => [name, 0]));
  for (let wk = 0; wk < 64; wk++) {
    for (let wr = 0; wr < 64; wr++) {
      for (let bk = 0; bk < 64; bk++) {
        const value = tables.blackToMove[tableIndex(wk, wr, bk)] ?? ILLEGAL;
        if (value === ILLEGAL || !isUciCanonical(wk, wr, bk)) continue;
        const name = (value === DRAW ? "draw" : String(value)) as UciClass;
        counts.set(name, (counts.get(name) ?? 0) + 1);
      }
    }
  }
  return counts;
}
