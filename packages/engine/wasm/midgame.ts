/**
 * AssemblyScript: the midgame search's layers in WebAssembly (issue 33), one u64 per board as in
 * endgame.ts:
 * - move generation, proved by perft: the same leaves as `perftBits` in src/games/othello/bitboard.ts,
 *   counted the same way (a pass is one ply, a finished game one leaf, the last ply the popcount of the
 *   move mask and the one above it counted in place);
 * - the trained evaluation, the same value as `trainedEvalBits` (trained-eval.ts, patterns.ts's fast
 *   path): the weights and the layout of a stage's tables are handed in by the JavaScript side
 *   (midgame-wasm.ts), which owns them.
 *
 * Regenerate the shipped module with `npm run build:wasm -w @arena/engine` (wasm/build.mjs).
 */

import { flips, grow, legalMoves } from "./board";

function perftBits(p: u64, o: u64, depth: i32, passed: bool): u64 {
  let moves = legalMoves(p, o);
  if (moves == 0) {
    if (passed) return 1;
    return depth == 1 ? 1 : perftBits(o, p, depth - 1, true);
  }
  if (depth == 1) return popcnt(moves);
  let leaves: u64 = 0;
  if (depth == 2) {
    while (moves != 0) {
      const square = i32(ctz(moves));
      const bit = moves & (0 - moves);
      moves ^= bit;
      const flipped = flips(square, p, o);
      const replies = popcnt(legalMoves(o & ~flipped, p | flipped | bit));
      leaves += replies == 0 ? 1 : replies;
    }
    return leaves;
  }
  while (moves != 0) {
    const square = i32(ctz(moves));
    const bit = moves & (0 - moves);
    moves ^= bit;
    const flipped = flips(square, p, o);
    leaves += perftBits(o & ~flipped, p | flipped | bit, depth - 1, false);
  }
  return leaves;
}

/** Leaves of the move tree `depth` plies below (pl, ph) to move against (ol, oh), boards as int32 halves. */
export function perft(pl: i32, ph: i32, ol: i32, oh: i32, depth: i32): f64 {
  if (depth == 0) return 1;
  const p = (u64(u32(ph)) << 32) | u64(u32(pl));
  const o = (u64(u32(oh)) << 32) | u64(u32(ol));
  return f64(perftBits(p, o, depth, false));
}

// ---------------------------------------------------------------- the trained evaluation

/** A byte's bits as base-3 digits: bit i is worth 3^i (B3), or 3^(7 − i) read from the top (R3). */
const B3 = new StaticArray<i32>(256);
const R3 = new StaticArray<i32>(256);
for (let b = 0; b < 256; b++) {
  let up = 0;
  let down = 0;
  let power = 1;
  for (let i = 0; i < 8; i++) {
    if ((b >> i) & 1) {
      up += power;
    }
    power *= 3;
  }
  power = 1;
  for (let i = 7; i >= 0; i--) {
    if ((b >> i) & 1) down += power;
    power *= 3;
  }
  unchecked((B3[b] = up));
  unchecked((R3[b] = down));
}

/** Where the weights lie in this instance's memory (i16 each), and the layout of a stage's tables. */
let weights: usize = 0;
let stageSize: i32 = 0;
let stageCount: i32 = 1;
let stageWidth: i32 = 64;
let edgeX: i32 = 0;
let corner2x5: i32 = 0;
let corner3x3: i32 = 0;
let line2: i32 = 0;
let line3: i32 = 0;
let line4: i32 = 0;
let mobilityOwn: i32 = 0;
let mobilityOther: i32 = 0;
let constantAt: i32 = 0;
let mobilityCap: i32 = 32;
const MAX_DIAGONALS = 32;
let diagonalCount: i32 = 0;
const DIAGONAL_MASK = new StaticArray<u64>(MAX_DIAGONALS);
const DIAGONAL_SHIFT = new StaticArray<i32>(MAX_DIAGONALS);
const DIAGONAL_OFFSET = new StaticArray<i32>(MAX_DIAGONALS);

/** Room for `count` weights (i16) in this instance's memory, once; the caller copies them there. */
export function allocateWeights(count: i32): usize {
  weights = grow(<usize>count << 1);
  return weights;
}

