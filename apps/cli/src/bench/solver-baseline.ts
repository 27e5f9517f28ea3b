/**
 * Exact Othello endgame solver on the bitboards: negamax alpha-beta on the
 * final disc difference (WOF: empty squares go to the winner).
 *
 * Layers, by number of empty squares n:
 * - n ≤ 3: hand-written last-1/2/3 code that tries the few empty squares
 *   directly (last-1 only counts flips, it never builds a position);
 * - n ≤ SHALLOW_MAX: no hash, empties tried in parity order (squares in
 *   quadrants with an odd number of empties first, which tends to give the
 *   last move of each region to the side to move);
 * - deeper: PVS with fastest-first ordering (fewest opponent replies,
 *   corners counted twice, then the opponent's potential mobility, parity
 *   and corners as tie-breaks; from 10 empties Iago's evaluation of the
 *   child is added, which cut nodes by 40% on the bench set), a
 *   transposition table of full positions (both boards, bounds, best move;
 *   two-way buckets, the shallower entry replaced) and a stability cut-off
 *   (the opponent's stable discs cap what we can reach).
 *
 * Everything works on (lo, hi) int32 halves and never allocates per node.
 * The first solve builds the edge table Iago's evaluation needs (~0.4 s).
 */
import { flips, moves, out, popcount32 } from "@arena/engine/games/othello/bitboard";
import { BLACK, type OthelloState } from "@arena/engine/games/othello/rules";
import { PASS } from "@arena/engine/games/othello/squares";
import { iagoEvalBits } from "@arena/engine/games/othello/ai/eval";

export interface SolveOptions {
  /** Called every few thousand nodes; when it returns a time past `deadline`, the solve stops. */
  readonly now?: () => number;
  /** Clock value (in `now()` units) after which the solve gives up and returns `aborted: true`. */
  readonly deadline?: number;
  /** Searches with the window (alpha, beta) instead of the full one; the score is then a bound outside it. */
  readonly alpha?: number;
  readonly beta?: number;
}

export interface SolveResult {
  /** Final disc difference for the side to move under perfect play (exact when alpha < score < beta). */
  readonly score: number;
  /** A move reaching `score`; PASS when the side to move must pass; -1 when the game is over. */
  readonly bestMove: number;
  readonly nodes: number;
  /** The principal variation from the transposition table, best effort (passes included). */
  readonly pv: readonly number[];
  /** True when the deadline stopped the solve; score and bestMove are then meaningless. */
  readonly aborted: boolean;
}

// Tuned on the bench set (node counts; wall time on the shared machine is noise).
/** Up to this many empties: no hash, no sorting, parity order only. */
const SHALLOW_MAX = 6;
/** Stability is only worth computing once alpha is high enough that a cut-off is plausible. */
const STABILITY_MIN_ALPHA = 6;
/** Weight of the opponent's potential mobility in the move key (a reply is worth 16). */
const POTENTIAL_WEIGHT = 8;
/** From this many empties Iago's evaluation joins the move key, scaled down by 2^EVAL_SHIFT. */
const EVAL_SORT_MIN = 10;
const EVAL_SHIFT = 12;
const CHECK_INTERVAL = 4096;

let nodes = 0;
let nextCheck = CHECK_INTERVAL;
let aborted = false;
let clock: (() => number) | undefined;
let deadline = Infinity;

function checkClock(): void {
  nextCheck = nodes + CHECK_INTERVAL;
  if (clock !== undefined && clock() > deadline) aborted = true;
}

// Quadrant masks for parity: [lo, hi] halves of the four 4×4 quadrants.
const Q_LO = [0x0f0f0f0f, 0xf0f0f0f0 | 0, 0, 0] as const;
const Q_HI = [0, 0, 0x0f0f0f0f, 0xf0f0f0f0 | 0] as const;

