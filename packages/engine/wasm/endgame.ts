/**
 * AssemblyScript: the last empties of the exact Othello endgame solver (EndgameSolver in
 * src/games/othello/ai/solver.ts), compiled to WebAssembly for its 64-bit registers. Almost all of the
 * solver's nodes lie here, and in JavaScript every board is two int32 halves; here a board is one u64.
 *
 * The search is the one solver.ts ran in JavaScript before, node for node (the node counts match):
 * - n ≤ 3: the few empty squares tried directly; last-1 only counts flips;
 * - up to SHALLOW_MAX empties: no hash, legal moves in parity order (squares of quadrants with an odd
 *   number of empties first, lowest square first within each group);
 * - deeper, up to where solver.ts orders moves by an evaluation: PVS with fastest-first ordering, the
 *   solver's transposition table (in this instance's memory, same layout and hash), enhanced
 *   transposition cut-offs and the stability cut-off, as solver.ts describes them.
 *
 * Regenerate the shipped module with `npm run build:wasm -w @arena/engine` (wasm/build.mjs).
 */

import { flips, grow, legalMoves } from "./board";

/** Squares of the quadrants whose parity bit is set, per 4-bit parity value. */
const PARITY_SQUARES = new StaticArray<u64>(16);
/** The parity bit of each square's quadrant. */
const QUADRANT_BIT = new StaticArray<i32>(64);

for (let square = 0; square < 64; square++) {
  unchecked((QUADRANT_BIT[square] = 1 << (((square >> 5) << 1) | ((square >> 2) & 1))));
}
for (let parity = 0; parity < 16; parity++) {
  let squares: u64 = 0;
  if (parity & 1) squares |= 0x000000000f0f0f0f;
  if (parity & 2) squares |= 0x00000000f0f0f0f0;
  if (parity & 4) squares |= 0x0f0f0f0f00000000;
  if (parity & 8) squares |= 0xf0f0f0f000000000;
  unchecked((PARITY_SQUARES[parity] = squares));
}

let nodes: i32 = 0;

/** The solver's deadline test (solver.ts): true once its time is up. */
@external("solver", "expired")
declare function expired(): bool;
/** Nodes between two calls of expired(), as solver.ts's CHECK_INTERVAL. */
const CHECK_INTERVAL = 4096;
let nextCheck: i32 = CHECK_INTERVAL;
let aborted = false;
/** What search() returns when the deadline stopped it. */
const ABORTED = -128;

/** The final disc difference; empty squares go to the winner. */
function finalScore(p: u64, o: u64): i32 {
  const mine = i32(popcnt(p));
  const theirs = i32(popcnt(o));
  const diff = mine - theirs;
  const empty = 64 - mine - theirs;
  return diff > 0 ? diff + empty : diff < 0 ? diff - empty : 0;
}

// With one empty square left, the discs a move there flips along a line depend only on where the
// mover's discs lie on that line: a table of 8 positions × 256 line bytes (bit i = the line's square i
// is the mover's) gives the count, for rows, columns and diagonals alike.

/** Discs flipped on a full line by a move at `position`, by the mover's line byte. */
const LINE_FLIPS = new StaticArray<u8>(8 * 256);
/** The squares of each square's two diagonals, and the files those diagonals cross. */
const DIAGONAL_9 = new StaticArray<u64>(64);
const DIAGONAL_7 = new StaticArray<u64>(64);
const FILES_9 = new StaticArray<i32>(64);
const FILES_7 = new StaticArray<i32>(64);

for (let position = 0; position < 8; position++) {
  for (let byte = 0; byte < 256; byte++) {
    let count = 0;
    for (let step = -1; step <= 1; step += 2) {
      let run = 0;
      for (let i = position + step; i >= 0 && i < 8; i += step) {
        if ((byte >> i) & 1) {
          count += run;
          break;
        }
        run++;
      }
    }
    unchecked((LINE_FLIPS[position * 256 + byte] = u8(count)));
  }
}
for (let sq = 0; sq < 64; sq++) {
  for (let dc = -1; dc <= 1; dc += 2) {
    let r = sq >> 3;
    let c = sq & 7;
    while (r > 0 && c - dc >= 0 && c - dc < 8) {
      r--;
      c -= dc;
    }
    let squares: u64 = 0;
    let files = 0;
    for (; r < 8 && c >= 0 && c < 8; r++, c += dc) {
      squares |= u64(1) << u64(r * 8 + c);
      files |= 1 << c;
    }
    if (dc == 1) {
      unchecked((DIAGONAL_9[sq] = squares));
      unchecked((FILES_9[sq] = files));
    } else {
      unchecked((DIAGONAL_7[sq] = squares));
      unchecked((FILES_7[sq] = files));
    }
  }
}

