/**
 * AssemblyScript: the last empties of the exact Othello endgame solver (EndgameSolver in
 * src/games/othello/ai/solver.ts), compiled to WebAssembly for its 64-bit registers. Almost all of the
 * solver's nodes lie here, and in JavaScript every board is two int32 halves; here a board is one u64.
 *
 * The search is the one solver.ts ran in JavaScript before, node for node (the node counts must match):
 * - n ≤ 3: the few empty squares tried directly; last-1 only counts flips;
 * - up to SHALLOW_MAX empties: no hash, legal moves in parity order (squares of quadrants with an odd
 *   number of empties first, lowest square first within each group).
 *
 * Regenerate the shipped module with `npm run build:wasm -w @arena/engine` (wasm/build.mjs).
 */

const NOT_EDGE_FILES: u64 = 0x7e7e7e7e7e7e7e7e;

/** Rays from every square in the eight directions; 0–3 go towards higher squares, 4–7 towards lower. */
const RAYS = new StaticArray<u64>(64 * 8);
/** Squares of the quadrants whose parity bit is set, per 4-bit parity value. */
const PARITY_SQUARES = new StaticArray<u64>(16);
/** The parity bit of each square's quadrant. */
const QUADRANT_BIT = new StaticArray<i32>(64);

const DX: StaticArray<i32> = [1, -1, 0, 1, -1, 1, 0, -1];
const DY: StaticArray<i32> = [0, 1, 1, 1, 0, -1, -1, -1];
for (let square = 0; square < 64; square++) {
  for (let dir = 0; dir < 8; dir++) {
    let x = (square & 7) + unchecked(DX[dir]);
    let y = (square >> 3) + unchecked(DY[dir]);
    let ray: u64 = 0;
    while (x >= 0 && x < 8 && y >= 0 && y < 8) {
      ray |= u64(1) << u64(y * 8 + x);
      x += unchecked(DX[dir]);
      y += unchecked(DY[dir]);
    }
    unchecked((RAYS[square * 8 + dir] = ray));
  }
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

@inline
function someMoves(p: u64, mask: u64, dir: u64): u64 {
  let left = mask & (p << dir);
  let right = mask & (p >> dir);
  left |= mask & (left << dir);
  right |= mask & (right >> dir);
  const maskLeft = mask & (mask << dir);
  const maskRight = maskLeft >> dir;
  const dir2 = dir + dir;
  left |= maskLeft & (left << dir2);
  right |= maskRight & (right >> dir2);
  left |= maskLeft & (left << dir2);
  right |= maskRight & (right >> dir2);
  return (left << dir) | (right >> dir);
}

/** Legal moves of p against o: Kogge–Stone fills in the four line directions, both ways (as Edax). */
function legalMoves(p: u64, o: u64): u64 {
  const mask = o & NOT_EDGE_FILES;
  const found = someMoves(p, mask, 1) | someMoves(p, o, 8) | someMoves(p, mask, 7) | someMoves(p, mask, 9);
  return found & ~(p | o);
}

@inline
function flipsUp(ray: u64, p: u64, o: u64): u64 {
  const blockers = ray & ~o;
  const first = blockers & (0 - blockers);
  return (first & p) != 0 ? ray & (first - 1) : 0;
}

@inline
function flipsDown(ray: u64, p: u64, o: u64): u64 {
  const blockers = ray & ~o;
  if (blockers == 0) return 0;
  const first: u64 = u64(1) << (63 - clz(blockers));
  // first << 1 wraps to 0 for square 63, and then nothing lies above it.
  return (first & p) != 0 ? ray & ~((first << 1) - 1) : 0;
}

/** Discs flipped by p playing sq: along each ray the first square that is not o's decides. */
function flips(sq: i32, p: u64, o: u64): u64 {
  const base = sq << 3;
  return (
    flipsUp(unchecked(RAYS[base]), p, o) |
    flipsUp(unchecked(RAYS[base + 1]), p, o) |
    flipsUp(unchecked(RAYS[base + 2]), p, o) |
    flipsUp(unchecked(RAYS[base + 3]), p, o) |
    flipsDown(unchecked(RAYS[base + 4]), p, o) |
    flipsDown(unchecked(RAYS[base + 5]), p, o) |
    flipsDown(unchecked(RAYS[base + 6]), p, o) |
    flipsDown(unchecked(RAYS[base + 7]), p, o)
  );
}

/** The final disc difference; empty squares go to the winner. */
function finalScore(p: u64, o: u64): i32 {
  const mine = i32(popcnt(p));
  const theirs = i32(popcnt(o));
  const diff = mine - theirs;
  const empty = 64 - mine - theirs;
  return diff > 0 ? diff + empty : diff < 0 ? diff - empty : 0;
}

/** p to move on the last empty square sq; everything else is o's. */
function last1(p: u64, sq: i32): i32 {
  nodes++;
  const diff = 2 * i32(popcnt(p)) - 63;
  const others = ~p & ~(u64(1) << u64(sq));
  let count = i32(popcnt(flips(sq, p, others)));
  if (count > 0) return diff + 2 * count + 1;
  count = i32(popcnt(flips(sq, others, p)));
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

/**
 * The exact score of (pl, ph) to move against (ol, oh) with n ≤ SHALLOW_MAX empties, fail-soft within
 * (alpha, beta); `parity` holds the quadrants with an odd number of empties, `passed` whether the
 * previous move was a pass. Returns (nodes << 8) | (score + 64): one call, no second crossing for
 * the count (a tree of six empties stays far below 2^23 nodes).
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
  const p = (u64(u32(ph)) << 32) | u64(u32(pl));
  const o = (u64(u32(oh)) << 32) | u64(u32(ol));
  const empty = ~(p | o);
  let score: i32;
  if (n == 0) {
    nodes = 1;
    score = finalScore(p, o);
  } else if (n == 1) {
    score = last1(p, i32(ctz(empty)));
  } else if (n == 2) {
    const a = i32(ctz(empty));
    const b = i32(ctz(empty & (empty - 1)));
    score = last2(p, o, a, b, alpha, beta, false);
  } else if (n == 3) {
    score = last3Entry(p, o, alpha, beta, parity);
  } else {
    score = shallow(p, o, alpha, beta, passed != 0, n, parity);
  }
  return (nodes << 8) | (score + 64);
}
