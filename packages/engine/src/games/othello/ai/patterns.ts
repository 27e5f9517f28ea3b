/**
 * The patterns of the trained evaluation (docs/strength.md, "The trained evaluation"), as in
 * Logistello and Edax: groups of squares whose contents, read as a base-3 number, index a table of
 * learned weights. Each pattern is laid on the board in every place the board's 8 symmetries take
 * it (its instances); a configuration and its mirror image within a symmetric pattern share one
 * weight, so the evaluation is the same for a position and its 8 images.
 *
 * A cell reads 0 when empty, 1 for the side to move, 2 for the other; the first square of an
 * instance is the least significant digit.
 *
 * Two mobility features (the number of legal moves of each side, capped) and a constant complete
 * the feature set; every feature has its own table per game stage.
 */
import { parseSquare } from "../squares.js";

/** Pattern shapes, each given by its squares in one orientation (the order fixes the digits). */
export const PATTERN_SHAPES = [
  { name: "edge-x", squares: "a1 b1 c1 d1 e1 f1 g1 h1 b2 g2" },
  { name: "corner-2x5", squares: "a1 b1 c1 d1 e1 a2 b2 c2 d2 e2" },
  { name: "corner-3x3", squares: "a1 b1 c1 a2 b2 c2 a3 b3 c3" },
  { name: "line-2", squares: "a2 b2 c2 d2 e2 f2 g2 h2" },
  { name: "line-3", squares: "a3 b3 c3 d3 e3 f3 g3 h3" },
  { name: "line-4", squares: "a4 b4 c4 d4 e4 f4 g4 h4" },
  { name: "diagonal-8", squares: "a1 b2 c3 d4 e5 f6 g7 h8" },
  { name: "diagonal-7", squares: "b1 c2 d3 e4 f5 g6 h7" },
  { name: "diagonal-6", squares: "c1 d2 e3 f4 g5 h6" },
  { name: "diagonal-5", squares: "d1 e2 f3 g4 h5" },
  { name: "diagonal-4", squares: "e1 f2 g3 h4" },
] as const;

/** Mobility is capped here: more legal moves than this read as this many. */
export const MOBILITY_CAP = 32;

/** One kind of feature: a pattern shape, a mobility count or the constant. */
export interface FeatureKind {
  readonly name: string;
  /** Entries of its weight table. */
  readonly size: number;
  /** Where its table starts in a stage's weights. */
  readonly offset: number;
  /**
   * For every index, the least index the pattern's own symmetries map it to: entries that must share
   * a weight share this representative (the identity for features without symmetry).
   */
  readonly canonical: Int32Array;
}

/** (row, col) → (row, col) for the 8 symmetries of the board; index 0 is the identity. */
const SYMMETRIES: readonly ((r: number, c: number) => readonly [number, number])[] = [
  (r, c) => [r, c],
  (r, c) => [c, 7 - r],
  (r, c) => [7 - r, 7 - c],
  (r, c) => [7 - c, r],
  (r, c) => [r, 7 - c],
  (r, c) => [7 - r, c],
  (r, c) => [c, r],
  (r, c) => [7 - c, 7 - r],
];

/** The square a symmetry takes `square` to. */
export function mapSquare(symmetry: number, square: number): number {
  const map = SYMMETRIES[symmetry] ?? SYMMETRIES[0];
  if (map === undefined) return square;
  const [r, c] = map(square >> 3, square & 7);
  return r * 8 + c;
}

function parseSquares(text: string): number[] {
  return text.split(" ").map((name) => {
    const square = parseSquare(name);
    if (square < 0 || square > 63) throw new Error(`bad pattern square ${name}`);
    return square;
  });
}

interface Shape {
  readonly name: string;
  /** Ordered squares of each distinct placement on the board. */
  readonly instances: readonly (readonly number[])[];
  /** Digit permutations that map the shape onto itself (identity excluded): perm[i] = new position of digit i. */
  readonly selfMaps: readonly (readonly number[])[];
}

