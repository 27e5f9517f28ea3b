/**
 * The same Othello perft written on three board representations, to measure
 * which one V8 runs fastest (the engine uses int32 halves; see
 * docs/benchmarks.md). These are measuring sticks, not engine code: each is
 * a direct port of ../shared/bench/perft-ref.c (shift walks) with bulk
 * counting at the last ply, so between them only the representation differs.
 */

const MASK64 = (1n << 64n) - 1n;
const NOT_A = 0xfefefefefefefefen;
const NOT_H = 0x7f7f7f7f7f7f7f7fn;

function shiftBig(b: bigint, d: number): bigint {
  switch (d) {
    case 0:
      return (b << 1n) & NOT_A & MASK64;
    case 1:
      return (b >> 1n) & NOT_H;
    case 2:
      return (b << 8n) & MASK64;
    case 3:
      return b >> 8n;
    case 4:
      return (b << 9n) & NOT_A & MASK64;
    case 5:
      return (b << 7n) & NOT_H & MASK64;
    case 6:
      return (b >> 7n) & NOT_A;
    default:
      return (b >> 9n) & NOT_H;
  }
}

function movesBig(me: bigint, op: bigint): bigint {
  const empty = ~(me | op) & MASK64;
  let m = 0n;
  for (let d = 0; d < 8; d++) {
    let x = shiftBig(me, d) & op;
    for (let i = 0; i < 5; i++) x |= shiftBig(x, d) & op;
    m |= shiftBig(x, d) & empty;
  }
  return m;
}

function flipsBig(me: bigint, op: bigint, sq: bigint): bigint {
  let f = 0n;
  for (let d = 0; d < 8; d++) {
    let line = 0n;
    let x = shiftBig(sq, d);
    while ((x & op) !== 0n) {
      line |= x;
      x = shiftBig(x, d);
    }
    if ((x & me) !== 0n) f |= line;
  }
  return f;
}

function popcountBig(x: bigint): number {
  let n = 0;
  while (x !== 0n) {
    x &= x - 1n;
    n++;
  }
  return n;
}

export function perftBigInt(me: bigint, op: bigint, depth: number, passed: boolean): number {
  let m = movesBig(me, op);
  if (m === 0n) {
    if (passed) return 1;
    return depth === 1 ? 1 : perftBigInt(op, me, depth - 1, true);
  }
  if (depth === 1) return popcountBig(m);
  let n = 0;
  while (m !== 0n) {
    const sq = m & -m;
    m ^= sq;
    const f = flipsBig(me, op, sq);
    n += perftBigInt(op ^ f, me | f | sq, depth - 1, false);
  }
  return n;
}

export const BIG_START = { black: (1n << 28n) | (1n << 35n), white: (1n << 27n) | (1n << 36n) };

// Typed arrays: each ply keeps its board in a Uint32Array slot [meLo, meHi, opLo, opHi]; the
// algorithm is the int32-halves one, but every read and write goes through memory.
const STACK = new Int32Array(64 * 4);
const TMP = new Int32Array(2);

function shiftPair(src: Int32Array, at: number, d: number, dst: Int32Array): void {
  const lo = src[at] as number;
  const hi = src[at + 1] as number;
  switch (d) {
    case 0:
      dst[0] = (lo << 1) & 0xfefefefe;
      dst[1] = ((hi << 1) | (lo >>> 31)) & 0xfefefefe;
      return;
    case 1:
      dst[0] = ((lo >>> 1) | (hi << 31)) & 0x7f7f7f7f;
      dst[1] = (hi >>> 1) & 0x7f7f7f7f;
      return;
    case 2:
      dst[0] = lo << 8;
      dst[1] = (hi << 8) | (lo >>> 24);
      return;
    case 3:
      dst[0] = (lo >>> 8) | (hi << 24);
      dst[1] = hi >>> 8;
      return;
    case 4:
      dst[0] = (lo << 9) & 0xfefefefe;
      dst[1] = ((hi << 9) | (lo >>> 23)) & 0xfefefefe;
      return;
    case 5:
      dst[0] = (lo << 7) & 0x7f7f7f7f;
      dst[1] = ((hi << 7) | (lo >>> 25)) & 0x7f7f7f7f;
      return;
    case 6:
      dst[0] = ((lo >>> 7) | (hi << 25)) & 0xfefefefe;
      dst[1] = (hi >>> 7) & 0xfefefefe;
      return;
    default:
      dst[0] = ((lo >>> 9) | (hi << 23)) & 0x7f7f7f7f;
      dst[1] = (hi >>> 9) & 0x7f7f7f7f;
  }
}

