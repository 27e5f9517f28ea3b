/**
 * Exact Othello endgame solver on the bitboards: negamax alpha-beta on the
 * final disc difference (WOF: empty squares go to the winner). Every choice
 * was measured A/B (docs/benchmarks.md, "Othello exact endgame solver").
 *
 * Layers, by number of empty squares n:
 * - n ≤ 3: hand-written last-1/2/3 code that tries the few empty squares
 *   directly; last-1 only counts flips;
 * - n ≤ 6: no hash; the legal moves in parity order (squares in
 *   quadrants with an odd number of empties first, which tends to give the
 *   last move of each region to the side to move), the quadrant parities
 *   passed down as four bits rather than recounted;
 * - deeper: PVS with fastest-first ordering (fewest opponent replies,
 *   corners counted twice, then the opponent's potential mobility, parity
 *   and corners as tie-breaks; far from the end an evaluation of the child
 *   joins the key: Iago's for level 7, the trained one otherwise), a
 *   transposition table of full positions (both boards, bounds, best move;
 *   buckets of three in one cache line, the shallowest entry replaced),
 *   enhanced transposition cut-offs (a child the table already refutes ends
 *   the node before any search) and a stability cut-off (the opponent's
 *   stable discs cap what we can reach);
 * - everything below the evaluation-ordered layers (below 10 empties for
 *   level 7's ordering, 16 otherwise: almost all nodes) runs in WebAssembly
 *   (wasm/endgame.ts, one u64 per board), the same search on the same table,
 *   which lives in the instance's memory, but without the opponent's
 *   potential mobility in the move key (there it cost more than it saved);
 * - at the root, with the trained ordering, an aspiration window: first
 *   whether the score is the trained evaluation's guess, then one re-search
 *   on the side the fail-soft bound points to.
 *
 * All state (table, move lists, node count, clock) lives in an `EndgameSolver`
 * its caller owns (with its own WebAssembly instance); the JavaScript layers
 * work on (lo, hi) int32 halves and never allocate per node.
 */
import { flips, moves, out, popcount32 } from "../bitboard.js";
import { type OthelloState } from "../rules.js";
import { PASS } from "../squares.js";
import { type EndgameWasm, WASM_ABORTED, endgameWasm } from "./endgame-wasm.js";
import { iagoEvalBits } from "./eval.js";
import { finalScore, sidesOf } from "./sides.js";
import { trainedEvalBits, trainedEvalWithMobility } from "./trained-eval.js";
import type { TrainedWeights } from "./weights-codec.js";

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

/** The evaluation that orders moves far from the end: Iago's (level 7), trained weights, or none. */
export type SolverOrdering = "iago" | TrainedWeights | null;

export interface EndgameSolverOptions {
  readonly ordering?: SolverOrdering;
  /** log2 of the table's buckets of three positions (default 18: 16 MB). */
  readonly tableBits?: number;
}

// Tuned on the bench set (node counts; wall time on the shared machine is noise).
/** Stability is only worth computing once alpha is high enough that a cut-off is plausible. */
const STABILITY_MIN_ALPHA = 2;
/** From this many empties the opponent's potential mobility joins the move key (below, it cost more than it saved). */
const POTENTIAL_MIN = 10;
/** Weight of the opponent's potential mobility in the move key (a reply is worth 16). */
const POTENTIAL_WEIGHT = 8;
/** From this many empties Iago's evaluation joins the move key (level 7's solver, as before). */
const IAGO_SORT_MIN = 10;
/** From this many empties the trained evaluation joins the move key. */
const TRAINED_SORT_MIN = 16;
/** Iago's evaluation is scaled down by 2^IAGO_SHIFT in the key. */
const IAGO_SHIFT = 12;
/** Weight of the trained evaluation (1/16 disc units) in the move key. */
const TRAINED_WEIGHT = 0.25;
/** From this many empties a node probes the table for its children before searching them. */
const ETC_MIN = 8;
const CHECK_INTERVAL = 4096;
const ASPIRATION_WITHOUT_EVAL = false;
const MAX_MOVES = 34;
const CORNERS_LO = 0x81;
const CORNERS_HI = 0x81000000 | 0;
const NOT_A = 0xfefefefe | 0;
const NOT_H = 0x7f7f7f7f;

