import {
  KING_STEPS,
  adjacent,
  fileOf,
  onBoard,
  rankOf,
  rookAttacks,
  squareAt,
  squareName,
} from "./squares.js";

/*
 * The chess rules of king and rook against king on a bare position (docs/krk.md §1–2):
 * who stands where and who is to move, with no clocks or history.
 */

export const WHITE = 0;
export const BLACK = 1;
export type Side = typeof WHITE | typeof BLACK;

/** The rook's square once the black king has taken it. */
export const NO_ROOK = -1;

export interface KrkPosition {
  readonly wk: number;
  /** NO_ROOK once captured. */
  readonly wr: number;
  readonly bk: number;
  readonly side: Side;
}

/** A move is `from * 64 + to`; the piece is whatever stands on `from`. */
export function encodeMove(from: number, to: number): number {
  return from * 64 + to;
}

export function moveFrom(move: number): number {
  return move >> 6;
}

export function moveTo(move: number): number {
  return move & 63;
}

/** The black king is attacked by the rook (the kings are never next to each other in a legal position). */
export function blackInCheck(position: KrkPosition): boolean {
  return position.wr !== NO_ROOK && rookAttacks(position.wr, position.bk, position.wk);
}

/** The side to move is in check: only Black can be. */
export function sideInCheck(position: KrkPosition): boolean {
  return position.side === BLACK && blackInCheck(position);
}

const ROOK_DIRECTIONS: readonly (readonly [number, number])[] = [
  [0, 1],
  [0, -1],
  [1, 0],
  [-1, 0],
];

/**
 * Legal moves in the game's canonical order (docs/krk.md §1): White's king moves, then its rook moves,
 * each by increasing target square; Black's king moves by increasing target square.
 */
export function legalMovesOf(position: KrkPosition): number[] {
  const { wk, wr, bk } = position;
  const moves: number[] = [];
  if (position.side === WHITE) {
    for (const to of KING_STEPS[wk] ?? []) {
      if (to !== wr && to !== bk && !adjacent(to, bk)) moves.push(encodeMove(wk, to));
    }
    if (wr === NO_ROOK) return moves;
    const targets: number[] = [];
    for (const [df, dr] of ROOK_DIRECTIONS) {
      let file = fileOf(wr) + df;
      let rank = rankOf(wr) + dr;
      while (onBoard(file, rank)) {
        const to = squareAt(file, rank);
        if (to === wk || to === bk) break;
        targets.push(to);
        file += df;
        rank += dr;
      }
    }
    targets.sort((a, b) => a - b);
    for (const to of targets) moves.push(encodeMove(wr, to));
    return moves;
  }
  for (const to of KING_STEPS[bk] ?? []) {
    if (to === wk || adjacent(to, wk)) continue;
    // The black king leaves its square, so only the white king can block the rook.
    if (to !== wr && wr !== NO_ROOK && rookAttacks(wr, to, wk)) continue;
    moves.push(encodeMove(bk, to));
  }
  return moves;
}

/** The position after a move taken from `legalMovesOf` (unchecked). */
export function applyMove(position: KrkPosition, move: number): KrkPosition {
  const from = moveFrom(move);
  const to = moveTo(move);
  if (position.side === BLACK) {
    return { wk: position.wk, wr: to === position.wr ? NO_ROOK : position.wr, bk: to, side: WHITE };
  }
  return from === position.wk
    ? { wk: to, wr: position.wr, bk: position.bk, side: BLACK }
    : { wk: position.wk, wr: to, bk: position.bk, side: BLACK };
}

/** The move takes the rook. */
export function isCapture(position: KrkPosition, move: number): boolean {
  return position.side === BLACK && moveTo(move) === position.wr;
}

/** A safe integer naming the placement and the side to move; equal positions have equal keys. */
export function positionKey(position: KrkPosition): number {
  const rook = position.wr === NO_ROOK ? 64 : position.wr;
  return ((position.side * 65 + rook) * 64 + position.wk) * 64 + position.bk;
}

/** Why a placement is not a legal position, or null when it is (docs/krk.md §3). */
export function placementProblem(position: KrkPosition): string | null {
  const { wk, wr, bk } = position;
  for (const [name, square] of [
    ["white king", wk],
    ["white rook", wr],
    ["black king", bk],
  ] as const) {
    if (!Number.isInteger(square) || square < 0 || square > 63) return `the ${name} is not on a square`;
  }
  if (wk === wr) return `the white king and the white rook are both on ${squareName(wk)}`;
  if (wk === bk) return `the two kings are both on ${squareName(wk)}`;
  if (wr === bk) return `the white rook and the black king are both on ${squareName(wr)}`;
  if (adjacent(wk, bk)) return `the kings stand next to each other (${squareName(wk)} and ${squareName(bk)})`;
  if (position.side === WHITE && blackInCheck(position)) {
    return `the black king on ${squareName(bk)} is in check, but it is White's move`;
  }
  return null;
}