const X = new Int32Array(2);
const M = new Int32Array(2);

function movesTyped(base: number): void {
  const el = ~((STACK[base] as number) | (STACK[base + 2] as number));
  const eh = ~((STACK[base + 1] as number) | (STACK[base + 3] as number));
  M[0] = 0;
  M[1] = 0;
  for (let d = 0; d < 8; d++) {
    shiftPair(STACK, base, d, X);
    X[0] = (X[0] as number) & (STACK[base + 2] as number);
    X[1] = (X[1] as number) & (STACK[base + 3] as number);
    for (let i = 0; i < 5; i++) {
      shiftPair(X, 0, d, TMP);
      X[0] = X[0] | ((TMP[0] as number) & (STACK[base + 2] as number));
      X[1] = X[1] | ((TMP[1] as number) & (STACK[base + 3] as number));
    }
    shiftPair(X, 0, d, TMP);
    M[0] = M[0] | ((TMP[0] as number) & el);
    M[1] = M[1] | ((TMP[1] as number) & eh);
  }
}

const SQ = new Int32Array(2);
const LINE = new Int32Array(2);
const F = new Int32Array(2);

function flipsTyped(base: number): void {
  F[0] = 0;
  F[1] = 0;
  for (let d = 0; d < 8; d++) {
    LINE[0] = 0;
    LINE[1] = 0;
    shiftPair(SQ, 0, d, X);
    while (
      (((X[0] as number) & (STACK[base + 2] as number)) |
        ((X[1] as number) & (STACK[base + 3] as number))) !==
      0
    ) {
      LINE[0] = LINE[0] | (X[0] as number);
      LINE[1] = LINE[1] | (X[1] as number);
      shiftPair(X, 0, d, TMP);
      X[0] = TMP[0] as number;
      X[1] = TMP[1] as number;
    }
    if (
      (((X[0] as number) & (STACK[base] as number)) | ((X[1] as number) & (STACK[base + 1] as number))) !==
      0
    ) {
      F[0] = F[0] | LINE[0];
      F[1] = F[1] | LINE[1];
    }
  }
}

function pop32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

function perftTypedAt(ply: number, depth: number, passed: boolean): number {
  const base = ply * 4;
  movesTyped(base);
  let ml = M[0] as number;
  let mh = M[1] as number;
  const next = base + 4;
  if ((ml | mh) === 0) {
    if (passed) return 1;
    if (depth === 1) return 1;
    STACK[next] = STACK[base + 2] as number;
    STACK[next + 1] = STACK[base + 3] as number;
    STACK[next + 2] = STACK[base] as number;
    STACK[next + 3] = STACK[base + 1] as number;
    return perftTypedAt(ply + 1, depth - 1, true);
  }
  if (depth === 1) return pop32(ml) + pop32(mh);
  let n = 0;
  while ((ml | mh) !== 0) {
    if (ml !== 0) {
      SQ[0] = ml & -ml;
      SQ[1] = 0;
      ml ^= SQ[0];
    } else {
      SQ[0] = 0;
      SQ[1] = mh & -mh;
      mh ^= SQ[1];
    }
    flipsTyped(base);
    STACK[next] = (STACK[base + 2] as number) & ~(F[0] as number);
    STACK[next + 1] = (STACK[base + 3] as number) & ~(F[1] as number);
    STACK[next + 2] = (STACK[base] as number) | (F[0] as number) | SQ[0];
    STACK[next + 3] = (STACK[base + 1] as number) | (F[1] as number) | SQ[1];
    n += perftTypedAt(ply + 1, depth - 1, false);
  }
  return n;
}