// Quadrant masks for parity: [lo, hi] halves of the four 4×4 quadrants.
const Q_LO = [0x0f0f0f0f, 0xf0f0f0f0 | 0, 0, 0] as const;
const Q_HI = [0, 0, 0x0f0f0f0f, 0xf0f0f0f0 | 0] as const;
/** Squares of the quadrants whose parity bit is set, per 4-bit parity value. */
const PARITY_LO = Int32Array.from(
  { length: 16 },
  (_, p) => (p & 1 ? Q_LO[0] : 0) | (p & 2 ? Q_LO[1] : 0) | 0,
);
const PARITY_HI = Int32Array.from(
  { length: 16 },
  (_, p) => (p & 4 ? Q_HI[2] : 0) | (p & 8 ? Q_HI[3] : 0) | 0,
);
/** The parity bit of each square's quadrant. */
const QUADRANT_BIT = Int8Array.from({ length: 64 }, (_, sq) => 1 << (((sq >> 5) << 1) | ((sq >> 2) & 1)));

function parityOf(el: number, eh: number): number {
  let parity = 0;
  for (let q = 0; q < 4; q++) {
    if (((popcount32(el & (Q_LO[q] as number)) + popcount32(eh & (Q_HI[q] as number))) & 1) === 1)
      parity |= 1 << q;
  }
  return parity;
}

// ---------------------------------------------------------------- stability

const FILE_AH = 0x81818181 | 0;
const ROW_1 = 0xff;
const ROW_8 = 0xff000000 | 0;

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

/** The bounds packed in a table entry's word: depth | move << 8 | (lower + 64) << 16 | (upper + 64) << 24. */
function metaLower(meta: number): number {
  return ((meta >>> 16) & 0xff) - 64;
}

function metaUpper(meta: number): number {
  return (meta >>> 24) - 64;
}

/**
 * An exact solver with its own transposition table and scratch lists. Keep one per thread and reuse
 * it: the table (16 MB) is allocated by the first solve, and positions stored by one solve
 * (exact positions, never heuristic values) speed up the next.
 */
export class EndgameSolver {
  /** Nodes of the last solve. */
  nodes = 0;
  private readonly ordering: SolverOrdering;
  /** log2 of the table's buckets. */
  private readonly tableBits: number;
  /** Buckets of the table (a power of two). */
  private readonly buckets: number;
  /** The WebAssembly layers (with the table in their memory) search every node below this many empties. */
  private readonly jsFrom: number;
  private readonly wasm: EndgameWasm = endgameWasm(
    () => this.clock !== undefined && this.clock() > this.deadline,
  );
  private clock: (() => number) | undefined = undefined;
  private deadline = Infinity;
  private aborted = false;
  private nextCheck = CHECK_INTERVAL;
  /**
   * The transposition table: buckets of three entries in 16 ints (one 64-byte cache line), each
   * entry the position's four board halves and a packed word (see `META`); depth 0 marks a free entry.
   * It lives in the WebAssembly instance's memory, which searches it with the same layout and hash.
   */
  private table = new Int32Array(0);
  private readonly listSq = new Int8Array(66 * MAX_MOVES);
  private readonly listFl = new Int32Array(66 * MAX_MOVES);
  private readonly listFh = new Int32Array(66 * MAX_MOVES);
  private readonly listKey = new Int32Array(66 * MAX_MOVES);

  constructor(options: EndgameSolverOptions = {}) {
    this.ordering = options.ordering === undefined ? "iago" : options.ordering;
    this.tableBits = options.tableBits ?? 18;
    this.buckets = 1 << this.tableBits;
    // The evaluations live in JavaScript; without one the deadline still needs JavaScript nodes to check it.
    this.jsFrom = this.ordering === "iago" ? IAGO_SORT_MIN : TRAINED_SORT_MIN;
  }

  /** Forgets every stored position. */
  clear(): void {
    this.table.fill(0);
  }