/** p to move on the last empty square sq; everything else is o's. */
function last1(p: u64, sq: i32): i32 {
  nodes++;
  const diff = 2 * i32(popcnt(p)) - 63;
  const r = sq >> 3;
  const c = sq & 7;
  const self = 1 << c;
  // Line bytes: a row by a shift, a column and the diagonals by a multiply that stacks one square per row.
  let row = i32(p >> u64(r << 3)) & 0xff;
  let column = i32((((p >> u64(c)) & 0x0101010101010101) * 0x0102040810204080) >> 56);
  let d9 = i32(((p & unchecked(DIAGONAL_9[sq])) * 0x0101010101010101) >> 56);
  let d7 = i32(((p & unchecked(DIAGONAL_7[sq])) * 0x0101010101010101) >> 56);
  let count =
    i32(unchecked(LINE_FLIPS[(c << 8) | row])) +
    i32(unchecked(LINE_FLIPS[(r << 8) | column])) +
    i32(unchecked(LINE_FLIPS[(c << 8) | d9])) +
    i32(unchecked(LINE_FLIPS[(c << 8) | d7]));
  if (count > 0) return diff + 2 * count + 1;
  // The opponent's discs are all the rest.
  row = ~row & 0xff & ~self;
  column = ~column & 0xff & ~(1 << r);
  d9 = ~d9 & unchecked(FILES_9[sq]) & ~self;
  d7 = ~d7 & unchecked(FILES_7[sq]) & ~self;
  count =
    i32(unchecked(LINE_FLIPS[(c << 8) | row])) +
    i32(unchecked(LINE_FLIPS[(r << 8) | column])) +
    i32(unchecked(LINE_FLIPS[(c << 8) | d9])) +
    i32(unchecked(LINE_FLIPS[(c << 8) | d7]));
  if (count > 0) return diff - 2 * count - 1;
  return diff > 0 ? diff + 1 : diff - 1;
}

function last2(p: u64, o: u64, a: i32, b: i32, alpha: i32, beta: i32, passed: bool): i32 {
  nodes++;
  let best = -65;
  let f = flips(a, p, o);
  if (f != 0) {
    best = -last1(o & ~f, b);
    if (best >= beta) return best;
  }
  f = flips(b, p, o);
  if (f != 0) {
    const v = -last1(o & ~f, a);
    if (v > best) best = v;
  }
  if (best > -65) return best;
  if (passed) return finalScore(p, o);
  return -last2(o, p, a, b, -beta, -alpha, true);
}

function last3(p: u64, o: u64, a: i32, b: i32, c: i32, alpha: i32, beta: i32, passed: bool): i32 {
  nodes++;
  let best = -65;
  for (let i = 0; i < 3; i++) {
    const sq = i == 0 ? a : i == 1 ? b : c;
    const f = flips(sq, p, o);
    if (f == 0) continue;
    const x = i == 0 ? b : a;
    const y = i == 2 ? b : c;
    const v = -last2(o & ~f, p | f | (u64(1) << u64(sq)), x, y, -beta, -alpha, false);
    if (v > best) {
      best = v;
      if (v >= beta) return v;
      if (v > alpha) alpha = v;
    }
  }
  if (best > -65) return best;
  if (passed) return finalScore(p, o);
  return -last3(o, p, a, b, c, -beta, -alpha, true);
}

/** last3 with its three empties in parity order (a square alone in its quadrant first). */
function last3Entry(p: u64, o: u64, alpha: i32, beta: i32, parity: i32): i32 {
  const empty = ~(p | o);
  const odd = unchecked(PARITY_SQUARES[parity]);
  const first = empty & odd;
  const second = empty & ~odd;
  let a = -1;
  let b = -1;
  let c = -1;
  for (let phase = 0; phase < 2; phase++) {
    let rest = phase == 0 ? first : second;
    while (rest != 0) {
      const sq = i32(ctz(rest));
      rest &= rest - 1;
      if (a < 0) a = sq;
      else if (b < 0) b = sq;
      else c = sq;
    }
  }
  return last3(p, o, a, b, c, alpha, beta, false);
}

