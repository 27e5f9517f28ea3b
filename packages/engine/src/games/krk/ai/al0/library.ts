import { BLACK, type Side, WHITE, encodeMove } from "../../position.js";
import { distance, fileOf, manhattan, onBoard, rankOf, squareAt, strictlyBetween } from "../../squares.js";

/*
 * Bratko's predicate library for king and rook against king (the book's Fig. 24.10; the Russian edition's
 * Fig. 15.10), clause for clause: docs/krk.md §8. Coordinates are the book's shifted to 0..7; only
 * comparisons, differences and the edges enter the predicates, so nothing else changes.
 */

/** The book's position `Side..Wx:Wy..Rx:Ry..Bx:By..Depth`. The rook is lost when the black king stands on it. */
export interface Al0Position {
  readonly side: Side;
  readonly wk: number;
  readonly wr: number;
  readonly bk: number;
  /** Plies below the root of the forcing-tree search. */
  readonly depth: number;
}

/** `ngb`: the neighbours of a square in the book's order, diagonals first (`diagngb`, `horngb`, `verngb`). */
export const BOOK_NEIGHBOURS: readonly (readonly number[])[] = Array.from({ length: 64 }, (_, square) => {
  const x = fileOf(square);
  const y = rankOf(square);
  // `n(N, N1)` yields N+1 before N−1.
  const steps: readonly (readonly [number, number])[] = [
    [1, 1],
    [1, -1],
    [-1, 1],
    [-1, -1],
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ];
  return Object.freeze(
    steps.filter(([dx, dy]) => onBoard(x + dx, y + dy)).map(([dx, dy]) => squareAt(x + dx, y + dy)),
  );
});

function ngb(a: number, b: number): boolean {
  return a !== b && distance(a, b) === 1;
}

/** `inway(S, S1, S2)`: S1 is S2, or stands strictly between S and S2 on a file or rank. */
function inway(from: number, piece: number, to: number): boolean {
  return piece === to || strictlyBetween(from, piece, to);
}

/** `check`: the kings are neighbours, or the rook is in line with the black king (not taken) and unblocked. */
export function check(wk: number, wr: number, bk: number): boolean {
  if (ngb(wk, bk)) return true;
  const inLine = fileOf(wr) === fileOf(bk) || rankOf(wr) === rankOf(bk);
  return inLine && wr !== bk && !inway(wr, wk, bk);
}

/** One move of a generator: the move as `from * 64 + to`, and the position after it. */
export interface Al0Step {
  readonly move: number;
  readonly next: Al0Position;
}

/** `kingdiagfirst`: White king steps in `ngb` order, not next to the black king, not onto the rook. */
export function kingDiagFirst(pos: Al0Position): Al0Step[] {
  if (pos.side !== WHITE) return [];
  const steps: Al0Step[] = [];
  for (const to of BOOK_NEIGHBOURS[pos.wk] ?? []) {
    if (ngb(to, pos.bk) || to === pos.wr) continue;
    const next: Al0Position = { side: BLACK, wk: to, wr: pos.wr, bk: pos.bk, depth: pos.depth + 1 };
    steps.push({ move: encodeMove(pos.wk, to), next });
  }
  return steps;
}

/**
 * `rookmove`: for I = 1..8 the square on the rook's file at rank I, then the square on its rank at file I,
 * skipping its own square and any square the white king stands on or before. The black king is not an
 * obstacle (the book's quirk, unreachable from legal positions: docs/krk.md §8.3).
 */
export function rookMove(pos: Al0Position): Al0Step[] {
  if (pos.side !== WHITE) return [];
  const steps: Al0Step[] = [];
  const rx = fileOf(pos.wr);
  const ry = rankOf(pos.wr);
  const add = (to: number): void => {
    if (to === pos.wr || inway(pos.wr, pos.wk, to)) return;
    const next: Al0Position = { side: BLACK, wk: pos.wk, wr: to, bk: pos.bk, depth: pos.depth + 1 };
    steps.push({ move: encodeMove(pos.wr, to), next });
  };
  for (let i = 0; i < 8; i++) {
    add(squareAt(rx, i));
    add(squareAt(i, ry));
  }
  return steps;
}

/** `checkmove`: a `rookmove` onto the black king's file or rank. */
export function checkMove(pos: Al0Position): Al0Step[] {
  return rookMove(pos).filter(
    ({ next }) => fileOf(next.wr) === fileOf(pos.bk) || rankOf(next.wr) === rankOf(pos.bk),
  );
}

