import { type Seat } from "../../core/game.js";
import { type ConnectKOptions } from "./options.js";

/*
 * Representation: Pascal Pons's column-major bitboard. Cell (column c, row r),
 * r = 0 at the bottom, is bit c·(H+1) + r; row H of every column is an
 * always-empty sentinel, so a walk that steps off the top, the bottom or a
 * side of the board lands on a zero bit and stops without bounds checks.
 *
 * A board of up to 9 × (10+1) = 99 bits is held in four signed 32-bit words
 * per plane, as plain fields of the state. Node's V8 keeps int32 values as
 * small integers, so making a move allocates only the new state object (no
 * arrays, no BigInt, no boxed doubles). Connect Four (49 bits) and Trilobite
 * (64 bits) use only the first two words; the other two stay zero.
 *
 * The planes follow Pons: `mask` holds every disc and `pos` the discs of the
 * seat to move, so `pos + mask` is a unique key and the next position's `pos`
 * is the old `pos ^ mask` once the new disc is in.
 */

export const STATUSES = ["ongoing", "won", "draw"] as const;
/** "won" means the seat that made the last move has a line. */
export type ConnectKStatus = (typeof STATUSES)[number];

export interface ConnectKState {
  readonly options: ConnectKOptions;
  /** Every disc on the board, bits 0–31, 32–63, 64–95, 96–127. */
  readonly mask0: number;
  readonly mask1: number;
  readonly mask2: number;
  readonly mask3: number;
  /** The discs of the seat to move (after the game ends: of the seat that would move). */
  readonly pos0: number;
  readonly pos1: number;
  readonly pos2: number;
  readonly pos3: number;
  /** Discs on the board. */
  readonly plies: number;
  /** Column of the last disc, −1 before the first move. */
  readonly lastMove: number;
  readonly status: ConnectKStatus;
  /**
   * The state before the last move, null at the start. Kept so a state can
   * give back its move sequence (serialization is options + moves); it costs
   * one pointer and no allocation.
   */
  readonly previous: ConnectKState | null;
}

const TWO_POW_32 = 4294967296;

function createState(
  options: ConnectKOptions,
  mask0: number,
  mask1: number,
  mask2: number,
  mask3: number,
  pos0: number,
  pos1: number,
  pos2: number,
  pos3: number,
  plies: number,
  lastMove: number,
  status: ConnectKStatus,
  previous: ConnectKState | null,
): ConnectKState {
  // One literal in one place, so every state shares one hidden class.
  return { options, mask0, mask1, mask2, mask3, pos0, pos1, pos2, pos3, plies, lastMove, status, previous };
}

export function initialState(options: ConnectKOptions): ConnectKState {
  return createState(options, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, "ongoing", null);
}

/** Bit `index` of a four-word plane; negative indices (off the left edge) read as empty. */
function bitOf(w0: number, w1: number, w2: number, w3: number, index: number): number {
  if (index < 0) return 0;
  // Walks stop at the first empty cell, and the first cell past the right edge
  // is at most bit 9·11 + 11 = 110, so indices never reach 128.
  const word = index < 64 ? (index < 32 ? w0 : w1) : index < 96 ? w2 : w3;
  return (word >>> (index & 31)) & 1;
}

function maskWord(state: ConnectKState, word: number): number {
  return word < 2 ? (word === 0 ? state.mask0 : state.mask1) : word === 2 ? state.mask2 : state.mask3;
}

/** The bit index of cell (column, row), row 0 at the bottom. */
export function cellIndex(options: ConnectKOptions, column: number, row: number): number {
  return column * (options.height + 1) + row;
}

/** Discs in `column`; the next disc lands on this row (counted from the bottom). */
export function columnHeight(state: ConnectKState, column: number): number {
  const stride = state.options.height + 1;
  const start = column * stride;
  const word = start >>> 5;
  const offset = start & 31;
  let bits = maskWord(state, word) >>> offset;
  if (offset + stride > 32) bits |= maskWord(state, word + 1) << (32 - offset);
  // A column's occupied cells are 2^h − 1 above its first bit.
  bits &= (1 << stride) - 1;
  return 31 - Math.clz32(bits + 1);
}

/** A valid column index that is not full (whether or not the game is over). */
export function isColumnOpen(state: ConnectKState, column: number): boolean {
  const options = state.options;
  if (!Number.isInteger(column) || column < 0 || column >= options.width) return false;
  const top = column * (options.height + 1) + options.height - 1;
  return bitOf(state.mask0, state.mask1, state.mask2, state.mask3, top) === 0;
}