function buildShape(name: string, text: string): Shape {
  const base = parseSquares(text);
  const instances: number[][] = [];
  const selfMaps: number[][] = [];
  const key = (squares: readonly number[]): string => [...squares].sort((a, b) => a - b).join(",");
  const baseKey = key(base);
  for (let s = 0; s < 8; s++) {
    const image = base.map((square) => mapSquare(s, square));
    if (s > 0 && key(image) === baseKey) {
      const perm = image.map((square) => base.indexOf(square));
      if (perm.some((p, i) => p !== i) && !selfMaps.some((m) => m.every((p, i) => p === perm[i]))) {
        selfMaps.push(perm);
      }
    }
    if (!instances.some((instance) => key(instance) === key(image))) instances.push(image);
  }
  return { name, instances, selfMaps };
}

const SHAPES: readonly Shape[] = PATTERN_SHAPES.map((p) => buildShape(p.name, p.squares));

function canonicalTable(size: number, digits: number, selfMaps: readonly (readonly number[])[]): Int32Array {
  const table = new Int32Array(size);
  const cells = new Int8Array(digits);
  for (let index = 0; index < size; index++) {
    let rest = index;
    for (let i = 0; i < digits; i++) {
      cells[i] = rest % 3;
      rest = Math.floor(rest / 3);
    }
    let least = index;
    for (const perm of selfMaps) {
      let image = 0;
      for (let i = digits - 1; i >= 0; i--) {
        // Digit i moves to position perm[i]; build the image's value from its most significant digit.
        image = image * 3 + (cells[perm.indexOf(i)] as number);
      }
      if (image < least) least = image;
    }
    table[index] = least;
  }
  return table;
}

function identity(size: number): Int32Array {
  return Int32Array.from({ length: size }, (_, i) => i);
}

function buildKinds(): FeatureKind[] {
  const kinds: FeatureKind[] = [];
  let offset = 0;
  for (const shape of SHAPES) {
    const digits = shape.instances[0]?.length ?? 0;
    const size = 3 ** digits;
    kinds.push({ name: shape.name, size, offset, canonical: canonicalTable(size, digits, shape.selfMaps) });
    offset += size;
  }
  for (const name of ["mobility-own", "mobility-other", "constant"]) {
    const size = name === "constant" ? 1 : MOBILITY_CAP + 1;
    kinds.push({ name, size, offset, canonical: identity(size) });
    offset += size;
  }
  return kinds;
}

/** Every feature kind, patterns first, then mobility (own, other) and the constant. */
export const FEATURE_KINDS: readonly FeatureKind[] = buildKinds();

/** Weights per stage: the sum of the kinds' table sizes. */
export const STAGE_SIZE = FEATURE_KINDS.reduce((sum, kind) => sum + kind.size, 0);

/** Pattern instances on the board, in kind order: the kind and the ordered squares of each. */
export const INSTANCES: readonly { readonly kind: number; readonly squares: readonly number[] }[] =
  SHAPES.flatMap((shape, kind) => shape.instances.map((squares) => ({ kind, squares })));

/** Features a position has: one per pattern instance, two mobility counts, the constant. */
export const FEATURES_PER_POSITION = INSTANCES.length + 3;

const MOBILITY_OWN = FEATURE_KINDS.length - 3;

/** Index of the mobility-own kind; mobility-other and the constant follow it. */
export const MOBILITY_KIND = MOBILITY_OWN;

// ---------------------------------------------------------------- reading instances off bitboards
//
// Each instance is read as a sum of a few table look-ups on "line bytes": the 8 bits of a row, of a
// column, or of a diagonal (bit = file), so a position costs 34 small bit extractions per side and
// about two look-ups per instance rather than a read per square.

const ROW_LINES = 8;
const COLUMN_LINES = 8;
/** Diagonals as (lo, hi) masks: every diagonal of 4 or more squares in both directions. */
const DIAGONALS: readonly (readonly number[])[] = (() => {
  const lines: number[][] = [];
  for (const step of [9, 7]) {
    for (let start = 0; start < 64; start++) {
      const r = start >> 3;
      const c = start & 7;
      // Start only at the top row or at the first (step 9) / last (step 7) file.
      if (r !== 0 && c !== (step === 9 ? 0 : 7)) continue;
      const squares: number[] = [];
      for (let rr = r, cc = c; rr < 8 && cc >= 0 && cc < 8; rr++, cc += step === 9 ? 1 : -1) {
        squares.push(rr * 8 + cc);
      }
      if (squares.length >= 4) lines.push(squares);
    }
  }
  return lines;
})();
const DIAG_LO = Int32Array.from(DIAGONALS, (squares) =>
  squares.reduce((mask, sq) => (sq < 32 ? mask | (1 << sq) : mask), 0),
);
const DIAG_HI = Int32Array.from(DIAGONALS, (squares) =>
  squares.reduce((mask, sq) => (sq >= 32 ? mask | (1 << (sq - 32)) : mask), 0),
);
/** Line bytes per side: rows, columns, then the diagonals. */
export const LINE_COUNT = ROW_LINES + COLUMN_LINES + DIAGONALS.length;