function finalScore(pl: number, ph: number, ol: number, oh: number): number {
  const p = popcount32(pl) + popcount32(ph);
  const o = popcount32(ol) + popcount32(oh);
  const diff = p - o;
  const empty = 64 - p - o;
  return diff > 0 ? diff + empty : diff < 0 ? diff - empty : 0;
}

// ---------------------------------------------------------------- last 1..3

function last1(pl: number, ph: number, ol: number, oh: number, sq: number): number {
  nodes++;
  const diff = 2 * (popcount32(pl) + popcount32(ph)) - 63;
  flips(sq, pl, ph, ol, oh);
  let n = popcount32(out.lo) + popcount32(out.hi);
  if (n > 0) return diff + 2 * n + 1;
  flips(sq, ol, oh, pl, ph);
  n = popcount32(out.lo) + popcount32(out.hi);
  if (n > 0) return diff - 2 * n - 1;
  return diff > 0 ? diff + 1 : diff - 1;
}

function last2(
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  a: number,
  b: number,
  alpha: number,
  beta: number,
  passed: boolean,
): number {
  nodes++;
  let best = -65;
  flips(a, pl, ph, ol, oh);
  if ((out.lo | out.hi) !== 0) {
    const fl = out.lo;
    const fh = out.hi;
    const bl = a < 32 ? 1 << a : 0;
    const bh = a < 32 ? 0 : 1 << (a - 32);
    best = -last1(ol & ~fl, oh & ~fh, pl | fl | bl, ph | fh | bh, b);
    if (best >= beta) return best;
  }
  flips(b, pl, ph, ol, oh);
  if ((out.lo | out.hi) !== 0) {
    const fl = out.lo;
    const fh = out.hi;
    const bl = b < 32 ? 1 << b : 0;
    const bh = b < 32 ? 0 : 1 << (b - 32);
    const v = -last1(ol & ~fl, oh & ~fh, pl | fl | bl, ph | fh | bh, a);
    if (v > best) best = v;
  }
  if (best > -65) return best;
  if (passed) return finalScore(pl, ph, ol, oh);
  return -last2(ol, oh, pl, ph, a, b, -beta, -alpha, true);
}

function last3(
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  a: number,
  b: number,
  c: number,
  alpha: number,
  beta: number,
  passed: boolean,
): number {
  nodes++;
  let best = -65;
  for (let i = 0; i < 3; i++) {
    const sq = i === 0 ? a : i === 1 ? b : c;
    flips(sq, pl, ph, ol, oh);
    if ((out.lo | out.hi) === 0) continue;
    const fl = out.lo;
    const fh = out.hi;
    const bl = sq < 32 ? 1 << sq : 0;
    const bh = sq < 32 ? 0 : 1 << (sq - 32);
    const x = i === 0 ? b : a;
    const y = i === 2 ? b : c;
    const v = -last2(ol & ~fl, oh & ~fh, pl | fl | bl, ph | fh | bh, x, y, -beta, -alpha, false);
    if (v > best) {
      best = v;
      if (v >= beta) return v;
      if (v > alpha) alpha = v;
    }
  }
  if (best > -65) return best;
  if (passed) return finalScore(pl, ph, ol, oh);
  return -last3(ol, oh, pl, ph, a, b, c, -beta, -alpha, true);
}

// ---------------------------------------------------------------- shallow

/** Empty squares of a node at each depth, in parity order: SQ[n * 64 + i]. */
const EMPTY_SQ = new Int8Array(65 * 64);

/** Fills EMPTY_SQ for depth n with the empty squares, odd quadrants first; returns how many. */
function listEmpties(el: number, eh: number, n: number): number {
  let count = 0;
  const base = n << 6;
  for (let pass = 0; pass < 2; pass++) {
    for (let q = 0; q < 4; q++) {
      let ql = el & (Q_LO[q] as number);
      let qh = eh & (Q_HI[q] as number);
      const odd = (popcount32(ql) + popcount32(qh)) & 1;
      if ((pass === 0) !== (odd === 1)) continue;
      while (ql !== 0) {
        const bit = ql & -ql;
        ql ^= bit;
        EMPTY_SQ[base + count++] = 31 - Math.clz32(bit);
      }
      while (qh !== 0) {
        const bit = qh & -qh;
        qh ^= bit;
        EMPTY_SQ[base + count++] = 63 - Math.clz32(bit);
      }
    }
  }
  return count;
}

