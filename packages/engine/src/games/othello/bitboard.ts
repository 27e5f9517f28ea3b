/**
 * Othello bitboards as pairs of 32-bit halves: bit i is square i, a1 = bit 0
 * (top-left), h1 = bit 7, h8 = bit 63; `lo` holds rows 1–4 and `hi` rows 5–8.
 *
 * Two int32 halves beat BigInt by two orders of magnitude in V8 and beat
 * typed-array views because the halves stay in registers (see
 * docs/benchmarks.md). Functions that produce a board pair write it to
 * `out` (a module-level scratch pair) so the hot path never allocates.
 */

/** Scratch output for functions that return a 64-bit board. Read it at once. */
export const out = { lo: 0, hi: 0 };

const NOT_EDGE_FILES = 0x7e7e7e7e;

export function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function popcount(lo: number, hi: number): number {
  return popcount32(lo) + popcount32(hi);
}

/**
 * Legal moves for the player with discs (pl, ph) against (ol, oh), written
 * to `out`. Kogge–Stone fills in each of the eight directions, as in Edax's
 * portable `get_moves`: two single steps, then two double steps through a
 * pre-shifted mask, which reaches runs of up to six discs.
 */
export function moves(pl: number, ph: number, ol: number, oh: number): void {
  const el = ~(pl | ol);
  const eh = ~(ph | oh);
  const ml = ol & NOT_EDGE_FILES;
  const mh = oh & NOT_EDGE_FILES;
  let rl = 0;
  let rh = 0;

  // Horizontal: the edge-file mask keeps every step inside its row, so each half fills alone.
  {
    let a = ml & (pl << 1);
    let b = mh & (ph << 1);
    a |= ml & (a << 1);
    b |= mh & (b << 1);
    const pa = ml & (ml << 1);
    const pb = mh & (mh << 1);
    a |= pa & (a << 2);
    b |= pb & (b << 2);
    a |= pa & (a << 2);
    b |= pb & (b << 2);
    rl |= a << 1;
    rh |= b << 1;

    let c = ml & (pl >>> 1);
    let d = mh & (ph >>> 1);
    c |= ml & (c >>> 1);
    d |= mh & (d >>> 1);
    const pc = ml & (ml >>> 1);
    const pd = mh & (mh >>> 1);
    c |= pc & (c >>> 2);
    d |= pd & (d >>> 2);
    c |= pc & (c >>> 2);
    d |= pd & (d >>> 2);
    rl |= c >>> 1;
    rh |= d >>> 1;
  }

  // Vertical (±8) and the diagonals (±7, ±9), where shifts cross between the halves. Kept as a
  // loop: unrolled, the function grows past V8's inlining budget and perft ran about 10% slower.
  for (let dir = 0; dir < 3; dir++) {
    const s = dir === 0 ? 8 : dir === 1 ? 7 : 9;
    const s2 = s * 2;
    const gl = dir === 0 ? ol : ml;
    const gh = dir === 0 ? oh : mh;
    let al = gl & (pl << s);
    let ah = gh & ((ph << s) | (pl >>> (32 - s)));
    let tl = al << s;
    let th = (ah << s) | (al >>> (32 - s));
    al |= gl & tl;
    ah |= gh & th;
    const ql = gl & (gl << s);
    const qh = gh & ((gh << s) | (gl >>> (32 - s)));
    tl = al << s2;
    th = (ah << s2) | (al >>> (32 - s2));
    al |= ql & tl;
    ah |= qh & th;
    tl = al << s2;
    th = (ah << s2) | (al >>> (32 - s2));
    al |= ql & tl;
    ah |= qh & th;
    rl |= al << s;
    rh |= (ah << s) | (al >>> (32 - s));
    let bl = gl & ((pl >>> s) | (ph << (32 - s)));
    let bh = gh & (ph >>> s);
    tl = (bl >>> s) | (bh << (32 - s));
    th = bh >>> s;
    bl |= gl & tl;
    bh |= gh & th;
    const wl = gl & ((gl >>> s) | (gh << (32 - s)));
    const wh = gh & (gh >>> s);
    tl = (bl >>> s2) | (bh << (32 - s2));
    th = bh >>> s2;
    bl |= wl & tl;
    bh |= wh & th;
    tl = (bl >>> s2) | (bh << (32 - s2));
    th = bh >>> s2;
    bl |= wl & tl;
    bh |= wh & th;
    rl |= (bl >>> s) | (bh << (32 - s));
    rh |= bh >>> s;
  }
  out.lo = rl & el;
  out.hi = rh & eh;
}