/** How long the run through bit `index` is along `step`, counting at most `k`. */
function runThrough(w0: number, w1: number, w2: number, w3: number, index: number, step: number, k: number) {
  let length = 1;
  for (let i = index + step; length < k && bitOf(w0, w1, w2, w3, i) === 1; i += step) length++;
  for (let i = index - step; length < k && bitOf(w0, w1, w2, w3, i) === 1; i -= step) length++;
  return length;
}

/** Whether the disc at bit `index` (on `row`) is part of k in a row in the plane. */
function completesLine(
  w0: number,
  w1: number,
  w2: number,
  w3: number,
  index: number,
  row: number,
  k: number,
  stride: number,
): boolean {
  // Vertical: nothing can sit above the newest disc, so look down only.
  if (row >= k - 1) {
    let length = 1;
    while (length < k && bitOf(w0, w1, w2, w3, index - length) === 1) length++;
    if (length >= k) return true;
  }
  return (
    runThrough(w0, w1, w2, w3, index, stride, k) >= k ||
    runThrough(w0, w1, w2, w3, index, stride + 1, k) >= k ||
    runThrough(w0, w1, w2, w3, index, stride - 1, k) >= k
  );
}

/** Unchecked move: `column` must come from `legalMoves`. */
export function applyColumn(state: ConnectKState, column: number): ConnectKState {
  const options = state.options;
  const stride = options.height + 1;
  const row = columnHeight(state, column);
  const index = column * stride + row;
  const bit = 1 << (index & 31);
  let m0 = state.mask0;
  let m1 = state.mask1;
  let m2 = state.mask2;
  let m3 = state.mask3;
  let p0 = state.pos0;
  let p1 = state.pos1;
  let p2 = state.pos2;
  let p3 = state.pos3;
  switch (index >>> 5) {
    case 0:
      m0 |= bit;
      p0 |= bit;
      break;
    case 1:
      m1 |= bit;
      p1 |= bit;
      break;
    case 2:
      m2 |= bit;
      p2 |= bit;
      break;
    default:
      m3 |= bit;
      p3 |= bit;
  }
  const plies = state.plies + 1;
  const status: ConnectKStatus = completesLine(p0, p1, p2, p3, index, row, options.k, stride)
    ? "won"
    : plies === options.width * options.height
      ? "draw"
      : "ongoing";
  return createState(
    options,
    m0,
    m1,
    m2,
    m3,
    p0 ^ m0,
    p1 ^ m1,
    p2 ^ m2,
    p3 ^ m3,
    plies,
    column,
    status,
    state,
  );
}

const NO_COLUMNS: readonly number[] = Object.freeze([]);

/** Open columns, left to right; none once the game is over. */
export function legalColumns(state: ConnectKState): readonly number[] {
  if (state.status !== "ongoing") return NO_COLUMNS;
  const options = state.options;
  const stride = options.height + 1;
  const moves: number[] = [];
  for (let column = 0, top = options.height - 1; column < options.width; column++, top += stride) {
    if (bitOf(state.mask0, state.mask1, state.mask2, state.mask3, top) === 0) moves.push(column);
  }
  return moves;
}

/** Whether the seat to move wins at once by dropping a disc in `column`. */
export function isWinningMove(state: ConnectKState, column: number): boolean {
  if (state.status !== "ongoing" || !isColumnOpen(state, column)) return false;
  const options = state.options;
  const row = columnHeight(state, column);
  const index = column * (options.height + 1) + row;
  const bit = 1 << (index & 31);
  const word = index >>> 5;
  return completesLine(
    word === 0 ? state.pos0 | bit : state.pos0,
    word === 1 ? state.pos1 | bit : state.pos1,
    word === 2 ? state.pos2 | bit : state.pos2,
    word === 3 ? state.pos3 | bit : state.pos3,
    index,
    row,
    options.k,
    options.height + 1,
  );
}

/**
 * Whether the seat to move can win with its next disc: in `column` when one
 * is given (the same as `isWinningMove`), else in any column.
 */
export function canWinNext(state: ConnectKState, column?: number): boolean {
  if (column !== undefined) return isWinningMove(state, column);
  for (let c = 0; c < state.options.width; c++) if (isWinningMove(state, c)) return true;
  return false;
}

/** Discs on the board (Pons's `nbMoves`). */
export function movesPlayed(state: ConnectKState): number {
  return state.plies;
}

/**
 * Pons's score for the seat to move winning with its next disc:
 * ⌊(W·H + 1 − n)/2⌋ with n discs on the board (18 for "4455" is a win with
 * the 4th own disc after that). Losses are the negative, draws 0.
 */