function shallow(
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  alpha: number,
  beta: number,
  passed: boolean,
  n: number,
): number {
  const el = ~(pl | ol);
  const eh = ~(ph | oh);
  if (n === 3) {
    listEmpties(el, eh, 3);
    return last3(
      pl,
      ph,
      ol,
      oh,
      EMPTY_SQ[192] as number,
      EMPTY_SQ[193] as number,
      EMPTY_SQ[194] as number,
      alpha,
      beta,
      passed,
    );
  }
  nodes++;
  if (nodes >= nextCheck) checkClock();
  const count = listEmpties(el, eh, n);
  const base = n << 6;
  let best = -65;
  for (let i = 0; i < count; i++) {
    const sq = EMPTY_SQ[base + i] as number;
    flips(sq, pl, ph, ol, oh);
    if ((out.lo | out.hi) === 0) continue;
    const fl = out.lo;
    const fh = out.hi;
    const bl = sq < 32 ? 1 << sq : 0;
    const bh = sq < 32 ? 0 : 1 << (sq - 32);
    const v = -shallow(ol & ~fl, oh & ~fh, pl | fl | bl, ph | fh | bh, -beta, -alpha, false, n - 1);
    if (v > best) {
      best = v;
      if (v >= beta) return v;
      if (v > alpha) alpha = v;
    }
  }
  if (best > -65) return best;
  if (passed) return finalScore(pl, ph, ol, oh);
  moves(ol, oh, pl, ph);
  if ((out.lo | out.hi) === 0) return finalScore(pl, ph, ol, oh);
  return -shallow(ol, oh, pl, ph, -beta, -alpha, true, n);
}

// ---------------------------------------------------------------- stability

const FILE_AH = 0x81818181 | 0;
const ROW_1 = 0xff;
const ROW_8 = 0xff000000 | 0;
const NOT_A = 0xfefefefe | 0;
const NOT_H = 0x7f7f7f7f;

/** Squares whose line along the axis (1 = row, 7 and 9 = diagonals) contains no empty square. */
function fullLine(el: number, eh: number, axis: number): void {
  let sl = el;
  let sh = eh;
  const maskUp = axis === 7 ? NOT_H : NOT_A; // shifting towards higher squares by `axis`
  const maskDown = axis === 7 ? NOT_A : NOT_H;
  for (let k = 0; k < 7; k++) {
    const ul = (sl << axis) & maskUp;
    const uh = ((sh << axis) | (sl >>> (32 - axis))) & maskUp;
    const dl = ((sl >>> axis) | (sh << (32 - axis))) & maskDown;
    const dh = (sh >>> axis) & maskDown;
    sl |= ul | dl;
    sh |= uh | dh;
  }
  out.lo = ~sl;
  out.hi = ~sh;
}

/**
 * A lower bound on the stable discs of the player (pl, ph): a disc is stable
 * when along each of the four lines through it the line is full, or the disc
 * touches the board's border, or a neighbour on that line is a stable disc
 * of its own colour (any flip along the line would have to flip that one too).
 */