  /** The exact final disc difference for the side to move in (pl, ph) vs (ol, oh), within (alpha, beta). */
  solveBits(pl: number, ph: number, ol: number, oh: number, alpha = -64, beta = 64): number {
    this.start(undefined, Infinity);
    const n = 64 - popcount32(pl | ol) - popcount32(ph | oh);
    return this.search(pl, ph, ol, oh, alpha, beta, n) | 0;
  }

  /**
   * Solves a position exactly. The root tries every move with PVS so that it
   * can name a best move; the score is exact when it lies strictly inside the
   * (alpha, beta) window, which is the full one by default.
   */
  solve(state: OthelloState, options: SolveOptions = {}): SolveResult {
    const [pl, ph, ol, oh] = sidesOf(state);
    this.start(options.now, options.deadline ?? Infinity);
    const alpha = options.alpha ?? -64;
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
      this.nodes++;
      const score = -this.search(ol, oh, pl, ph, -beta, -alpha, n);
      if (this.aborted) return { score: 0, bestMove: -1, nodes: this.nodes, pv: [], aborted: true };
      return this.finish(score, PASS, state, n);
    }
    const root = n + 1; // a list slot the recursion never uses
    const parity = parityOf(~(pl | ol), ~(ph | oh));
    const count = this.generate(pl, ph, ol, oh, ml, mh, root, this.storedMove(pl, ph, ol, oh));
    const base = root * MAX_MOVES;
    const squares = Array.from(this.listSq.subarray(base, base + count));
    const fls = Array.from(this.listFl.subarray(base, base + count));
    const fhs = Array.from(this.listFh.subarray(base, base + count));
    let result: { best: number; bestMove: number };
    const guess = this.guess(pl, ph, ol, oh);
    if (alpha0 <= -64 && beta >= 64 && guess !== null) {
      // Aspiration: is the score the guess? A fail-soft bound then narrows the one re-search needed.
      result = this.root(pl, ph, ol, oh, guess - 1, guess + 1, n, parity, squares, fls, fhs);
      if (!this.aborted && result.best >= guess + 1) {
        result = this.root(pl, ph, ol, oh, result.best - 1, 64, n, parity, squares, fls, fhs);
      } else if (!this.aborted && result.best <= guess - 1) {
        result = this.root(pl, ph, ol, oh, -64, result.best + 1, n, parity, squares, fls, fhs);
      }
    } else {
      result = this.root(pl, ph, ol, oh, alpha, beta, n, parity, squares, fls, fhs);
    }
    if (this.aborted) return { score: 0, bestMove: -1, nodes: this.nodes, pv: [], aborted: true };
    const { best, bestMove } = result;
    const bucket = this.ttBucket(pl, ph, ol, oh);
    this.ttStore(pl, ph, ol, oh, bucket, n, best > alpha0 ? best : -64, best < beta ? best : 64, bestMove);
    return this.finish(best, bestMove, state, n);
  }

  /** An even first guess at the score for the aspiration window, or null to search the full window. */
  private guess(pl: number, ph: number, ol: number, oh: number): number | null {
    const ordering = this.ordering;
    if (ordering === null || ordering === "iago") return ASPIRATION_WITHOUT_EVAL ? 0 : null;
    const discs = trainedEvalBits(ordering, pl, ph, ol, oh) / ordering.scale;
    return Math.max(-62, Math.min(62, 2 * Math.round(discs / 2)));
  }

  /** PVS over the root's moves (already generated) within (alpha, beta); fail-soft. */
  private root(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    alpha: number,
    beta: number,
    n: number,
    parity: number,
    squares: number[],
    fls: number[],
    fhs: number[],
  ): { best: number; bestMove: number } {
    let best = -65;
    let bestMove = squares[0] ?? -1;
    for (let i = 0; i < squares.length; i++) {
      const sq = squares[i] as number;
      const fl = fls[i] as number;
      const fh = fhs[i] as number;
      const bl = sq < 32 ? 1 << sq : 0;
      const bh = sq < 32 ? 0 : 1 << (sq - 32);
      const a = ol & ~fl;
      const b = oh & ~fh;
      const c = pl | fl | bl;
      const d = ph | fh | bh;
      const childParity = parity ^ (QUADRANT_BIT[sq] as number);
      this.nodes++;
      let v: number;
      if (i === 0) {
        v = -this.child(a, b, c, d, -beta, -alpha, n - 1, childParity);
      } else {
        v = -this.child(a, b, c, d, -alpha - 1, -alpha, n - 1, childParity);
        if (v > alpha && v < beta) v = -this.child(a, b, c, d, -beta, -v, n - 1, childParity);
      }
      if (this.aborted) break;
      if (v > best) {
        best = v;
        bestMove = sq;
        if (v >= beta) break;
        if (v > alpha) alpha = v;
      }
    }
    // Search the best move first next time (a re-search with another window).
    const at = squares.indexOf(bestMove);
    if (at > 0) {
      squares.unshift(...squares.splice(at, 1));
      fls.unshift(...fls.splice(at, 1));
      fhs.unshift(...fhs.splice(at, 1));
    }
    return { best, bestMove };
  }

  /** Win/draw/loss only: a null-window solve around 0. Returns 1, 0 or -1 for the side to move. */
  solveWinLossDraw(
    state: OthelloState,
    options: Omit<SolveOptions, "alpha" | "beta"> = {},
  ): {
    readonly result: -1 | 0 | 1;
    readonly bestMove: number;
    readonly nodes: number;
    readonly aborted: boolean;
  } {
    const r = this.solve(state, { ...options, alpha: -1, beta: 1 });
    return {
      result: r.score > 0 ? 1 : r.score < 0 ? -1 : 0,
      bestMove: r.bestMove,
      nodes: r.nodes,
      aborted: r.aborted,
    };
  }

  private start(now: (() => number) | undefined, deadline: number): void {
    if (this.table.length === 0) {
      // Allocated by the first solve rather than at construction (the engine also runs in browsers).
      this.table = this.wasm.table(this.tableBits);
    }
    this.nodes = 0;
    this.nextCheck = CHECK_INTERVAL;
    this.aborted = false;
    this.clock = now;
    this.deadline = deadline;
  }

  private checkClock(): void {
    this.nextCheck = this.nodes + CHECK_INTERVAL;
    if (this.clock !== undefined && this.clock() > this.deadline) this.aborted = true;
  }

  // -------------------------------------------------------------- transposition table

  /** Offset of the position's bucket in the table. */
  private ttBucket(pl: number, ph: number, ol: number, oh: number): number {
    let h = Math.imul(pl, 0x9e3779b1) ^ Math.imul(ph ^ 0x5bd1e995, 0x85ebca77);
    h ^= Math.imul(ol, 0xc2b2ae3d) ^ Math.imul(oh ^ 0x27d4eb2f, 0x165667b1);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 13;
    return (h & (this.buckets - 1)) << 4;
  }

  /** The offset of the entry holding this position in `bucket`, or -1. */
  private ttFind(pl: number, ph: number, ol: number, oh: number, bucket: number): number {
    const t = this.table;
    for (let e = bucket; e < bucket + 15; e += 5) {
      if (
        t[e] === pl &&
        t[e + 1] === ph &&
        t[e + 2] === ol &&
        t[e + 3] === oh &&
        ((t[e + 4] as number) & 0xff) !== 0
      ) {
        return e;
      }
    }
    return -1;
  }

  private ttStore(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    bucket: number,
    n: number,
    lower: number,
    upper: number,
    move: number,
  ): void {
    const t = this.table;
    let e = this.ttFind(pl, ph, ol, oh, bucket);
    let oldLower = -64;
    let oldUpper = 64;
    let oldMove = 0xff;
    if (e < 0) {
      // Replace the shallowest of the three: deep entries save the most work.
      e = bucket;
      for (let f = bucket + 5; f < bucket + 15; f += 5) {
        if (((t[f + 4] as number) & 0xff) < ((t[e + 4] as number) & 0xff)) e = f;
      }
      t[e] = pl;
      t[e + 1] = ph;
      t[e + 2] = ol;
      t[e + 3] = oh;
    } else {
      const meta = t[e + 4] as number;
      oldLower = metaLower(meta);
      oldUpper = metaUpper(meta);
      oldMove = (meta >>> 8) & 0xff;
    }
    // Bounds from different windows on the same exact position can be intersected.
    if (oldLower > lower) lower = oldLower;
    if (oldUpper < upper) upper = oldUpper;
    t[e + 4] = n | ((move >= 0 ? move : oldMove) << 8) | ((lower + 64) << 16) | ((upper + 64) << 24);
  }

  private storedMove(pl: number, ph: number, ol: number, oh: number): number {
    if (this.table.length === 0) return -1;
    const e = this.ttFind(pl, ph, ol, oh, this.ttBucket(pl, ph, ol, oh));
    if (e < 0) return -1;
    const move = ((this.table[e + 4] as number) >>> 8) & 0xff;
    return move < 64 ? move : -1;
  }

  // -------------------------------------------------------------- deep search

  /** Fills the move list of depth n, sorted best-first; returns its length. */
  private generate(
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
    const parity = parityOf(el, eh);
    const oddL = PARITY_LO[parity] as number;
    const oddH = PARITY_HI[parity] as number;
    const ordering = this.ordering;
    const byEval = ordering !== null && n >= (ordering === "iago" ? IAGO_SORT_MIN : TRAINED_SORT_MIN);
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
        const replies = popcount32(out.lo) + popcount32(out.hi);
        // Fastest first: the fewer replies (corner replies counted twice), the sooner the cut.
        let key =
          (popcount32(out.lo) +
            popcount32(out.hi) +
            popcount32(out.lo & CORNERS_LO) +
            popcount32(out.hi & CORNERS_HI)) <<
          4;
        if (n >= POTENTIAL_MIN) {
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
        if (byEval) {
          key +=
            ordering === "iago"
              ? iagoEvalBits(nol, noh, npl, nph, 60 - n) >> IAGO_SHIFT
              : this.trainedKey(ordering, nol, noh, npl, nph, replies);
        }
        if (sq === hint) key = -(1 << 30);
        let j = count++;
        // Insertion sort as we go: lists are short.
        while (j > 0 && (this.listKey[base + j - 1] as number) > key) {
          this.listSq[base + j] = this.listSq[base + j - 1] as number;
          this.listFl[base + j] = this.listFl[base + j - 1] as number;
          this.listFh[base + j] = this.listFh[base + j - 1] as number;
          this.listKey[base + j] = this.listKey[base + j - 1] as number;
          j--;
        }
        this.listSq[base + j] = sq;
        this.listFl[base + j] = fl;
        this.listFh[base + j] = fh;
        this.listKey[base + j] = key;
      }
    }
    return count;
  }

  /** The trained evaluation's part of a move key: the child's value for the opponent, who has `replies` moves. */
  private trainedKey(
    weights: TrainedWeights,
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    replies: number,
  ): number {
    moves(ol, oh, pl, ph);
    const other = popcount32(out.lo) + popcount32(out.hi);
    return trainedEvalWithMobility(weights, pl, ph, ol, oh, replies, other) * TRAINED_WEIGHT;
  }

  /** The search below the root for a child with `n` empties. */
  private child(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    alpha: number,
    beta: number,
    n: number,
    parity: number,
  ): number {
    if (n < this.jsFrom) return this.inWasm(pl, ph, ol, oh, alpha, beta, false, n, parity);
    return this.deep(pl, ph, ol, oh, alpha, beta, false, n, parity);
  }

  /** The layers below the evaluation-ordered ones, in WebAssembly (wasm/endgame.ts). */
  private inWasm(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    alpha: number,
    beta: number,
    passed: boolean,
    n: number,
    parity: number,
  ): number {
    const score = this.wasm.search(pl, ph, ol, oh, alpha, beta, n, parity, passed ? 1 : 0);
    this.nodes += this.wasm.searchedNodes();
    if (score === WASM_ABORTED) {
      this.aborted = true;
      return 0;
    }
    return score;
  }

  private deep(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    alpha: number,
    beta: number,
    passed: boolean,
    n: number,
    parity: number,
  ): number {
    if (n < this.jsFrom) return this.inWasm(pl, ph, ol, oh, alpha, beta, passed, n, parity);
    this.nodes++;
    if (this.nodes >= this.nextCheck) this.checkClock();
    if (this.aborted) return 0;

    const bucket = this.ttBucket(pl, ph, ol, oh);
    const entry = this.ttFind(pl, ph, ol, oh, bucket);
    let hint = -1;
    if (entry >= 0) {
      const meta = this.table[entry + 4] as number;
      const lower = metaLower(meta);
      const upper = metaUpper(meta);
      if (lower >= beta) return lower;
      if (upper <= alpha) return upper;
      if (lower === upper) return lower;
      if (lower > alpha) alpha = lower;
      if (upper < beta) beta = upper;
      hint = (meta >>> 8) & 0xff;
    }

    // Only worth computing when the opponent has enough discs for its stable ones to cap us at alpha.
    if (alpha >= STABILITY_MIN_ALPHA && 2 * (popcount32(ol) + popcount32(oh)) >= 64 - alpha) {
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
      return -this.deep(ol, oh, pl, ph, -beta, -alpha, true, n, parity);
    }

    const count = this.generate(pl, ph, ol, oh, ml, mh, n, hint);
    const base = n * MAX_MOVES;
    if (n >= ETC_MIN) {
      // Enhanced transposition cut-off: a child whose stored upper bound already refutes beta ends the node.
      for (let i = 0; i < count; i++) {
        const sq = this.listSq[base + i] as number;
        const fl = this.listFl[base + i] as number;
        const fh = this.listFh[base + i] as number;
        const npl = ol & ~fl;
        const nph = oh & ~fh;
        const nol = pl | fl | (sq < 32 ? 1 << sq : 0);
        const noh = ph | fh | (sq < 32 ? 0 : 1 << (sq - 32));
        const childEntry = this.ttFind(npl, nph, nol, noh, this.ttBucket(npl, nph, nol, noh));
        if (childEntry >= 0) {
          const v = -metaUpper(this.table[childEntry + 4] as number);
          if (v >= beta) return v;
        }
      }
    }
    const alpha0 = alpha;
    let best = -65;
    let bestMove = -1;
    for (let i = 0; i < count; i++) {
      const sq = this.listSq[base + i] as number;
      const fl = this.listFl[base + i] as number;
      const fh = this.listFh[base + i] as number;
      const bl = sq < 32 ? 1 << sq : 0;
      const bh = sq < 32 ? 0 : 1 << (sq - 32);
      const npl = ol & ~fl;
      const nph = oh & ~fh;
      const nol = pl | fl | bl;
      const noh = ph | fh | bh;
      const childParity = parity ^ (QUADRANT_BIT[sq] as number);
      let v: number;
      if (i === 0) {
        v = -this.deep(npl, nph, nol, noh, -beta, -alpha, false, n - 1, childParity);
      } else {
        v = -this.deep(npl, nph, nol, noh, -alpha - 1, -alpha, false, n - 1, childParity);
        if (v > alpha && v < beta) v = -this.deep(npl, nph, nol, noh, -beta, -v, false, n - 1, childParity);
      }
      if (this.aborted) return 0;
      if (v > best) {
        best = v;
        bestMove = sq;
        if (v >= beta) break;
        if (v > alpha) alpha = v;
      }
    }
    this.ttStore(pl, ph, ol, oh, bucket, n, best > alpha0 ? best : -64, best < beta ? best : 64, bestMove);
    return best;
  }

  private search(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    alpha: number,
    beta: number,
    n: number,
  ): number {
    return this.child(pl, ph, ol, oh, alpha, beta, n, parityOf(~(pl | ol), ~(ph | oh)));
  }

  private finish(score: number, bestMove: number, state: OthelloState, n: number): SolveResult {
    return {
      score: score | 0,
      bestMove,
      nodes: this.nodes,
      pv: this.principalVariation(state, bestMove, n),
      aborted: false,
    };
  }

  /** Follows stored best moves from the root; stops where the table has nothing. */
  private principalVariation(state: OthelloState, first: number, n: number): number[] {
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
      move = this.storedMove(pl, ph, ol, oh);
      if (move >= 0 && move < 64) {
        const isLegal = move < 32 ? (out.lo >>> move) & 1 : (out.hi >>> (move - 32)) & 1;
        if (isLegal === 0) break;
      }
    }
    return pv;
  }
}