export function ponsWinScore(state: ConnectKState): number {
  const options = state.options;
  return Math.floor((options.width * options.height + 1 - state.plies) / 2);
}

/** The seat whose turn it is by alternation (also defined once the game is over). */
export function seatOnTurn(state: ConnectKState): Seat {
  return (state.options.firstSeat + state.plies) & 1;
}

/** The winning seat, or null while the game is on or after a draw. */
export function winnerOf(state: ConnectKState): Seat | null {
  return state.status === "won" ? seatOnTurn(state) ^ 1 : null;
}

/** The seat owning cell (column, row), row 0 at the bottom; −1 for an empty or off-board cell. */
export function cellOwner(state: ConnectKState, column: number, row: number): Seat {
  const options = state.options;
  if (!Number.isInteger(column) || !Number.isInteger(row)) return -1;
  if (column < 0 || column >= options.width || row < 0 || row >= options.height) return -1;
  const index = cellIndex(options, column, row);
  if (bitOf(state.mask0, state.mask1, state.mask2, state.mask3, index) === 0) return -1;
  const mine = bitOf(state.pos0, state.pos1, state.pos2, state.pos3, index) === 1;
  return mine ? seatOnTurn(state) : seatOnTurn(state) ^ 1;
}

/** Whether `positionKey` is Pons's exact `pos + mask` (W·(H+1) ≤ 53 bits) rather than a 53-bit mix. */
export function isKeyExact(options: ConnectKOptions): boolean {
  return options.width * (options.height + 1) <= 53;
}

function mixLane(lane: number, word: number, multiplier: number, shift: number): number {
  const mixed = Math.imul(lane ^ word, multiplier);
  return mixed ^ (mixed >>> shift);
}

/**
 * A transposition-table key, a safe integer. Up to 53 board bits (Connect
 * Four: 49) it is Pons's `pos + mask`, exact and collision-free. Larger
 * boards get a 53-bit mix of both planes instead of Zobrist keys: it is as
 * good for a table, needs no random tables and nothing updated per move.
 * Equal positions (same options) always get equal keys: the side to move is
 * fixed by the disc count, and the result by the board.
 */
export function positionKey(state: ConnectKState): number {
  if (isKeyExact(state.options)) {
    // Per column, pos + mask stays below the sentinel bit, so the sum fits W·(H+1) bits.
    return (state.pos0 >>> 0) + (state.mask0 >>> 0) + ((state.pos1 >>> 0) + (state.mask1 >>> 0)) * TWO_POW_32;
  }
  // Two independent 32-bit lanes, unrolled so hashing allocates nothing.
  let a = mixLane(0x9e3779b9 | 0, state.pos0, 0x85ebca77, 15);
  let b = mixLane(0x41c64e6d, state.pos0, 0xc2b2ae3d, 13);
  a = mixLane(a, state.pos1, 0x85ebca77, 15);
  b = mixLane(b, state.pos1, 0xc2b2ae3d, 13);
  a = mixLane(a, state.pos2, 0x85ebca77, 15);
  b = mixLane(b, state.pos2, 0xc2b2ae3d, 13);
  a = mixLane(a, state.pos3, 0x85ebca77, 15);
  b = mixLane(b, state.pos3, 0xc2b2ae3d, 13);
  a = mixLane(a, state.mask0, 0x85ebca77, 15);
  b = mixLane(b, state.mask0, 0xc2b2ae3d, 13);
  a = mixLane(a, state.mask1, 0x85ebca77, 15);
  b = mixLane(b, state.mask1, 0xc2b2ae3d, 13);
  a = mixLane(a, state.mask2, 0x85ebca77, 15);
  b = mixLane(b, state.mask2, 0xc2b2ae3d, 13);
  a = mixLane(a, state.mask3, 0x85ebca77, 15);
  b = mixLane(b, state.mask3, 0xc2b2ae3d, 13);
  a = mixLane(a, b >>> 16, 0x2c1b3c6d, 13);
  b = mixLane(b, a >>> 15, 0x297a2d39, 16);
  return (b & 0x1fffff) * TWO_POW_32 + (a >>> 0);
}

/** The columns played from the start, oldest first. */
export function moveHistory(state: ConnectKState): number[] {
  const moves: number[] = [];
  for (let s: ConnectKState | null = state; s !== null && s.lastMove >= 0; s = s.previous) {
    moves.push(s.lastMove);
  }
  return moves.reverse();
}