export function stableDiscs(pl: number, ph: number, ol: number, oh: number): number {
  const fl = pl | ol;
  const fh = ph | oh;
  if ((pl & 0x81) === 0 && (ph & (0x81000000 | 0)) === 0) {
    // Without a corner a stable disc needs full lines in every direction; rare enough to skip.
    return 0;
  }
  const el = ~fl;
  const eh = ~fh;
  // Full rows.
  let hl = 0;
  let hh = 0;
  for (let r = 0; r < 4; r++) {
    const m = 0xff << (r * 8);
    if ((fl & m) === m) hl |= m;
    if ((fh & m) === m) hh |= m;
  }
  // Full columns.
  let cols = fl & fh;
  cols &= cols >>> 16;
  cols &= cols >>> 8;
  cols &= 0xff;
  const vl = Math.imul(cols, 0x01010101);
  fullLine(el, eh, 7);
  const d7l = out.lo;
  const d7h = out.hi;
  fullLine(el, eh, 9);
  const d9l = out.lo;
  const d9h = out.hi;
  let sl = 0;
  let sh = 0;
  for (;;) {
    // Row axis: border files, full row, or a stable neighbour east or west.
    const okHl = FILE_AH | hl | ((sl << 1) & NOT_A) | ((sl >>> 1) & NOT_H);
    const okHh = FILE_AH | hh | ((sh << 1) & NOT_A) | ((sh >>> 1) & NOT_H);
    const okVl = ROW_1 | vl | (sl << 8) | ((sl >>> 8) | (sh << 24));
    const okVh = ROW_8 | vl | ((sh << 8) | (sl >>> 24)) | (sh >>> 8);
    const ok9l = FILE_AH | ROW_1 | d9l | ((sl << 9) & NOT_A) | (((sl >>> 9) | (sh << 23)) & NOT_H);
    const ok9h = FILE_AH | ROW_8 | d9h | (((sh << 9) | (sl >>> 23)) & NOT_A) | ((sh >>> 9) & NOT_H);
    const ok7l = FILE_AH | ROW_1 | d7l | ((sl << 7) & NOT_H) | (((sl >>> 7) | (sh << 25)) & NOT_A);
    const ok7h = FILE_AH | ROW_8 | d7h | (((sh << 7) | (sl >>> 25)) & NOT_H) | ((sh >>> 7) & NOT_A);
    const nl = pl & okHl & okVl & ok9l & ok7l;
    const nh = ph & okHh & okVh & ok9h & ok7h;
    if (nl === sl && nh === sh) break;
    sl = nl;
    sh = nh;
  }
  return popcount32(sl) + popcount32(sh);
}

// ---------------------------------------------------------------- transposition table

const TT_BITS = 20;
const TT_SIZE = 1 << TT_BITS;
const TT_MASK = TT_SIZE - 2; // buckets of two entries
// About 19 MB, allocated by the first solve rather than at import (the engine also runs in browsers).
let ttBoards = new Int32Array(0);
let ttLower = new Int8Array(0);
let ttUpper = new Int8Array(0);
let ttMove = new Int8Array(0);
/** Empties of the stored position; 0 marks a free slot. */
let ttDepth = new Int8Array(0);

function allocateTable(): void {
  if (ttDepth.length === TT_SIZE) return;
  ttBoards = new Int32Array(TT_SIZE * 4);
  ttLower = new Int8Array(TT_SIZE);
  ttUpper = new Int8Array(TT_SIZE);
  ttMove = new Int8Array(TT_SIZE);
  ttDepth = new Int8Array(TT_SIZE);
}