function shallow(p: u64, o: u64, alpha: i32, beta: i32, passed: bool, n: i32, parity: i32): i32 {
  nodes++;
  const moves = legalMoves(p, o);
  if (moves == 0) {
    if (passed) return finalScore(p, o);
    if (legalMoves(o, p) == 0) return finalScore(p, o);
    return -shallow(o, p, -beta, -alpha, true, n, parity);
  }
  const odd = unchecked(PARITY_SQUARES[parity]);
  let best = -65;
  for (let phase = 0; phase < 2; phase++) {
    let rest = phase == 0 ? moves & odd : moves & ~odd;
    while (rest != 0) {
      const sq = i32(ctz(rest));
      rest &= rest - 1;
      const f = flips(sq, p, o);
      const childParity = parity ^ unchecked(QUADRANT_BIT[sq]);
      const mover = p | f | (u64(1) << u64(sq));
      const v =
        n == 4
          ? -last3Entry(o & ~f, mover, -beta, -alpha, childParity)
          : -shallow(o & ~f, mover, -beta, -alpha, false, n - 1, childParity);
      if (v > best) {
        best = v;
        if (v >= beta) return v;
        if (v > alpha) alpha = v;
      }
    }
  }
  return best;
}

// ---------------------------------------------------------------- deep layer

/** Up to this many empties: shallow(), no hash, no sorting. */
const SHALLOW_MAX = 6;
/** Stability is only worth computing once alpha is high enough that a cut-off is plausible. */
const STABILITY_MIN_ALPHA = 2;
/** From this many empties a node probes the table for its children before searching them. */
const ETC_MIN = 8;
const MAX_MOVES = 34;
const NOT_A: u64 = 0xfefefefefefefefe;
const NOT_H: u64 = 0x7f7f7f7f7f7f7f7f;
const CORNERS: u64 = 0x8100000000000081;
const FILE_AH: u64 = 0x8181818181818181;
const ROWS_1_8: u64 = 0xff000000000000ff;

const listSq = new StaticArray<i32>(64 * MAX_MOVES);
const listFlips = new StaticArray<u64>(64 * MAX_MOVES);
const listKey = new StaticArray<i32>(64 * MAX_MOVES);

/** Byte address of the transposition table (see solver.ts: buckets of three 5-int entries in 64 bytes). */
let table: usize = 0;
let bucketMask: i32 = 0;

/**
 * Grows the memory by a table of 2^bits buckets and returns its byte address (called once per
 * instance; nothing is allocated after it, so the stub runtime never reaches the table).
 */
export function allocateTable(bits: i32): usize {
  table = grow((<usize>64) << (<usize>bits));
  bucketMask = (1 << bits) - 1;
  return table;
}

/** The same hash as solver.ts's ttBucket, on the int32 halves; returns the bucket's byte address. */
function ttBucket(p: u64, o: u64): usize {
  const pl = i32(p);
  const ph = i32(p >> 32);
  const ol = i32(o);
  const oh = i32(o >> 32);
  let h = (pl * 0x9e3779b1) ^ ((ph ^ 0x5bd1e995) * 0x85ebca77);
  h ^= (ol * 0xc2b2ae3d) ^ ((oh ^ 0x27d4eb2f) * 0x165667b1);
  h ^= h >>> 15;
  h = h * 0x2c1b3c6d;
  h ^= h >>> 13;
  return table + (<usize>(h & bucketMask) << 6);
}

/** The address of the entry holding this position in the bucket, or 0. */
function ttFind(p: u64, o: u64, bucket: usize): usize {
  for (let e = bucket; e < bucket + 60; e += 20) {
    if (load<u64>(e) == p && load<u64>(e, 8) == o && (load<i32>(e, 16) & 0xff) != 0) return e;
  }
  return 0;
}

function metaLower(meta: i32): i32 {
  return ((meta >>> 16) & 0xff) - 64;
}

function metaUpper(meta: i32): i32 {
  return (meta >>> 24) - 64;
}