/** The stages and the offsets of the kinds in a stage (FEATURE_KINDS in patterns.ts). */
export function setLayout(
  size: i32,
  stages: i32,
  width: i32,
  edge: i32,
  c25: i32,
  c33: i32,
  l2: i32,
  l3: i32,
  l4: i32,
  own: i32,
  other: i32,
  constant: i32,
  cap: i32,
): void {
  stageSize = size;
  stageCount = stages;
  stageWidth = width;
  edgeX = edge;
  corner2x5 = c25;
  corner3x3 = c33;
  line2 = l2;
  line3 = l3;
  line4 = l4;
  mobilityOwn = own;
  mobilityOther = other;
  constantAt = constant;
  mobilityCap = cap;
  diagonalCount = 0;
}

/** One diagonal of 4 or more squares: its mask (as int32 halves), its lowest file and its kind's offset. */
export function addDiagonal(lo: i32, hi: i32, shift: i32, offset: i32): void {
  if (diagonalCount >= MAX_DIAGONALS) unreachable();
  unchecked((DIAGONAL_MASK[diagonalCount] = (u64(u32(hi)) << 32) | u64(u32(lo))));
  unchecked((DIAGONAL_SHIFT[diagonalCount] = shift));
  unchecked((DIAGONAL_OFFSET[diagonalCount] = offset));
  diagonalCount++;
}

@inline
function w(index: i32): i32 {
  return i32(load<i16>(weights + (<usize>index << 1)));
}

@inline
function row(p: u64, r: i32): i32 {
  return i32((p >> u64(r << 3)) & 0xff);
}

/** File c as a byte, bit r for row r. */
@inline
function column(p: u64, c: i32): i32 {
  return i32((((p >> u64(c)) & 0x0101010101010101) * 0x0102040810204080) >> 56);
}

@inline
function t(own: i32, other: i32): i32 {
  return unchecked(B3[own]) + 2 * unchecked(B3[other]);
}

@inline
function r3(own: i32, other: i32): i32 {
  return unchecked(R3[own]) + 2 * unchecked(R3[other]);
}

/** An X-square as the edge's digit: own bit + 2 · other bit. */
@inline
function x(own: i32, other: i32, bit: i32): i32 {
  return ((own >> bit) & 1) + 2 * ((other >> bit) & 1);
}

/** The sum of the weights of every pattern instance of (p to move against o), from `base`. */
function patternSum(base: i32, p: u64, o: u64): i32 {
  const o0 = row(p, 0);
  const o1 = row(p, 1);
  const o2 = row(p, 2);
  const o3 = row(p, 3);
  const o4 = row(p, 4);
  const o5 = row(p, 5);
  const o6 = row(p, 6);
  const o7 = row(p, 7);
  const x0 = row(o, 0);
  const x1 = row(o, 1);
  const x2 = row(o, 2);
  const x3 = row(o, 3);
  const x4 = row(o, 4);
  const x5 = row(o, 5);
  const x6 = row(o, 6);
  const x7 = row(o, 7);
  const p0 = column(p, 0);
  const p1 = column(p, 1);
  const p2 = column(p, 2);
  const p3 = column(p, 3);
  const p4 = column(p, 4);
  const p5 = column(p, 5);
  const p6 = column(p, 6);
  const p7 = column(p, 7);
  const q0 = column(o, 0);
  const q1 = column(o, 1);
  const q2 = column(o, 2);
  const q3 = column(o, 3);
  const q4 = column(o, 4);
  const q5 = column(o, 5);
  const q6 = column(o, 6);
  const q7 = column(o, 7);
  const edge = base + edgeX;
  const c25 = base + corner2x5;
  const c33 = base + corner3x3;
  let sum =
    w(edge + t(o0, x0) + 6561 * x(o1, x1, 1) + 19683 * x(o1, x1, 6)) +
    w(edge + t(o7, x7) + 6561 * x(o6, x6, 1) + 19683 * x(o6, x6, 6)) +
    w(edge + t(p0, q0) + 6561 * x(p1, q1, 1) + 19683 * x(p1, q1, 6)) +
    w(edge + t(p7, q7) + 6561 * x(p6, q6, 1) + 19683 * x(p6, q6, 6)) +
    w(c25 + t(o0 & 31, x0 & 31) + 243 * t(o1 & 31, x1 & 31)) +
    w(c25 + r3(o0 & 0xf8, x0 & 0xf8) + 243 * r3(o1 & 0xf8, x1 & 0xf8)) +
    w(c25 + t(o7 & 31, x7 & 31) + 243 * t(o6 & 31, x6 & 31)) +
    w(c25 + r3(o7 & 0xf8, x7 & 0xf8) + 243 * r3(o6 & 0xf8, x6 & 0xf8)) +
    w(c25 + t(p0 & 31, q0 & 31) + 243 * t(p1 & 31, q1 & 31)) +
    w(c25 + r3(p0 & 0xf8, q0 & 0xf8) + 243 * r3(p1 & 0xf8, q1 & 0xf8)) +
    w(c25 + t(p7 & 31, q7 & 31) + 243 * t(p6 & 31, q6 & 31)) +
    w(c25 + r3(p7 & 0xf8, q7 & 0xf8) + 243 * r3(p6 & 0xf8, q6 & 0xf8)) +
    w(c33 + t(o0 & 7, x0 & 7) + 27 * t(o1 & 7, x1 & 7) + 729 * t(o2 & 7, x2 & 7)) +
    w(c33 + r3(o0 & 0xe0, x0 & 0xe0) + 27 * r3(o1 & 0xe0, x1 & 0xe0) + 729 * r3(o2 & 0xe0, x2 & 0xe0)) +
    w(c33 + t(o7 & 7, x7 & 7) + 27 * t(o6 & 7, x6 & 7) + 729 * t(o5 & 7, x5 & 7)) +
    w(c33 + r3(o7 & 0xe0, x7 & 0xe0) + 27 * r3(o6 & 0xe0, x6 & 0xe0) + 729 * r3(o5 & 0xe0, x5 & 0xe0)) +
    w(base + line2 + t(o1, x1)) +
    w(base + line2 + t(o6, x6)) +
    w(base + line2 + t(p1, q1)) +
    w(base + line2 + t(p6, q6)) +
    w(base + line3 + t(o2, x2)) +
    w(base + line3 + t(o5, x5)) +
    w(base + line3 + t(p2, q2)) +
    w(base + line3 + t(p5, q5)) +
    w(base + line4 + t(o3, x3)) +
    w(base + line4 + t(o4, x4)) +
    w(base + line4 + t(p3, q3)) +
    w(base + line4 + t(p4, q4));
  for (let d = 0; d < diagonalCount; d++) {
    const mask = unchecked(DIAGONAL_MASK[d]);
    const shift = u64(unchecked(DIAGONAL_SHIFT[d]));
    // One square per file: stacking the rows puts each on bit 56 + its file, without carries.
    const own = i32((((p & mask) * 0x0101010101010101) >> 56) >> shift);
    const other = i32((((o & mask) * 0x0101010101010101) >> 56) >> shift);
    sum += w(base + unchecked(DIAGONAL_OFFSET[d]) + t(own, other));
  }
  return sum;
}