function ttHash(pl: number, ph: number, ol: number, oh: number): number {
  let h = Math.imul(pl, 0x9e3779b1) ^ Math.imul(ph ^ 0x5bd1e995, 0x85ebca77);
  h ^= Math.imul(ol, 0xc2b2ae3d) ^ Math.imul(oh ^ 0x27d4eb2f, 0x165667b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 13;
  return h & TT_MASK;
}

/** The slot holding this position, or -1. */
function ttFind(pl: number, ph: number, ol: number, oh: number, bucket: number): number {
  for (let i = bucket; i < bucket + 2; i++) {
    const j = i << 2;
    if (
      ttDepth[i] !== 0 &&
      ttBoards[j] === pl &&
      ttBoards[j + 1] === ph &&
      ttBoards[j + 2] === ol &&
      ttBoards[j + 3] === oh
    ) {
      return i;
    }
  }
  return -1;
}

function ttStore(
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  n: number,
  lower: number,
  upper: number,
  move: number,
): void {
  const bucket = ttHash(pl, ph, ol, oh);
  let slot = ttFind(pl, ph, ol, oh, bucket);
  if (slot < 0) {
    // Replace the shallower of the two: deep entries save the most work.
    slot = (ttDepth[bucket] as number) <= (ttDepth[bucket + 1] as number) ? bucket : bucket + 1;
    const j = slot << 2;
    ttBoards[j] = pl;
    ttBoards[j + 1] = ph;
    ttBoards[j + 2] = ol;
    ttBoards[j + 3] = oh;
    ttLower[slot] = -64;
    ttUpper[slot] = 64;
  }
  ttDepth[slot] = n;
  // Bounds from different windows on the same exact position can be intersected.
  if (lower > (ttLower[slot] as number)) ttLower[slot] = lower;
  if (upper < (ttUpper[slot] as number)) ttUpper[slot] = upper;
  if (move >= 0) ttMove[slot] = move;
}

/** Forgets every stored position (between unrelated solves the table only costs memory). */
export function clearSolverTable(): void {
  ttDepth.fill(0);
}

// ---------------------------------------------------------------- deep search

const MAX_MOVES = 34;
const LIST_SQ = new Int8Array(65 * MAX_MOVES);
const LIST_FL = new Int32Array(65 * MAX_MOVES);
const LIST_FH = new Int32Array(65 * MAX_MOVES);
const LIST_KEY = new Int32Array(65 * MAX_MOVES);
const CORNERS_LO = 0x81;
const CORNERS_HI = 0x81000000 | 0;

/** Fills the move list of depth n, sorted best-first; returns its length. */
function generate(
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  ml: number,
  mh: number,
  n: number,
  hint: number,
): number {
  const base = n * MAX_MOVES;
  let count = 0;
  const el = ~(pl | ol);
  const eh = ~(ph | oh);
  let oddL = 0;
  let oddH = 0;
  for (let q = 0; q < 4; q++) {
    const ql = Q_LO[q] as number;
    const qh = Q_HI[q] as number;
    if (((popcount32(el & ql) + popcount32(eh & qh)) & 1) === 1) {
      oddL |= ql;
      oddH |= qh;
    }
  }
  for (let half = 0; half < 2; half++) {
    let m = half === 0 ? ml : mh;
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      const sq = half === 0 ? 31 - Math.clz32(bit) : 63 - Math.clz32(bit);
      flips(sq, pl, ph, ol, oh);
      const fl = out.lo;
      const fh = out.hi;
      const bl = half === 0 ? bit : 0;
      const bh = half === 0 ? 0 : bit;
      const npl = pl | fl | bl;
      const nph = ph | fh | bh;
      const nol = ol & ~fl;
      const noh = oh & ~fh;
      moves(nol, noh, npl, nph);
      // Fastest first: the fewer replies (corner replies counted twice), the sooner the cut.
      let key =
        (popcount32(out.lo) +
          popcount32(out.hi) +
          popcount32(out.lo & CORNERS_LO) +
          popcount32(out.hi & CORNERS_HI)) <<
        4;
      {
        // Opponent's potential mobility: empty squares next to the mover's discs.
        const el2 = el & ~bl;
        const eh2 = eh & ~bh;
        const al =
          ((npl << 1) & NOT_A) |
          ((npl >>> 1) & NOT_H) |
          (npl << 8) |
          (npl >>> 8) |
          (nph << 24) |
          ((npl << 9) & NOT_A) |
          (((npl >>> 9) | (nph << 23)) & NOT_H) |
          ((npl << 7) & NOT_H) |
          (((npl >>> 7) | (nph << 25)) & NOT_A);
        const ah =
          ((nph << 1) & NOT_A) |
          ((nph >>> 1) & NOT_H) |
          (nph << 8) |
          (npl >>> 24) |
          (nph >>> 8) |
          (((nph << 9) | (npl >>> 23)) & NOT_A) |
          ((nph >>> 9) & NOT_H) |
          (((nph << 7) | (npl >>> 25)) & NOT_H) |
          ((nph >>> 7) & NOT_A);
        key += POTENTIAL_WEIGHT * (popcount32(al & el2) + popcount32(ah & eh2));
      }
      if (((bl & oddL) | (bh & oddH)) !== 0) key -= 2;
      if (((bl & CORNERS_LO) | (bh & CORNERS_HI)) !== 0) key -= 4;
      if (n >= EVAL_SORT_MIN) key = (iagoEvalBits(nol, noh, npl, nph, 60 - n) >> EVAL_SHIFT) + key;
      if (sq === hint) key = -(1 << 30);
      let j = count++;
      // Insertion sort as we go: lists are short.
      while (j > 0 && (LIST_KEY[base + j - 1] as number) > key) {
        LIST_SQ[base + j] = LIST_SQ[base + j - 1] as number;
        LIST_FL[base + j] = LIST_FL[base + j - 1] as number;
        LIST_FH[base + j] = LIST_FH[base + j - 1] as number;
        LIST_KEY[base + j] = LIST_KEY[base + j - 1] as number;
        j--;
      }
      LIST_SQ[base + j] = sq;
      LIST_FL[base + j] = fl;
      LIST_FH[base + j] = fh;
      LIST_KEY[base + j] = key;
    }
  }
  return count;
}