function ttStore(p: u64, o: u64, bucket: usize, n: i32, lower: i32, upper: i32, move: i32): void {
  let e = ttFind(p, o, bucket);
  let oldLower = -64;
  let oldUpper = 64;
  let oldMove = 0xff;
  if (e == 0) {
    // Replace the shallowest of the three: deep entries save the most work.
    e = bucket;
    for (let f = bucket + 20; f < bucket + 60; f += 20) {
      if ((load<i32>(f, 16) & 0xff) < (load<i32>(e, 16) & 0xff)) e = f;
    }
    store<u64>(e, p);
    store<u64>(e, o, 8);
  } else {
    const meta = load<i32>(e, 16);
    oldLower = metaLower(meta);
    oldUpper = metaUpper(meta);
    oldMove = (meta >>> 8) & 0xff;
  }
  // Bounds from different windows on the same exact position can be intersected.
  if (oldLower > lower) lower = oldLower;
  if (oldUpper < upper) upper = oldUpper;
  store<i32>(e, n | ((move >= 0 ? move : oldMove) << 8) | ((lower + 64) << 16) | ((upper + 64) << 24), 16);
}

/** Squares whose line along the axis contains no empty square: the empties spread both ways. */
function fullLine(empty: u64, axis: u64, maskUp: u64, maskDown: u64): u64 {
  let s = empty;
  for (let k = 0; k < 7; k++) s |= ((s << axis) & maskUp) | ((s >> axis) & maskDown);
  return ~s;
}

/** solver.ts's stableDiscs on one u64 per side: a lower bound on p's stable discs. */
function stableDiscs(p: u64, o: u64): i32 {
  if ((p & CORNERS) == 0) return 0;
  const full = p | o;
  const empty = ~full;
  let rows: u64 = 0;
  for (let r: u64 = 0; r < 8; r++) {
    const m = u64(0xff) << (r << 3);
    if ((full & m) == m) rows |= m;
  }
  let cols = full & (full >> 32);
  cols &= cols >> 16;
  cols &= cols >> 8;
  cols &= 0xff;
  const columns = cols * 0x0101010101010101;
  const d7 = fullLine(empty, 7, NOT_H, NOT_A);
  const d9 = fullLine(empty, 9, NOT_A, NOT_H);
  let s: u64 = 0;
  for (;;) {
    const okH = FILE_AH | rows | ((s << 1) & NOT_A) | ((s >> 1) & NOT_H);
    const okV = ROWS_1_8 | columns | (s << 8) | (s >> 8);
    const ok9 = FILE_AH | ROWS_1_8 | d9 | ((s << 9) & NOT_A) | ((s >> 9) & NOT_H);
    const ok7 = FILE_AH | ROWS_1_8 | d7 | ((s << 7) & NOT_H) | ((s >> 7) & NOT_A);
    const next = p & okH & okV & ok9 & ok7;
    if (next == s) break;
    s = next;
  }
  return i32(popcnt(s));
}

/**
 * Fills the move list of depth n fastest first: solver.ts's generate without an evaluation and without
 * the opponent's potential mobility, which here cost more than it saved.
 */
function generate(p: u64, o: u64, moves: u64, n: i32, parity: i32, hint: i32): i32 {
  const base = n * MAX_MOVES;
  const odd = unchecked(PARITY_SQUARES[parity]);
  let count = 0;
  let rest = moves;
  while (rest != 0) {
    const sq = i32(ctz(rest));
    rest &= rest - 1;
    const bit = u64(1) << u64(sq);
    const f = flips(sq, p, o);
    const np = p | f | bit;
    const no = o & ~f;
    const replies = legalMoves(no, np);
    // Fastest first: the fewer replies (corner replies counted twice), the sooner the cut.
    let key = i32(popcnt(replies) + popcnt(replies & CORNERS)) << 4;
    if ((bit & odd) != 0) key -= 2;
    if ((bit & CORNERS) != 0) key -= 4;
    if (sq == hint) key = -(1 << 30);
    let j = count++;
    // Insertion sort as we go: lists are short.
    while (j > 0 && unchecked(listKey[base + j - 1]) > key) {
      unchecked((listSq[base + j] = listSq[base + j - 1]));
      unchecked((listFlips[base + j] = listFlips[base + j - 1]));
      unchecked((listKey[base + j] = listKey[base + j - 1]));
      j--;
    }
    unchecked((listSq[base + j] = sq));
    unchecked((listFlips[base + j] = f));
    unchecked((listKey[base + j] = key));
  }
  return count;
}