export function perftTyped(
  blackLo: number,
  blackHi: number,
  whiteLo: number,
  whiteHi: number,
  depth: number,
): number {
  STACK[0] = blackLo;
  STACK[1] = blackHi;
  STACK[2] = whiteLo;
  STACK[3] = whiteHi;
  return perftTypedAt(0, depth, false);
}

// int32 halves in locals with the C yardstick's own algorithm (shift walks), to separate the
// representation's effect from the engine's better algorithms (Kogge–Stone fills, ray flips).
let shiftedLo = 0;
let shiftedHi = 0;

function shiftHalves(lo: number, hi: number, d: number): void {
  switch (d) {
    case 0:
      shiftedLo = (lo << 1) & 0xfefefefe;
      shiftedHi = ((hi << 1) | (lo >>> 31)) & 0xfefefefe;
      return;
    case 1:
      shiftedLo = ((lo >>> 1) | (hi << 31)) & 0x7f7f7f7f;
      shiftedHi = (hi >>> 1) & 0x7f7f7f7f;
      return;
    case 2:
      shiftedLo = lo << 8;
      shiftedHi = (hi << 8) | (lo >>> 24);
      return;
    case 3:
      shiftedLo = (lo >>> 8) | (hi << 24);
      shiftedHi = hi >>> 8;
      return;
    case 4:
      shiftedLo = (lo << 9) & 0xfefefefe;
      shiftedHi = ((hi << 9) | (lo >>> 23)) & 0xfefefefe;
      return;
    case 5:
      shiftedLo = (lo << 7) & 0x7f7f7f7f;
      shiftedHi = ((hi << 7) | (lo >>> 25)) & 0x7f7f7f7f;
      return;
    case 6:
      shiftedLo = ((lo >>> 7) | (hi << 25)) & 0xfefefefe;
      shiftedHi = (hi >>> 7) & 0xfefefefe;
      return;
    default:
      shiftedLo = ((lo >>> 9) | (hi << 23)) & 0x7f7f7f7f;
      shiftedHi = (hi >>> 9) & 0x7f7f7f7f;
  }
}

export function perftHalvesPlain(
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  depth: number,
  passed: boolean,
): number {
  const el = ~(pl | ol);
  const eh = ~(ph | oh);
  let ml = 0;
  let mh = 0;
  for (let d = 0; d < 8; d++) {
    shiftHalves(pl, ph, d);
    let xl = shiftedLo & ol;
    let xh = shiftedHi & oh;
    for (let i = 0; i < 5; i++) {
      shiftHalves(xl, xh, d);
      xl |= shiftedLo & ol;
      xh |= shiftedHi & oh;
    }
    shiftHalves(xl, xh, d);
    ml |= shiftedLo & el;
    mh |= shiftedHi & eh;
  }
  if ((ml | mh) === 0) {
    if (passed) return 1;
    return depth === 1 ? 1 : perftHalvesPlain(ol, oh, pl, ph, depth - 1, true);
  }
  if (depth === 1) return pop32(ml) + pop32(mh);
  let n = 0;
  while ((ml | mh) !== 0) {
    let sl = 0;
    let sh = 0;
    if (ml !== 0) {
      sl = ml & -ml;
      ml ^= sl;
    } else {
      sh = mh & -mh;
      mh ^= sh;
    }
    let fl = 0;
    let fh = 0;
    for (let d = 0; d < 8; d++) {
      let ll = 0;
      let lh = 0;
      shiftHalves(sl, sh, d);
      let xl = shiftedLo;
      let xh = shiftedHi;
      while (((xl & ol) | (xh & oh)) !== 0) {
        ll |= xl;
        lh |= xh;
        shiftHalves(xl, xh, d);
        xl = shiftedLo;
        xh = shiftedHi;
      }
      if (((xl & pl) | (xh & ph)) !== 0) {
        fl |= ll;
        fh |= lh;
      }
    }
    n += perftHalvesPlain(ol & ~fl, oh & ~fh, pl | fl | sl, ph | fh | sh, depth - 1, false);
  }
  return n;
}