function deep(
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  alpha: number,
  beta: number,
  passed: boolean,
  n: number,
): number {
  if (n <= SHALLOW_MAX) return shallow(pl, ph, ol, oh, alpha, beta, passed, n);
  nodes++;
  if (nodes >= nextCheck) checkClock();
  if (aborted) return 0;

  const useTable = n > SHALLOW_MAX;
  const slot = useTable ? ttFind(pl, ph, ol, oh, ttHash(pl, ph, ol, oh)) : -1;
  let hint = -1;
  if (slot >= 0) {
    const lower = ttLower[slot] as number;
    const upper = ttUpper[slot] as number;
    if (lower >= beta) return lower;
    if (upper <= alpha) return upper;
    if (lower === upper) return lower;
    if (lower > alpha) alpha = lower;
    if (upper < beta) beta = upper;
    hint = ttMove[slot] as number;
  }

  if (alpha >= STABILITY_MIN_ALPHA) {
    const cap = 64 - 2 * stableDiscs(ol, oh, pl, ph);
    if (cap <= alpha) return cap;
  }

  moves(pl, ph, ol, oh);
  const ml = out.lo;
  const mh = out.hi;
  if ((ml | mh) === 0) {
    if (passed) return finalScore(pl, ph, ol, oh);
    moves(ol, oh, pl, ph);
    if ((out.lo | out.hi) === 0) return finalScore(pl, ph, ol, oh);
    return -deep(ol, oh, pl, ph, -beta, -alpha, true, n);
  }

  const count = generate(pl, ph, ol, oh, ml, mh, n, hint);
  const base = n * MAX_MOVES;
  const alpha0 = alpha;
  let best = -65;
  let bestMove = -1;
  for (let i = 0; i < count; i++) {
    const sq = LIST_SQ[base + i] as number;
    const fl = LIST_FL[base + i] as number;
    const fh = LIST_FH[base + i] as number;
    const bl = sq < 32 ? 1 << sq : 0;
    const bh = sq < 32 ? 0 : 1 << (sq - 32);
    const npl = ol & ~fl;
    const nph = oh & ~fh;
    const nol = pl | fl | bl;
    const noh = ph | fh | bh;
    let v: number;
    if (i === 0) {
      v = -deep(npl, nph, nol, noh, -beta, -alpha, false, n - 1);
    } else {
      v = -deep(npl, nph, nol, noh, -alpha - 1, -alpha, false, n - 1);
      if (v > alpha && v < beta) v = -deep(npl, nph, nol, noh, -beta, -v, false, n - 1);
    }
    if (aborted) return 0;
    if (v > best) {
      best = v;
      bestMove = sq;
      if (v >= beta) break;
      if (v > alpha) alpha = v;
    }
  }
  if (useTable) ttStore(pl, ph, ol, oh, n, best > alpha0 ? best : -64, best < beta ? best : 64, bestMove);
  return best;
}