/** The line and bit of each square in each line family: [row, column, diagonal 9, diagonal 7]. */
function linesThrough(square: number): { line: number; bit: number }[] {
  const r = square >> 3;
  const c = square & 7;
  const found = [
    { line: r, bit: c },
    { line: ROW_LINES + c, bit: r },
  ];
  DIAGONALS.forEach((squares, d) => {
    if (squares.includes(square)) found.push({ line: ROW_LINES + COLUMN_LINES + d, bit: c });
  });
  return found;
}

interface Term {
  readonly line: number;
  /** Digit weight (3^position) of each bit of the line byte that belongs to the instance. */
  readonly digitOfBit: readonly number[];
}

function termsOf(squares: readonly number[]): Term[] {
  const options: Term[][] = [];
  // Group the squares by the line they lie on, for each line family; take the grouping with fewest lines.
  for (let family = 0; family < 3; family++) {
    const groups = new Map<number, number[]>();
    let ok = true;
    squares.forEach((square, position) => {
      const through = linesThrough(square);
      const pick =
        family === 0
          ? through[0]
          : family === 1
            ? through[1]
            : through
                .slice(2)
                .find((t) => squares.every((s) => linesThrough(s).some((u) => u.line === t.line)));
      if (pick === undefined) {
        ok = false;
        return;
      }
      const digits = groups.get(pick.line) ?? new Array<number>(8).fill(0);
      digits[pick.bit] = 3 ** position;
      groups.set(pick.line, digits);
    });
    if (ok) options.push([...groups].map(([line, digitOfBit]) => ({ line, digitOfBit })));
  }
  options.sort((a, b) => a.length - b.length);
  const best = options[0];
  if (best === undefined) throw new Error("a pattern instance must lie on lines");
  return best;
}

const INSTANCE_TERMS = INSTANCES.map((instance) => termsOf(instance.squares));
const TERM_COUNT = INSTANCE_TERMS.reduce((n, terms) => n + terms.length, 0);
/** Line of each term. */
const TERM_LINE = new Int32Array(TERM_COUNT);
/** Base-3 value of each line byte for each term: TERM_VALUE[term * 256 + byte]. */
const TERM_VALUE = new Int32Array(TERM_COUNT * 256);
/** Terms of instance i: TERM_START[i] .. TERM_START[i + 1] - 1. */
const TERM_START = new Int32Array(INSTANCES.length + 1);
/** Offset of each instance's kind in a stage's weights. */
export const INSTANCE_OFFSET = Int32Array.from(
  INSTANCES,
  (instance) => FEATURE_KINDS[instance.kind]?.offset ?? 0,
);
{
  let t = 0;
  INSTANCE_TERMS.forEach((terms, i) => {
    TERM_START[i] = t;
    for (const term of terms) {
      TERM_LINE[t] = term.line;
      for (let byte = 0; byte < 256; byte++) {
        let value = 0;
        for (let bit = 0; bit < 8; bit++) if ((byte >> bit) & 1) value += term.digitOfBit[bit] ?? 0;
        TERM_VALUE[t * 256 + byte] = value;
      }
      t++;
    }
  });
  TERM_START[INSTANCES.length] = t;
}