/** Black's `legal`: king steps in `ngb` order that do not end in `check` (taking an unguarded rook is one). */
export function blackLegal(pos: Al0Position): Al0Step[] {
  if (pos.side !== BLACK) return [];
  const steps: Al0Step[] = [];
  for (const to of BOOK_NEIGHBOURS[pos.bk] ?? []) {
    if (check(pos.wk, pos.wr, to)) continue;
    const next: Al0Position = { side: WHITE, wk: pos.wk, wr: pos.wr, bk: to, depth: pos.depth + 1 };
    steps.push({ move: encodeMove(pos.bk, to), next });
  }
  return steps;
}

/** `legal`: for White `kingdiagfirst` then `rookmove`; for Black its king moves. */
export function legal(pos: Al0Position): Al0Step[] {
  return pos.side === WHITE ? [...kingDiagFirst(pos), ...rookMove(pos)] : blackLegal(pos);
}

/** `room`: the area the rook fences the black king into, 64 when they share a file or rank. */
export function room(pos: Al0Position): number {
  const rx = fileOf(pos.wr);
  const ry = rankOf(pos.wr);
  const bx = fileOf(pos.bk);
  const by = rankOf(pos.bk);
  if (bx === rx || by === ry) return 64;
  // Book: Rx − 1 squares below the rook, 8 − Rx above, in 1-based coordinates.
  const sideX = bx < rx ? rx : 7 - rx;
  const sideY = by < ry ? ry : 7 - ry;
  return sideX * sideY;
}

/** `cs`: the square diagonally next to the rook on the black king's side (Rx+1 when not below). */
export function criticalSquare(pos: Al0Position): { readonly x: number; readonly y: number } {
  const rx = fileOf(pos.wr);
  const ry = rankOf(pos.wr);
  return {
    x: fileOf(pos.bk) < rx ? rx - 1 : rx + 1,
    y: rankOf(pos.bk) < ry ? ry - 1 : ry + 1,
  };
}

function onEdge(square: number): boolean {
  const x = fileOf(square);
  const y = rankOf(square);
  return x === 0 || x === 7 || y === 0 || y === 7;
}

function ordered(a: number, b: number, c: number): boolean {
  return (a < b && b < c) || (c < b && b < a);
}

/** `okcsquaremdist`: Manhattan distance from the white king to the critical square (which may be off the board). */
function csquareDistance(pos: Al0Position): number {
  const cs = criticalSquare(pos);
  return Math.abs(fileOf(pos.wk) - cs.x) + Math.abs(rankOf(pos.wk) - cs.y);
}

function rookLost(pos: Al0Position): boolean {
  if (pos.bk === pos.wr) return true;
  return pos.side === BLACK && ngb(pos.bk, pos.wr) && !ngb(pos.wk, pos.wr);
}

/** `\+ legalmove(Pos, _, _)` for Black, without building the moves. */
function noLegalMove(pos: Al0Position): boolean {
  for (const to of BOOK_NEIGHBOURS[pos.bk] ?? []) if (!check(pos.wk, pos.wr, to)) return false;
  return true;
}

/** A goal predicate: the position, and the root of the search for the comparing ones. */
export type Predicate = (pos: Al0Position, root: Al0Position) => boolean;

/**
 * Every goal predicate the table names, by the book's name. A name missing here (the table's `okedge`)
 * fails, as the book's programs run under `unknown(_, fail)`.
 */
export const PREDICATES: Readonly<Record<string, Predicate>> = {
  true: () => true,
  themtomove: (pos) => pos.side === BLACK,
  mate: (pos) => pos.side === BLACK && check(pos.wk, pos.wr, pos.bk) && noLegalMove(pos),
  stalemate: (pos) => pos.side === BLACK && !check(pos.wk, pos.wr, pos.bk) && noLegalMove(pos),
  newroomsmaller: (pos, root) => room(pos) < room(root),
  rookexposed: (pos) => {
    const d1 = distance(pos.wk, pos.wr);
    const d2 = distance(pos.bk, pos.wr);
    return pos.side === WHITE ? d1 > d2 + 1 : d1 > d2;
  },
  okapproachedcsquare: (pos, root) => csquareDistance(pos) < csquareDistance(root),
  rookdivides: (pos) =>
    ordered(fileOf(pos.wk), fileOf(pos.wr), fileOf(pos.bk)) ||
    ordered(rankOf(pos.wk), rankOf(pos.wr), rankOf(pos.bk)),
  lpatt: (pos) => manhattan(pos.wk, pos.bk) === 2 && manhattan(pos.wr, pos.bk) === 3,
  okorndle: (pos, root) => distance(pos.wk, pos.wr) <= distance(root.wk, root.wr),
  roomgt2: (pos) => room(pos) > 2,
  our_king_edge: (pos) => onEdge(pos.wk),
  their_king_edge: (pos) => onEdge(pos.bk),
  kings_close: (pos) => distance(pos.wk, pos.bk) < 4,
  rooklost: rookLost,
};