// ---------------------------------------------------------------- API

function search(
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  alpha: number,
  beta: number,
  n: number,
): number {
  if (n === 0) {
    nodes++;
    return finalScore(pl, ph, ol, oh);
  }
  if (n === 1) {
    const el = ~(pl | ol);
    const sq = el !== 0 ? 31 - Math.clz32(el & -el) : 63 - Math.clz32(~(ph | oh) & -~(ph | oh));
    return last1(pl, ph, ol, oh, sq);
  }
  if (n === 2) {
    listEmpties(~(pl | ol), ~(ph | oh), 2);
    return last2(pl, ph, ol, oh, EMPTY_SQ[128] as number, EMPTY_SQ[129] as number, alpha, beta, false);
  }
  return deep(pl, ph, ol, oh, alpha, beta, false, n);
}

/** The exact final disc difference for the side to move in (pl, ph) vs (ol, oh), within (alpha, beta). */
export function solveBits(pl: number, ph: number, ol: number, oh: number, alpha = -64, beta = 64): number {
  const n = 64 - popcount32(pl | ol) - popcount32(ph | oh);
  allocateTable();
  nodes = 0;
  nextCheck = CHECK_INTERVAL;
  aborted = false;
  clock = undefined;
  deadline = Infinity;
  return search(pl, ph, ol, oh, alpha, beta, n) | 0;
}

/** Node count of the last solve, for callers using `solveBits` directly. */
export function solverNodes(): number {
  return nodes;
}

function sidesOf(state: OthelloState): [number, number, number, number] {
  return state.turn === BLACK
    ? [state.blackLo, state.blackHi, state.whiteLo, state.whiteHi]
    : [state.whiteLo, state.whiteHi, state.blackLo, state.blackHi];
}

/**
 * Solves a position exactly. The root tries every move with PVS so that it
 * can name a best move; the score is exact when it lies strictly inside the
 * (alpha, beta) window, which is the full one by default.
 */
export function solveExact(state: OthelloState, options: SolveOptions = {}): SolveResult {
  const [pl, ph, ol, oh] = sidesOf(state);
  allocateTable();
  nodes = 0;
  nextCheck = CHECK_INTERVAL;
  aborted = false;
  clock = options.now;
  deadline = options.deadline ?? Infinity;
  let alpha = options.alpha ?? -64;
  const alpha0 = alpha;
  const beta = options.beta ?? 64;
  const n = 64 - popcount32(pl | ol) - popcount32(ph | oh);

  moves(pl, ph, ol, oh);
  const ml = out.lo;
  const mh = out.hi;
  if ((ml | mh) === 0) {
    moves(ol, oh, pl, ph);
    if ((out.lo | out.hi) === 0) {
      return { score: finalScore(pl, ph, ol, oh), bestMove: -1, nodes: 1, pv: [], aborted: false };
    }
    nodes++;
    const score = -search(ol, oh, pl, ph, -beta, -alpha, n);
    if (aborted) return { score: 0, bestMove: -1, nodes, pv: [], aborted: true };
    return finish(score, PASS, state, n);
  }
  const root = n + 1; // a list slot the recursion never uses
  const count = generate(pl, ph, ol, oh, ml, mh, root, rootHint(pl, ph, ol, oh));
  const base = root * MAX_MOVES;
  const squares = Array.from(LIST_SQ.subarray(base, base + count));
  const fls = Array.from(LIST_FL.subarray(base, base + count));
  const fhs = Array.from(LIST_FH.subarray(base, base + count));
  let best = -65;
  let bestMove = squares[0] ?? -1;
  for (let i = 0; i < count; i++) {
    const sq = squares[i] as number;
    const fl = fls[i] as number;
    const fh = fhs[i] as number;
    const bl = sq < 32 ? 1 << sq : 0;
    const bh = sq < 32 ? 0 : 1 << (sq - 32);
    const a = ol & ~fl;
    const b = oh & ~fh;
    const c = pl | fl | bl;
    const d = ph | fh | bh;
    nodes++;
    let v: number;
    if (i === 0) {
      v = -search(a, b, c, d, -beta, -alpha, n - 1);
    } else {
      v = -search(a, b, c, d, -alpha - 1, -alpha, n - 1);
      if (v > alpha && v < beta) v = -search(a, b, c, d, -beta, -v, n - 1);
    }
    if (aborted) break;
    if (v > best) {
      best = v;
      bestMove = sq;
      if (v >= beta) break;
      if (v > alpha) alpha = v;
    }
  }
  if (aborted) return { score: 0, bestMove: -1, nodes, pv: [], aborted: true };
  ttStore(pl, ph, ol, oh, n, best > alpha0 ? best : -64, best < beta ? best : 64, bestMove);
  return finish(best, bestMove, state, n);
}