/** Writes the line bytes of one side's discs (lo, hi) to `lines`. */
function fillLines(lo: number, hi: number, lines: Int32Array): void {
  lines[0] = lo & 0xff;
  lines[1] = (lo >>> 8) & 0xff;
  lines[2] = (lo >>> 16) & 0xff;
  lines[3] = lo >>> 24;
  lines[4] = hi & 0xff;
  lines[5] = (hi >>> 8) & 0xff;
  lines[6] = (hi >>> 16) & 0xff;
  lines[7] = hi >>> 24;
  for (let c = 0; c < 8; c++) {
    // Gathers one square per row into the top nibble: row k of the half lands on bit 24 + k.
    const a = Math.imul((lo >>> c) & 0x01010101, 0x01020408) >>> 24;
    const b = Math.imul((hi >>> c) & 0x01010101, 0x01020408) >>> 24;
    lines[ROW_LINES + c] = (a & 15) | ((b & 15) << 4);
  }
  for (let d = 0; d < DIAG_LO.length; d++) {
    // A diagonal has one square per file; multiplying by 0x01010101 stacks the rows so that each
    // square lands on bit 24 + its file, without carries (no two squares share a file).
    lines[ROW_LINES + COLUMN_LINES + d] =
      (Math.imul(lo & (DIAG_LO[d] as number), 0x01010101) |
        Math.imul(hi & (DIAG_HI[d] as number), 0x01010101)) >>>
      24;
  }
}

// Scratch of the term-by-term reading (training's feature extraction, run once per position and
// thread at a time); the search's `patternSum` below needs none.
const OWN_LINES = new Int32Array(LINE_COUNT);
const OTHER_LINES = new Int32Array(LINE_COUNT);

/** The base-3 index of every pattern instance for the side (pl, ph) to move against (ol, oh). */
export function instanceIndices(pl: number, ph: number, ol: number, oh: number, out: Int32Array): void {
  fillLines(pl, ph, OWN_LINES);
  fillLines(ol, oh, OTHER_LINES);
  for (let i = 0; i < INSTANCES.length; i++) {
    let index = 0;
    for (let t = TERM_START[i] as number; t < (TERM_START[i + 1] as number); t++) {
      const line = TERM_LINE[t] as number;
      const base = t << 8;
      index +=
        (TERM_VALUE[base + (OWN_LINES[line] as number)] as number) +
        2 * (TERM_VALUE[base + (OTHER_LINES[line] as number)] as number);
    }
    out[i] = index;
  }
}

/**
 * Sum of the weights of every pattern instance from a stage's full tables (`weights` from `base`),
 * where mirror-image entries already hold the same weight. The search's hot path: no allocation.
 */
export function patternSumByTerms(
  weights: Int16Array,
  base: number,
  pl: number,
  ph: number,
  ol: number,
  oh: number,
): number {
  fillLines(pl, ph, OWN_LINES);
  fillLines(ol, oh, OTHER_LINES);
  let sum = 0;
  for (let i = 0; i < INSTANCES.length; i++) {
    let index = 0;
    for (let t = TERM_START[i] as number; t < (TERM_START[i + 1] as number); t++) {
      const line = TERM_LINE[t] as number;
      const b = t << 8;
      index +=
        (TERM_VALUE[b + (OWN_LINES[line] as number)] as number) +
        2 * (TERM_VALUE[b + (OTHER_LINES[line] as number)] as number);
    }
    sum += weights[base + (INSTANCE_OFFSET[i] as number) + index] as number;
  }
  return sum;
}

// ---------------------------------------------------------------- the fast path
//
// The search's evaluation reads every instance straight off row, column and diagonal bytes with two
// 256-entry tables (a byte's bits as base-3 digits, in order or reversed). Which way an instance is
// read does not matter: any reading that is the image of the shape under a board symmetry gives an
// index whose weight equals the canonical one, because entries the shape's own symmetries relate
// share a weight. `patternSum` checks this against `instanceIndices` (patterns.test.ts).

/** A byte's bits as base-3 digits: bit i is worth 3^i. */
const B3 = Int32Array.from({ length: 256 }, (_, b) => {
  let v = 0;
  for (let i = 0; i < 8; i++) if ((b >> i) & 1) v += 3 ** i;
  return v;
});
/** A byte's bits as base-3 digits read from the top: bit i is worth 3^(7 − i). */
const R3 = Int32Array.from({ length: 256 }, (_, b) => {
  let v = 0;
  for (let i = 0; i < 8; i++) if ((b >> i) & 1) v += 3 ** (7 - i);
  return v;
});