/** solver.ts's deep search below its evaluation-ordered layers: PVS, table, ETC, stability. */
function deep(p: u64, o: u64, alpha: i32, beta: i32, passed: bool, n: i32, parity: i32): i32 {
  if (n <= SHALLOW_MAX) return shallow(p, o, alpha, beta, passed, n, parity);
  nodes++;
  if (nodes >= nextCheck) {
    nextCheck = nodes + CHECK_INTERVAL;
    if (expired()) aborted = true;
  }
  if (aborted) return 0;
  const bucket = ttBucket(p, o);
  const entry = ttFind(p, o, bucket);
  let hint = -1;
  if (entry != 0) {
    const meta = load<i32>(entry, 16);
    const lower = metaLower(meta);
    const upper = metaUpper(meta);
    if (lower >= beta) return lower;
    if (upper <= alpha) return upper;
    if (lower == upper) return lower;
    if (lower > alpha) alpha = lower;
    if (upper < beta) beta = upper;
    hint = (meta >>> 8) & 0xff;
  }
  // Only worth computing when the opponent has enough discs for its stable ones to cap us at alpha.
  if (alpha >= STABILITY_MIN_ALPHA && 2 * i32(popcnt(o)) >= 64 - alpha) {
    const cap = 64 - 2 * stableDiscs(o, p);
    if (cap <= alpha) return cap;
  }
  const moves = legalMoves(p, o);
  if (moves == 0) {
    if (passed) return finalScore(p, o);
    if (legalMoves(o, p) == 0) return finalScore(p, o);
    return -deep(o, p, -beta, -alpha, true, n, parity);
  }
  const count = generate(p, o, moves, n, parity, hint);
  const base = n * MAX_MOVES;
  if (n >= ETC_MIN) {
    // Enhanced transposition cut-off: a child whose stored upper bound already refutes beta ends the node.
    for (let i = 0; i < count; i++) {
      const sq = unchecked(listSq[base + i]);
      const f = unchecked(listFlips[base + i]);
      const np = o & ~f;
      const no = p | f | (u64(1) << u64(sq));
      const child = ttFind(np, no, ttBucket(np, no));
      if (child != 0) {
        const v = -metaUpper(load<i32>(child, 16));
        if (v >= beta) return v;
      }
    }
  }
  const alpha0 = alpha;
  let best = -65;
  let bestMove = -1;
  for (let i = 0; i < count; i++) {
    const sq = unchecked(listSq[base + i]);
    const f = unchecked(listFlips[base + i]);
    const np = o & ~f;
    const no = p | f | (u64(1) << u64(sq));
    const childParity = parity ^ unchecked(QUADRANT_BIT[sq]);
    let v: i32;
    if (i == 0) {
      v = -deep(np, no, -beta, -alpha, false, n - 1, childParity);
    } else {
      v = -deep(np, no, -alpha - 1, -alpha, false, n - 1, childParity);
      if (v > alpha && v < beta) v = -deep(np, no, -beta, -v, false, n - 1, childParity);
    }
    if (aborted) return 0;
    if (v > best) {
      best = v;
      bestMove = sq;
      if (v >= beta) break;
      if (v > alpha) alpha = v;
    }
  }
  ttStore(p, o, bucket, n, best > alpha0 ? best : -64, best < beta ? best : 64, bestMove);
  return best;
}

/** Nodes of the last search() call. */
export function searchedNodes(): i32 {
  return nodes;
}

/**
 * The exact score of (pl, ph) to move against (ol, oh) with n empties, fail-soft within (alpha, beta);
 * `parity` holds the quadrants with an odd number of empties, `passed` whether the previous move was
 * a pass. Above SHALLOW_MAX empties it needs the table (allocateTable), shares it with solver.ts, and
 * asks expired() every CHECK_INTERVAL nodes; once that says yes it returns ABORTED.
 */
export function search(
  pl: i32,
  ph: i32,
  ol: i32,
  oh: i32,
  alpha: i32,
  beta: i32,
  n: i32,
  parity: i32,
  passed: i32,
): i32 {
  nodes = 0;
  nextCheck = CHECK_INTERVAL;
  aborted = false;
  const p = (u64(u32(ph)) << 32) | u64(u32(pl));
  const o = (u64(u32(oh)) << 32) | u64(u32(ol));
  const empty = ~(p | o);
  if (n == 0) {
    nodes = 1;
    return finalScore(p, o);
  }
  if (n == 1) return last1(p, i32(ctz(empty)));
  if (n == 2) return last2(p, o, i32(ctz(empty)), i32(ctz(empty & (empty - 1))), alpha, beta, false);
  if (n == 3) return last3Entry(p, o, alpha, beta, parity);
  const score = deep(p, o, alpha, beta, passed != 0, n, parity);
  return aborted ? ABORTED : score;
}