function rootHint(pl: number, ph: number, ol: number, oh: number): number {
  const slot = ttFind(pl, ph, ol, oh, ttHash(pl, ph, ol, oh));
  return slot >= 0 ? (ttMove[slot] as number) : -1;
}

function finish(score: number, bestMove: number, state: OthelloState, n: number): SolveResult {
  return { score: score | 0, bestMove, nodes, pv: principalVariation(state, bestMove, n), aborted: false };
}

/** Follows stored best moves from the root; stops where the table has nothing. */
function principalVariation(state: OthelloState, first: number, n: number): number[] {
  let [pl, ph, ol, oh] = sidesOf(state);
  const pv: number[] = [];
  let move = first;
  for (let step = 0; step < n + 2 && move >= 0; step++) {
    pv.push(move);
    if (move !== PASS) {
      flips(move, pl, ph, ol, oh);
      const fl = out.lo;
      const fh = out.hi;
      pl |= fl | (move < 32 ? 1 << move : 0);
      ph |= fh | (move < 32 ? 0 : 1 << (move - 32));
      ol &= ~fl;
      oh &= ~fh;
    }
    [pl, ph, ol, oh] = [ol, oh, pl, ph];
    moves(pl, ph, ol, oh);
    if ((out.lo | out.hi) === 0) {
      moves(ol, oh, pl, ph);
      if ((out.lo | out.hi) === 0) break;
      move = PASS;
      continue;
    }
    const slot = ttFind(pl, ph, ol, oh, ttHash(pl, ph, ol, oh));
    move = slot >= 0 ? (ttMove[slot] as number) : -1;
    if (move >= 0 && move < 64) {
      const isLegal = move < 32 ? (out.lo >>> move) & 1 : (out.hi >>> (move - 32)) & 1;
      if (isLegal === 0) break;
    }
  }
  return pv;
}

/** Win/draw/loss only: a null-window solve around 0. Returns 1, 0 or -1 for the side to move. */
export function solveWinLossDraw(
  state: OthelloState,
  options: Omit<SolveOptions, "alpha" | "beta"> = {},
): {
  readonly result: -1 | 0 | 1;
  readonly bestMove: number;
  readonly nodes: number;
  readonly aborted: boolean;
} {
  const r = solveExact(state, { ...options, alpha: -1, beta: 1 });
  return {
    result: r.score > 0 ? 1 : r.score < 0 ? -1 : 0,
    bestMove: r.bestMove,
    nodes: r.nodes,
    aborted: r.aborted,
  };
}