const kindOffset = (name: string): number => FEATURE_KINDS.find((k) => k.name === name)?.offset ?? 0;
const EDGE = kindOffset("edge-x");
const C25 = kindOffset("corner-2x5");
const C33 = kindOffset("corner-3x3");
const L2 = kindOffset("line-2");
const L3 = kindOffset("line-3");
const L4 = kindOffset("line-4");

/** The diagonals of 4 or more squares: masks, lowest file (the byte's shift) and their kind's offset. */
const FAST_DIAG_LO = Int32Array.from(DIAGONALS, (_, d) => DIAG_LO[d] as number);
const FAST_DIAG_HI = Int32Array.from(DIAGONALS, (_, d) => DIAG_HI[d] as number);
const FAST_DIAG_SHIFT = Int32Array.from(DIAGONALS, (squares) => Math.min(...squares.map((sq) => sq & 7)));
const FAST_DIAG_OFFSET = Int32Array.from(DIAGONALS, (squares) => kindOffset(`diagonal-${squares.length}`));

/**
 * The fast path's layout, for the WebAssembly evaluation (midgame-wasm.ts) to read instances as this
 * file does: the kinds' offsets in a stage and each diagonal's masks, lowest file and kind offset.
 */
export const FAST_LAYOUT = {
  edgeX: EDGE,
  corner2x5: C25,
  corner3x3: C33,
  line2: L2,
  line3: L3,
  line4: L4,
  diagonals: { lo: FAST_DIAG_LO, hi: FAST_DIAG_HI, shift: FAST_DIAG_SHIFT, offset: FAST_DIAG_OFFSET },
} as const;

function column(lo: number, hi: number, c: number): number {
  return (
    ((Math.imul((lo >>> c) & 0x01010101, 0x01020408) >>> 24) & 15) |
    ((Math.imul((hi >>> c) & 0x01010101, 0x01020408) >>> 20) & 0xf0)
  );
}

/**
 * Sum of the weights of every pattern instance from a stage's full tables (`weights` from `base`),
 * where entries related by a shape's symmetry hold the same weight. The search's hot path: no
 * allocation, no loops over terms.
 */