/** The trained value of (pl, ph) to move against (ol, oh), in 1/scale disc, as `trainedEvalBits`. */
export function evaluate(pl: i32, ph: i32, ol: i32, oh: i32): i32 {
  const p = (u64(u32(ph)) << 32) | u64(u32(pl));
  const o = (u64(u32(oh)) << 32) | u64(u32(ol));
  return evaluateBits(p, o);
}

function evaluateBits(p: u64, o: u64): i32 {
  return evaluateWithMobility(p, o, i32(popcnt(legalMoves(p, o))), i32(popcnt(legalMoves(o, p))));
}

/** The trained value of p to move against o whose move counts are known (`own`, `other`). */
@inline
function evaluateWithMobility(p: u64, o: u64, own: i32, other: i32): i32 {
  const empties = 64 - i32(popcnt(p | o));
  const base = min(stageCount - 1, empties / stageWidth) * stageSize;
  return (
    patternSum(base, p, o) +
    w(base + mobilityOwn + min(mobilityCap, own)) +
    w(base + mobilityOther + min(mobilityCap, other)) +
    w(base + constantAt)
  );
}

// ---------------------------------------------------------------- the search

/** The search's deadline test (midgame.ts): true once its time is up. */
@external("midgame", "expired")
declare function expired(): bool;

const MAX_PLY = 64;
const MAX_MOVES = 32;
const CHECK_INTERVAL = 1024;
const INF = 1 << 30;

/** How children are ordered: handed in from midgame-ordering.ts (`setOrdering`, `setSquarePriority`). */
let evalOrderDepth: i32 = 0;
let mobilityOrderDepth: i32 = 0;
let mobilityWeight: i32 = 0;
const SQUARE_PRIORITY = new StaticArray<i32>(64);

export function setOrdering(evalDepth: i32, mobilityDepth: i32, weight: i32): void {
  evalOrderDepth = evalDepth;
  mobilityOrderDepth = mobilityDepth;
  mobilityWeight = weight;
}

export function setSquarePriority(square: i32, priority: i32): void {
  SQUARE_PRIORITY[square] = priority;
}

const listSq = new StaticArray<i32>(MAX_PLY * MAX_MOVES);
const listFlips = new StaticArray<u64>(MAX_PLY * MAX_MOVES);
const listKey = new StaticArray<i32>(MAX_PLY * MAX_MOVES);