// Rays from every square in the eight directions, as (lo, hi) pairs: index (square * 8 + direction) * 2.
// Directions 0–3 go towards higher squares (E, SW, S, SE), 4–7 towards lower ones (W, NE, N, NW).
const DIRECTIONS = [
  [1, 0],
  [-1, 1],
  [0, 1],
  [1, 1],
  [-1, 0],
  [1, -1],
  [0, -1],
  [-1, -1],
] as const;

const RAYS = new Int32Array(64 * 8 * 2);
for (let square = 0; square < 64; square++) {
  for (let dir = 0; dir < 8; dir++) {
    const [dx, dy] = DIRECTIONS[dir] ?? [0, 0];
    let x = (square & 7) + dx;
    let y = (square >>> 3) + dy;
    let lo = 0;
    let hi = 0;
    while (x >= 0 && x < 8 && y >= 0 && y < 8) {
      const index = y * 8 + x;
      if (index < 32) lo |= 1 << index;
      else hi |= 1 << (index - 32);
      x += dx;
      y += dy;
    }
    RAYS[(square * 8 + dir) * 2] = lo;
    RAYS[(square * 8 + dir) * 2 + 1] = hi;
  }
}

/**
 * Discs flipped when the player (pl, ph) plays `square` against (ol, oh),
 * written to `out`. Along each ray the first square that is not an opponent
 * disc decides: if it is the player's own, everything before it flips.
 */
export function flips(square: number, pl: number, ph: number, ol: number, oh: number): void {
  let fl = 0;
  let fh = 0;
  const base = square << 4;
  // The eight directions written out (E, SW, S, SE upwards; W, NE, N, NW downwards): about 2% faster
  // than a loop here, unlike the move generator, which is inlined only while it stays small.
  {
    const rl = RAYS[base + 0] as number;
    const rh = RAYS[base + 1] as number;
    const bl = rl & ~ol;
    if (bl !== 0) {
      const b = bl & -bl;
      if ((b & pl) !== 0) fl |= rl & (b - 1);
    } else {
      const bh = rh & ~oh;
      if (bh !== 0) {
        const b = bh & -bh;
        if ((b & ph) !== 0) {
          fl |= rl;
          fh |= rh & (b - 1);
        }
      }
    }
  }
  {
    const rl = RAYS[base + 2] as number;
    const rh = RAYS[base + 3] as number;
    const bl = rl & ~ol;
    if (bl !== 0) {
      const b = bl & -bl;
      if ((b & pl) !== 0) fl |= rl & (b - 1);
    } else {
      const bh = rh & ~oh;
      if (bh !== 0) {
        const b = bh & -bh;
        if ((b & ph) !== 0) {
          fl |= rl;
          fh |= rh & (b - 1);
        }
      }
    }
  }
  {
    const rl = RAYS[base + 4] as number;
    const rh = RAYS[base + 5] as number;
    const bl = rl & ~ol;
    if (bl !== 0) {
      const b = bl & -bl;
      if ((b & pl) !== 0) fl |= rl & (b - 1);
    } else {
      const bh = rh & ~oh;
      if (bh !== 0) {
        const b = bh & -bh;
        if ((b & ph) !== 0) {
          fl |= rl;
          fh |= rh & (b - 1);
        }
      }
    }
  }
  {
    const rl = RAYS[base + 6] as number;
    const rh = RAYS[base + 7] as number;
    const bl = rl & ~ol;
    if (bl !== 0) {
      const b = bl & -bl;
      if ((b & pl) !== 0) fl |= rl & (b - 1);
    } else {
      const bh = rh & ~oh;
      if (bh !== 0) {
        const b = bh & -bh;
        if ((b & ph) !== 0) {
          fl |= rl;
          fh |= rh & (b - 1);
        }
      }
    }
  }
  {
    const rl = RAYS[base + 8] as number;
    const rh = RAYS[base + 9] as number;
    const bh = rh & ~oh;
    if (bh !== 0) {
      const b = 1 << (31 - Math.clz32(bh));
      if ((b & ph) !== 0) fh |= rh & -(b << 1);
    } else {
      const bl = rl & ~ol;
      if (bl !== 0) {
        const b = 1 << (31 - Math.clz32(bl));
        if ((b & pl) !== 0) {
          fh |= rh;
          fl |= rl & -(b << 1);
        }
      }
    }
  }
  {
    const rl = RAYS[base + 10] as number;
    const rh = RAYS[base + 11] as number;
    const bh = rh & ~oh;
    if (bh !== 0) {
      const b = 1 << (31 - Math.clz32(bh));
      if ((b & ph) !== 0) fh |= rh & -(b << 1);
    } else {
      const bl = rl & ~ol;
      if (bl !== 0) {
        const b = 1 << (31 - Math.clz32(bl));
        if ((b & pl) !== 0) {
          fh |= rh;
          fl |= rl & -(b << 1);
        }
      }
    }
  }
  {
    const rl = RAYS[base + 12] as number;
    const rh = RAYS[base + 13] as number;
    const bh = rh & ~oh;
    if (bh !== 0) {
      const b = 1 << (31 - Math.clz32(bh));
      if ((b & ph) !== 0) fh |= rh & -(b << 1);
    } else {
      const bl = rl & ~ol;
      if (bl !== 0) {
        const b = 1 << (31 - Math.clz32(bl));
        if ((b & pl) !== 0) {
          fh |= rh;
          fl |= rl & -(b << 1);
        }
      }
    }
  }
  {
    const rl = RAYS[base + 14] as number;
    const rh = RAYS[base + 15] as number;
    const bh = rh & ~oh;
    if (bh !== 0) {
      const b = 1 << (31 - Math.clz32(bh));
      if ((b & ph) !== 0) fh |= rh & -(b << 1);
    } else {
      const bl = rl & ~ol;
      if (bl !== 0) {
        const b = 1 << (31 - Math.clz32(bl));
        if ((b & pl) !== 0) {
          fh |= rh;
          fl |= rl & -(b << 1);
        }
      }
    }
  }
  out.lo = fl;
  out.hi = fh;
}

