import { BLACK, type KrkPosition, NO_ROOK, legalMovesOf, applyMove } from "./position.js";
import { KING_STEPS, adjacent, fileOf, onBoard, rankOf, rookAttacks, squareAt } from "./squares.js";

/*
 * The exact oracle (docs/krk.md §6): retrograde analysis of every placement of the three pieces with
 * either side to move. A table entry is the distance to mate in White moves (White to move: 1..16;
 * Black to move: 0 = mated, else how many White moves the mate takes), or DRAW, or ILLEGAL.
 */

export const DRAW = 254;
export const ILLEGAL = 255;
const UNKNOWN = 253;
/** The longest mate in the ending, in White moves (docs/krk.md §6). */
export const MAX_DTM = 16;
const SIZE = 64 * 64 * 64;

export interface KrkTables {
  /** By `tableIndex(wk, wr, bk)`, White to move. */
  readonly whiteToMove: Uint8Array;
  /** By `tableIndex(wk, wr, bk)`, Black to move. */
  readonly blackToMove: Uint8Array;
}

export function tableIndex(wk: number, wr: number, bk: number): number {
  return (wk * 64 + wr) * 64 + bk;
}

/** Calls `visit` with each square the rook could have come from to reach `wr` (not through a king). */
function rookOrigins(wr: number, wk: number, bk: number, visit: (square: number) => void): void {
  for (const [df, dr] of [
    [0, 1],
    [0, -1],
    [1, 0],
    [-1, 0],
  ] as const) {
    let file = fileOf(wr) + df;
    let rank = rankOf(wr) + dr;
    while (onBoard(file, rank)) {
      const square = squareAt(file, rank);
      if (square === wk || square === bk) break;
      visit(square);
      file += df;
      rank += dr;
    }
  }
}

/**
 * Builds both tables from scratch: mated positions first, then alternately the White-to-move positions
 * one move from a known loss for Black and the Black-to-move positions all of whose moves reach known
 * wins (counted down per position), until nothing changes. About 0.1–0.3 s (docs/krk.md §6).
 */
export function buildKrkTables(): KrkTables {
  const whiteToMove = new Uint8Array(SIZE).fill(ILLEGAL);
  const blackToMove = new Uint8Array(SIZE).fill(ILLEGAL);
  const movesLeft = new Uint8Array(SIZE);
  let frontier: number[] = [];

  for (let wk = 0; wk < 64; wk++) {
    for (let wr = 0; wr < 64; wr++) {
      if (wr === wk) continue;
      for (let bk = 0; bk < 64; bk++) {
        if (bk === wk || bk === wr || adjacent(wk, bk)) continue;
        const index = tableIndex(wk, wr, bk);
        if (!rookAttacks(wr, bk, wk)) whiteToMove[index] = UNKNOWN;
        const replies = legalMovesOf({ wk, wr, bk, side: BLACK });
        if (replies.some((move) => (move & 63) === wr)) {
          blackToMove[index] = DRAW;
        } else if (replies.length === 0) {
          blackToMove[index] = rookAttacks(wr, bk, wk) ? 0 : DRAW;
          if (blackToMove[index] === 0) frontier.push(index);
        } else {
          blackToMove[index] = UNKNOWN;
          movesLeft[index] = replies.length;
        }
      }
    }
  }

  for (let dtm = 1; frontier.length > 0; dtm++) {
    const won: number[] = [];
    const resolveWhite = (wk: number, wr: number, bk: number): void => {
      const index = tableIndex(wk, wr, bk);
      if (whiteToMove[index] !== UNKNOWN) return;
      whiteToMove[index] = dtm;
      won.push(index);
    };
    for (const index of frontier) {
      const bk = index & 63;
      const wr = (index >> 6) & 63;
      const wk = index >> 12;
      for (const from of KING_STEPS[wk] ?? []) {
        if (from !== wr && from !== bk && !adjacent(from, bk)) resolveWhite(from, wr, bk);
      }
      rookOrigins(wr, wk, bk, (from) => resolveWhite(wk, from, bk));
    }
    const next: number[] = [];
    for (const index of won) {
      const bk = index & 63;
      const wr = (index >> 6) & 63;
      const wk = index >> 12;
      for (const from of KING_STEPS[bk] ?? []) {
        if (from === wk || from === wr || adjacent(from, wk)) continue;
        const before = tableIndex(wk, wr, from);
        if (blackToMove[before] !== UNKNOWN) continue;
        movesLeft[before] = (movesLeft[before] ?? 1) - 1;
        if (movesLeft[before] === 0) {
          blackToMove[before] = dtm;
          next.push(before);
        }
      }
    }
    frontier = next;
  }
  for (let index = 0; index < SIZE; index++) {
    if (whiteToMove[index] === UNKNOWN) whiteToMove[index] = DRAW;
    if (blackToMove[index] === UNKNOWN) blackToMove[index] = DRAW;
  }
  return { whiteToMove, blackToMove };
}

// Built on first use and kept for the life of the process: 512 KB, read-only, the same for every game.
let tables: KrkTables | null = null;

/** The oracle's tables, built on first use (docs/krk.md §6). */
export function krkTables(): KrkTables {
  tables ??= buildKrkTables();
  return tables;
}

/**
 * White moves to mate with best play on both sides, ignoring the 50-move and repetition rules:
 * 0 when Black is mated, null for a draw (the rook is gone, or Black can take it or is stalemated).
 */
export function movesToMate(position: KrkPosition): number | null {
  if (position.wr === NO_ROOK) return null;
  const { whiteToMove, blackToMove } = krkTables();
  const index = tableIndex(position.wk, position.wr, position.bk);
  const value = (position.side === BLACK ? blackToMove : whiteToMove)[index] ?? ILLEGAL;
  return value <= MAX_DTM ? value : null;
}

/** Every legal move with the value of the position it leads to (see `movesToMate`). */
export function rateMoves(
  position: KrkPosition,
): { readonly move: number; readonly movesToMate: number | null }[] {
  return legalMovesOf(position).map((move) => ({
    move,
    movesToMate: movesToMate(applyMove(position, move)),
  }));
}

/**
 * The moves that keep the best result for the side to move: White mates soonest (or, in a position it
 * cannot win, any move); Black draws if it can, else holds out longest.
 */
export function bestMovesOf(position: KrkPosition): number[] {
  const rated = rateMoves(position);
  // Higher is better for the mover.
  const worth = (value: number | null): number =>
    position.side === BLACK ? (value === null ? 1000 : value) : value === null ? -1000 : -value;
  let best = -Infinity;
  for (const { movesToMate: value } of rated) best = Math.max(best, worth(value));
  return rated.filter(({ movesToMate: value }) => worth(value) === best).map(({ move }) => move);
}