export function patternSum(
  weights: Int16Array,
  base: number,
  pl: number,
  ph: number,
  ol: number,
  oh: number,
): number {
  const o0 = pl & 0xff;
  const o1 = (pl >>> 8) & 0xff;
  const o2 = (pl >>> 16) & 0xff;
  const o3 = pl >>> 24;
  const o4 = ph & 0xff;
  const o5 = (ph >>> 8) & 0xff;
  const o6 = (ph >>> 16) & 0xff;
  const o7 = ph >>> 24;
  const x0 = ol & 0xff;
  const x1 = (ol >>> 8) & 0xff;
  const x2 = (ol >>> 16) & 0xff;
  const x3 = ol >>> 24;
  const x4 = oh & 0xff;
  const x5 = (oh >>> 8) & 0xff;
  const x6 = (oh >>> 16) & 0xff;
  const x7 = oh >>> 24;
  const p0 = column(pl, ph, 0);
  const p1 = column(pl, ph, 1);
  const p2 = column(pl, ph, 2);
  const p3 = column(pl, ph, 3);
  const p4 = column(pl, ph, 4);
  const p5 = column(pl, ph, 5);
  const p6 = column(pl, ph, 6);
  const p7 = column(pl, ph, 7);
  const q0 = column(ol, oh, 0);
  const q1 = column(ol, oh, 1);
  const q2 = column(ol, oh, 2);
  const q3 = column(ol, oh, 3);
  const q4 = column(ol, oh, 4);
  const q5 = column(ol, oh, 5);
  const q6 = column(ol, oh, 6);
  const q7 = column(ol, oh, 7);
  const w = weights;
  const t = (own: number, other: number): number => (B3[own] as number) + 2 * (B3[other] as number);
  const r = (own: number, other: number): number => (R3[own] as number) + 2 * (R3[other] as number);
  // X-squares as digits 8 and 9 of the edge: own bit + 2 · other bit.
  const x = (own: number, other: number, bit: number): number =>
    ((own >> bit) & 1) + 2 * ((other >> bit) & 1);
  let sum =
    (w[base + EDGE + t(o0, x0) + 6561 * x(o1, x1, 1) + 19683 * x(o1, x1, 6)] as number) +
    (w[base + EDGE + t(o7, x7) + 6561 * x(o6, x6, 1) + 19683 * x(o6, x6, 6)] as number) +
    (w[base + EDGE + t(p0, q0) + 6561 * x(p1, q1, 1) + 19683 * x(p1, q1, 6)] as number) +
    (w[base + EDGE + t(p7, q7) + 6561 * x(p6, q6, 1) + 19683 * x(p6, q6, 6)] as number) +
    (w[base + C25 + t(o0 & 31, x0 & 31) + 243 * t(o1 & 31, x1 & 31)] as number) +
    (w[base + C25 + r(o0 & 0xf8, x0 & 0xf8) + 243 * r(o1 & 0xf8, x1 & 0xf8)] as number) +
    (w[base + C25 + t(o7 & 31, x7 & 31) + 243 * t(o6 & 31, x6 & 31)] as number) +
    (w[base + C25 + r(o7 & 0xf8, x7 & 0xf8) + 243 * r(o6 & 0xf8, x6 & 0xf8)] as number) +
    (w[base + C25 + t(p0 & 31, q0 & 31) + 243 * t(p1 & 31, q1 & 31)] as number) +
    (w[base + C25 + r(p0 & 0xf8, q0 & 0xf8) + 243 * r(p1 & 0xf8, q1 & 0xf8)] as number) +
    (w[base + C25 + t(p7 & 31, q7 & 31) + 243 * t(p6 & 31, q6 & 31)] as number) +
    (w[base + C25 + r(p7 & 0xf8, q7 & 0xf8) + 243 * r(p6 & 0xf8, q6 & 0xf8)] as number) +
    (w[base + C33 + t(o0 & 7, x0 & 7) + 27 * t(o1 & 7, x1 & 7) + 729 * t(o2 & 7, x2 & 7)] as number) +
    (w[
      base + C33 + r(o0 & 0xe0, x0 & 0xe0) + 27 * r(o1 & 0xe0, x1 & 0xe0) + 729 * r(o2 & 0xe0, x2 & 0xe0)
    ] as number) +
    (w[base + C33 + t(o7 & 7, x7 & 7) + 27 * t(o6 & 7, x6 & 7) + 729 * t(o5 & 7, x5 & 7)] as number) +
    (w[
      base + C33 + r(o7 & 0xe0, x7 & 0xe0) + 27 * r(o6 & 0xe0, x6 & 0xe0) + 729 * r(o5 & 0xe0, x5 & 0xe0)
    ] as number) +
    (w[base + L2 + t(o1, x1)] as number) +
    (w[base + L2 + t(o6, x6)] as number) +
    (w[base + L2 + t(p1, q1)] as number) +
    (w[base + L2 + t(p6, q6)] as number) +
    (w[base + L3 + t(o2, x2)] as number) +
    (w[base + L3 + t(o5, x5)] as number) +
    (w[base + L3 + t(p2, q2)] as number) +
    (w[base + L3 + t(p5, q5)] as number) +
    (w[base + L4 + t(o3, x3)] as number) +
    (w[base + L4 + t(o4, x4)] as number) +
    (w[base + L4 + t(p3, q3)] as number) +
    (w[base + L4 + t(p4, q4)] as number);
  for (let d = 0; d < FAST_DIAG_LO.length; d++) {
    const mlo = FAST_DIAG_LO[d] as number;
    const mhi = FAST_DIAG_HI[d] as number;
    const shift = FAST_DIAG_SHIFT[d] as number;
    // One square per file: stacking the rows puts each on bit 24 + its file, without carries.
    const own = ((Math.imul(pl & mlo, 0x01010101) | Math.imul(ph & mhi, 0x01010101)) >>> 24) >>> shift;
    const other = ((Math.imul(ol & mlo, 0x01010101) | Math.imul(oh & mhi, 0x01010101)) >>> 24) >>> shift;
    sum += w[
      base + (FAST_DIAG_OFFSET[d] as number) + (B3[own] as number) + 2 * (B3[other] as number)
    ] as number;
  }
  return sum;
}