/**
 * Leaves of the game tree `depth` plies below the position with (pl, ph) to
 * move. A pass is one ply and a finished game one leaf, as in the C
 * yardstick; the last ply is counted from the move mask without playing it.
 */
export function perftBits(
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  depth: number,
  passed: boolean,
): number {
  moves(pl, ph, ol, oh);
  let ml = out.lo;
  let mh = out.hi;
  if ((ml | mh) === 0) {
    if (passed) return 1;
    return depth === 1 ? 1 : perftBits(ol, oh, pl, ph, depth - 1, true);
  }
  if (depth === 1) return popcount32(ml) + popcount32(mh);
  let leaves = 0;
  // One ply above the leaves the children are counted in place: play each move and popcount the
  // opponent's replies (or 1 for a pass or an end), without a call per child (~4% faster).
  if (depth === 2) {
    while ((ml | mh) !== 0) {
      let bl = 0;
      let bh = 0;
      let square: number;
      if (ml !== 0) {
        bl = ml & -ml;
        ml ^= bl;
        square = 31 - Math.clz32(bl);
      } else {
        bh = mh & -mh;
        mh ^= bh;
        square = 63 - Math.clz32(bh);
      }
      flips(square, pl, ph, ol, oh);
      const fl = out.lo;
      const fh = out.hi;
      const nl = pl | fl | bl;
      const nh = ph | fh | bh;
      moves(ol & ~fl, oh & ~fh, nl, nh);
      const count = popcount32(out.lo) + popcount32(out.hi);
      leaves += count === 0 ? 1 : count;
    }
    return leaves;
  }
  while (ml !== 0) {
    const bit = ml & -ml;
    ml ^= bit;
    flips(31 - Math.clz32(bit), pl, ph, ol, oh);
    const fl = out.lo;
    const fh = out.hi;
    leaves += perftBits(ol & ~fl, oh & ~fh, pl | fl | bit, ph | fh, depth - 1, false);
  }
  while (mh !== 0) {
    const bit = mh & -mh;
    mh ^= bit;
    flips(63 - Math.clz32(bit), pl, ph, ol, oh);
    const fl = out.lo;
    const fh = out.hi;
    leaves += perftBits(ol & ~fl, oh & ~fh, pl | fl, ph | fh | bit, depth - 1, false);
  }
  return leaves;
}