let scale: i32 = 1;
let nodes: i32 = 0;
let nextCheck: i32 = CHECK_INTERVAL;
let aborted = false;

/**
 * The table, as midgame.ts's: 32 bytes a slot (the four board halves, lower and upper bounds, depth with
 * -1 for empty, best move), in buckets of two slots found by the same hash.
 */
let table: usize = 0;
let tableMask: i32 = 0;
const SLOT = 32;

/** Allocates the table of 2^bits slots (once) and empties it; `units` is the evaluation's scale. */
export function allocateTable(bits: i32, units: i32): void {
  scale = units;
  const size = 1 << bits;
  table = grow(<usize>size * SLOT);
  tableMask = size - 2;
  clearTable();
}

/** Forgets every stored position. */
export function clearTable(): void {
  for (let i = 0; i <= tableMask + 1; i++) store<i8>(table + <usize>i * SLOT + 24, -1);
}

@inline
function slotAt(i: i32): usize {
  return table + <usize>i * SLOT;
}

function hash(pl: i32, ph: i32, ol: i32, oh: i32): i32 {
  let h = (pl * <i32>0x9e3779b1) ^ ((ph ^ <i32>0x5bd1e995) * <i32>0x85ebca77);
  h ^= (ol * <i32>0xc2b2ae3d) ^ ((oh ^ <i32>0x27d4eb2f) * <i32>0x165667b1);
  h ^= h >>> 15;
  h = h * <i32>0x2c1b3c6d;
  h ^= h >>> 13;
  return h & tableMask;
}

function find(p: u64, o: u64, bucket: i32): i32 {
  for (let i = bucket; i < bucket + 2; i++) {
    const at = slotAt(i);
    if (load<i8>(at + 24) != -1 && load<u64>(at) == p && load<u64>(at + 8) == o) return i;
  }
  return -1;
}

function storeEntry(p: u64, o: u64, bucket: i32, depth: i32, lower: i32, upper: i32, move: i32): void {
  let slot = find(p, o, bucket);
  if (slot >= 0 && i32(load<i8>(slotAt(slot) + 24)) > depth) return;
  if (slot < 0) {
    slot = i32(load<i8>(slotAt(bucket) + 24)) <= i32(load<i8>(slotAt(bucket + 1) + 24)) ? bucket : bucket + 1;
    store<u64>(slotAt(slot), p);
    store<u64>(slotAt(slot) + 8, o);
  }
  const at = slotAt(slot);
  store<i8>(at + 24, i8(depth));
  store<i32>(at + 16, lower);
  store<i32>(at + 20, upper);
  store<i8>(at + 25, i8(move));
}

@inline
function low(b: u64): i32 {
  return i32(b);
}

@inline
function high(b: u64): i32 {
  return i32(b >> 32);
}

function bucketOf(p: u64, o: u64): i32 {
  return hash(low(p), high(p), low(o), high(o));
}

/** The final disc difference; empty squares go to the winner. */
function finalScore(p: u64, o: u64): i32 {
  const mine = i32(popcnt(p));
  const theirs = i32(popcnt(o));
  const diff = mine - theirs;
  const empty = 64 - mine - theirs;
  return diff > 0 ? diff + empty : diff < 0 ? diff - empty : 0;
}

/** Fills the move list of `ply`, best first; returns its length. */
function generate(p: u64, o: u64, ply: i32, hint: i32, depth: i32): i32 {
  let moves = legalMoves(p, o);
  const base = ply * MAX_MOVES;
  let count = 0;
  while (moves != 0) {
    const sq = i32(ctz(moves));
    const bit = moves & (0 - moves);
    moves ^= bit;
    const flipped = flips(sq, p, o);
    let key: i32;
    if (sq == hint) key = INF;
    else if (depth >= evalOrderDepth) key = -evaluateBits(o & ~flipped, p | flipped | bit);
    else if (depth >= mobilityOrderDepth) {
      const replies = i32(popcnt(legalMoves(o & ~flipped, p | flipped | bit)));
      key = unchecked(SQUARE_PRIORITY[sq]) - mobilityWeight * replies;
    } else key = unchecked(SQUARE_PRIORITY[sq]);
    let j = count++;
    while (j > 0 && unchecked(listKey[base + j - 1]) < key) {
      unchecked((listSq[base + j] = listSq[base + j - 1]));
      unchecked((listFlips[base + j] = listFlips[base + j - 1]));
      unchecked((listKey[base + j] = listKey[base + j - 1]));
      j--;
    }
    unchecked((listSq[base + j] = sq));
    unchecked((listFlips[base + j] = flipped));
    unchecked((listKey[base + j] = key));
  }
  return count;
}

function pvs(p: u64, o: u64, alpha: i32, beta: i32, depth: i32, passed: bool, ply: i32): i32 {
  nodes++;
  if (nodes >= nextCheck) {
    nextCheck = nodes + CHECK_INTERVAL;
    if (expired()) aborted = true;
  }
  if (aborted) return 0;
  if (depth <= 0) {
    // The move counts the evaluation needs double as the end-of-game test.
    const own = i32(popcnt(legalMoves(p, o)));
    const other = i32(popcnt(legalMoves(o, p)));
    if (own == 0 && other == 0) return finalScore(p, o) * scale;
    return evaluateWithMobility(p, o, own, other);
  }
  const bucket = bucketOf(p, o);
  const slot = find(p, o, bucket);
  let hint = -1;
  if (slot >= 0) {
    const at = slotAt(slot);
    hint = i32(load<i8>(at + 25));
    if (i32(load<i8>(at + 24)) >= depth) {
      const lower = load<i32>(at + 16);
      const upper = load<i32>(at + 20);
      if (lower >= beta) return lower;
      if (upper <= alpha) return upper;
      if (lower == upper) return lower;
    }
  }
  const count = generate(p, o, ply, hint, depth);
  if (count == 0) {
    if (passed) return finalScore(p, o) * scale;
    if (legalMoves(o, p) == 0) return finalScore(p, o) * scale;
    return -pvs(o, p, -beta, -alpha, depth, true, ply + 1);
  }
  const base = ply * MAX_MOVES;
  const alpha0 = alpha;
  let best = -INF;
  let bestMove = -1;
  for (let i = 0; i < count; i++) {
    const sq = unchecked(listSq[base + i]);
    const flipped = unchecked(listFlips[base + i]);
    const np = o & ~flipped;
    const no = p | flipped | (u64(1) << u64(sq));
    let v: i32;
    if (i == 0) v = -pvs(np, no, -beta, -alpha, depth - 1, false, ply + 1);
    else {
      v = -pvs(np, no, -alpha - 1, -alpha, depth - 1, false, ply + 1);
      if (v > alpha && v < beta) v = -pvs(np, no, -beta, -v, depth - 1, false, ply + 1);
    }
    if (aborted) return 0;
    if (v > best) {
      best = v;
      bestMove = sq;
      if (v > alpha) {
        alpha = v;
        if (alpha >= beta) break;
      }
    }
  }
  storeEntry(p, o, bucket, depth, best > alpha0 ? best : -INF, best < beta ? best : INF, bestMove);
  return best;
}

/**
 * One search of (pl, ph) to move against (ol, oh) to `depth` within (alpha, beta), as
 * `MidgameSearch.pvs` at the root; `searchedNodes()` and `wasAborted()` tell the rest. A new search
 * (`fresh` 1) resets the node count and the clock checks, as an iterative deepening's first call does.
 */
export function search(pl: i32, ph: i32, ol: i32, oh: i32, alpha: i32, beta: i32, depth: i32, fresh: i32): i32 {
  if (fresh != 0) {
    nodes = 0;
    nextCheck = CHECK_INTERVAL;
    aborted = false;
  }
  const p = (u64(u32(ph)) << 32) | u64(u32(pl));
  const o = (u64(u32(oh)) << 32) | u64(u32(ol));
  return pvs(p, o, alpha, beta, depth, false, 0);
}

export function searchedNodes(): i32 {
  return nodes;
}

export function wasAborted(): i32 {
  return aborted ? 1 : 0;
}

/** The table's best move for (pl, ph) to move against (ol, oh), or -1. */
export function storedMove(pl: i32, ph: i32, ol: i32, oh: i32): i32 {
  const p = (u64(u32(ph)) << 32) | u64(u32(pl));
  const o = (u64(u32(oh)) << 32) | u64(u32(ol));
  const slot = find(p, o, bucketOf(p, o));
  return slot >= 0 ? i32(load<i8>(slotAt(slot) + 25)) : -1;
}

/** The first move by the cheap ordering (depth 0), which is always legal; -1 without one. */
export function cheapestFirst(pl: i32, ph: i32, ol: i32, oh: i32): i32 {
  const p = (u64(u32(ph)) << 32) | u64(u32(pl));
  const o = (u64(u32(oh)) << 32) | u64(u32(ol));
  return generate(p, o, 0, -1, 0) > 0 ? unchecked(listSq[0]) : -1;
}
