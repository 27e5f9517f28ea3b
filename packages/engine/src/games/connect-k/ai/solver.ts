import { type ConnectKState, isKeyExact } from "../board.js";
import { type ConnectKOptions } from "../options.js";

/*
 * An exact solver after Pascal Pons's "Solving Connect 4" tutorial (parts
 * 3–12): negamax with alpha-beta, a transposition table keyed by the exact
 * position key, centre-first move order refined by the number of winning
 * cells a move creates, "possible non-losing moves" (never play under an
 * opponent's winning cell, block a single threat, give up on two), and a
 * null-window search that narrows [min, max] around the score.
 *
 * The board uses the game's own layout (column-major, H+1 bits per column
 * with an empty sentinel row), held in two signed 32-bit words: the solver
 * only accepts boards whose exact key fits a safe integer (W·(H+1) ≤ 53),
 * which includes Connect Four's 49 bits. Positions travel as plain int32
 * arguments, so the hot path allocates nothing.
 *
 * Scores are Pons's, generalised to any W×H×k: winning with the next stone
 * is worth ⌊(W·H + 1 − n)/2⌋ with n stones on the board, one less for each
 * later own stone; a loss is the negative; a draw is 0.
 */

export interface SolveOptions {
  /** Only the sign of the score (win 1, draw 0, loss −1): Pons's `-w`, much faster. */
  readonly weak?: boolean;
  /** Give up once this many nodes were searched in this call. */
  readonly maxNodes?: number;
  /** Give up once `now()` reaches this value (same unit as `now`). */
  readonly deadline?: number;
  readonly now?: () => number;
}

export interface SolveResult {
  /** The score for the side to move (see above); with `weak`, its sign. Meaningless when `complete` is false. */
  readonly score: number;
  /** Negamax calls in this solve. */
  readonly nodes: number;
  /** A column reaching `score`, −1 when the game is over. */
  readonly bestMove: number;
  /** False when a node or time budget stopped the search first. */
  readonly complete: boolean;
}

const TWO_POW_32 = 4294967296;
// Table size: the first prime above 2^23 (Pons's). With 32-bit stored keys
// and a prime modulus above 2^21, the (key mod 2^32, key mod p) pair is
// unique for every key of up to 53 bits (Chinese remainder theorem).
const DEFAULT_TABLE_LOG = 23;
const CLOCK_INTERVAL = 4096;

// Return registers for the two-word helpers: JS has no cheap multiple
// returns, and a typed array (unlike a module variable) stores any int32
// without boxing it into a heap number.
const OUT = new Int32Array(2);

function shiftLeft(lo: number, hi: number, s: number): void {
  if (s === 0) {
    OUT[0] = lo;
    OUT[1] = hi;
  } else if (s < 32) {
    OUT[1] = (hi << s) | (lo >>> (32 - s));
    OUT[0] = lo << s;
  } else {
    OUT[1] = lo << (s - 32);
    OUT[0] = 0;
  }
}

function shiftRight(lo: number, hi: number, s: number): void {
  if (s === 0) {
    OUT[0] = lo;
    OUT[1] = hi;
  } else if (s < 32) {
    OUT[0] = (lo >>> s) | (hi << (32 - s));
    OUT[1] = hi >>> s;
  } else {
    OUT[0] = hi >>> (s - 32);
    OUT[1] = 0;
  }
}

function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

function isPrime(n: number): boolean {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
}

function nextPrime(n: number): number {
  let p = n;
  while (!isPrime(p)) p++;
  return p;
}

/** Thrown through the recursion when a budget runs out; caught by the public entry points. */
class AbortSearch extends Error {}
const ABORT = new AbortSearch("search budget exhausted");

/** Whether the exact solver handles boards of these options. */
export function isSolvable(options: ConnectKOptions): boolean {
  return isKeyExact(options);
}

/**
 * One solver per board size. It keeps its transposition table between
 * calls: every entry is a true bound on the score of its position (it does
 * not depend on the window or the root it was found from), so reuse is
 * sound and makes repeated solves along a game cheap.
 */
export class ConnectKSolver {
  readonly width: number;
  readonly height: number;
  readonly k: number;
  private readonly cells: number;
  private readonly minScore: number;
  private readonly maxScore: number;
  private readonly bottomLo: number;
  private readonly bottomHi: number;
  private readonly boardLo: number;
  private readonly boardHi: number;
  private readonly columnLo: Int32Array;
  private readonly columnHi: Int32Array;
  /** Columns, centre first, then alternately left and right of it (Pons's order). */
  readonly order: readonly number[];
  private readonly tableSize: number;
  private readonly keys: Uint32Array;
  private readonly values: Uint8Array;
  // Per-ply move lists of the move sorter.
  private readonly sortLo: Int32Array;
  private readonly sortHi: Int32Array;
  private readonly sortScore: Int32Array;
  private readonly runLo: Int32Array;
  private readonly runHi: Int32Array;
  private readonly fourFast: boolean;
  private nodes = 0;
  private nodeLimit = Infinity;
  private deadline = Infinity;
  private now: (() => number) | null = null;
  private nextClock = CLOCK_INTERVAL;

  constructor(options: Pick<ConnectKOptions, "width" | "height" | "k">, tableLog = DEFAULT_TABLE_LOG) {
    const { width, height, k } = options;
    if (width * (height + 1) > 53) throw new RangeError("the exact solver needs W·(H+1) ≤ 53");
    this.width = width;
    this.height = height;
    this.k = k;
    this.cells = width * height;
    // Bounds for the table's one-byte encoding. Pons tightens them by k − 1
    // (no line before the k-th stone), but a probe window near the start of
    // a small board can go below that, and a bound outside the range would
    // wrap around; the loose range still fits a byte (≤ 2·W·H + 2).
    this.minScore = -Math.floor(this.cells / 2);
    this.maxScore = Math.floor((this.cells + 1) / 2);
    this.columnLo = new Int32Array(width);
    this.columnHi = new Int32Array(width);
    let bottomLo = 0;
    let bottomHi = 0;
    let boardLo = 0;
    let boardHi = 0;
    const stride = height + 1;
    for (let c = 0; c < width; c++) {
      for (let r = 0; r < height; r++) {
        const bit = c * stride + r;
        if (bit < 32) {
          const b = 1 << bit;
          boardLo |= b;
          this.columnLo[c] = (this.columnLo[c] as number) | b;
          if (r === 0) bottomLo |= b;
        } else {
          const b = 1 << (bit - 32);
          boardHi |= b;
          this.columnHi[c] = (this.columnHi[c] as number) | b;
          if (r === 0) bottomHi |= b;
        }
      }
    }
    this.bottomLo = bottomLo;
    this.bottomHi = bottomHi;
    this.boardLo = boardLo;
    this.boardHi = boardHi;
    // Pons's order: the centre, then alternately one step further left and right.
    this.order = Array.from(
      { length: width },
      (_, i) => Math.floor(width / 2) + (1 - 2 * (i % 2)) * Math.floor((i + 1) / 2),
    );
    // Small boards need no more entries than they have keys; the floor keeps
    // 2^32 · size ≥ 2^bits so that stored 32-bit keys stay unambiguous.
    const bits = width * stride;
    const log = Math.max(bits - 31, Math.min(tableLog, bits, 26), 10);
    this.tableSize = nextPrime(2 ** log);
    this.keys = new Uint32Array(this.tableSize);
    this.values = new Uint8Array(this.tableSize);
    const plies = this.cells + 1;
    this.sortLo = new Int32Array(plies * width);
    this.sortHi = new Int32Array(plies * width);
    this.sortScore = new Int32Array(plies * width);
    this.runLo = new Int32Array(k);
    this.runHi = new Int32Array(k);
    this.fourFast = k === 4 && 3 * (height + 2) < 32;
  }

  /** Forgets every stored bound (for benchmarks that time each position from scratch). */
  reset(): void {
    this.keys.fill(0);
    this.values.fill(0);
  }

  /**
   * Cells (empty, on the board) where the side owning `p` would complete a
   * line of k, into OUT. For each direction d, a cell wins when it
   * has m own stones just before it and k−1−m just after it along d.
   */
  private winning(pLo: number, pHi: number, mLo: number, mHi: number): void {
    if (this.fourFast) {
      this.winningFour(pLo, pHi, mLo, mHi);
      return;
    }
    const k = this.k;
    const runLo = this.runLo;
    const runHi = this.runHi;
    let rLo = 0;
    let rHi = 0;
    // Vertical: only k−1 own stones directly below can make a line.
    let aLo = -1;
    let aHi = -1;
    for (let i = 1; i < k; i++) {
      shiftLeft(pLo, pHi, i);
      aLo &= OUT[0] as number;
      aHi &= OUT[1] as number;
    }
    rLo |= aLo;
    rHi |= aHi;
    const h = this.height;
    for (let dir = 0; dir < 3; dir++) {
      const d = dir === 0 ? h + 1 : dir === 1 ? h : h + 2;
      // runLo[m]: m own stones right before the cell (bits c−d … c−m·d).
      aLo = -1;
      aHi = -1;
      runLo[0] = -1;
      runHi[0] = -1;
      for (let m = 1; m < k; m++) {
        shiftLeft(pLo, pHi, m * d);
        aLo &= OUT[0] as number;
        aHi &= OUT[1] as number;
        runLo[m] = aLo;
        runHi[m] = aHi;
      }
      // Walking the "after" side outwards pairs it with runLo[k−1−j].
      aLo = -1;
      aHi = -1;
      for (let j = 0; j < k; j++) {
        if (j > 0) {
          shiftRight(pLo, pHi, j * d);
          aLo &= OUT[0] as number;
          aHi &= OUT[1] as number;
        }
        rLo |= aLo & (runLo[k - 1 - j] as number);
        rHi |= aHi & (runHi[k - 1 - j] as number);
      }
    }
    OUT[0] = rLo & (this.boardLo ^ mLo);
    OUT[1] = rHi & (this.boardHi ^ mHi);
  }

  /**
   * Pons's straight-line `compute_winning_position` for k = 4, when every
   * shift (up to 3·(H+2)) stays below 32 bits: the hot spot of the solver,
   * about three times faster than the general loop.
   */
  private winningFour(pLo: number, pHi: number, mLo: number, mHi: number): void {
    let rLo = (pLo << 1) & (pLo << 2) & (pLo << 3);
    let rHi = ((pHi << 1) | (pLo >>> 31)) & ((pHi << 2) | (pLo >>> 30)) & ((pHi << 3) | (pLo >>> 29));
    const h = this.height;
    for (let i = 0; i < 3; i++) {
      const d = i === 0 ? h + 1 : i === 1 ? h : h + 2;
      const d2 = 2 * d;
      const d3 = 3 * d;
      const l1Lo = pLo << d;
      const l1Hi = (pHi << d) | (pLo >>> (32 - d));
      const l2Lo = pLo << d2;
      const l2Hi = (pHi << d2) | (pLo >>> (32 - d2));
      const l3Lo = pLo << d3;
      const l3Hi = (pHi << d3) | (pLo >>> (32 - d3));
      const r1Lo = (pLo >>> d) | (pHi << (32 - d));
      const r1Hi = pHi >>> d;
      const r2Lo = (pLo >>> d2) | (pHi << (32 - d2));
      const r2Hi = pHi >>> d2;
      const r3Lo = (pLo >>> d3) | (pHi << (32 - d3));
      const r3Hi = pHi >>> d3;
      // Two own stones before the cell and one more before or one after it; then the mirror.
      rLo |= l1Lo & l2Lo & (l3Lo | r1Lo);
      rHi |= l1Hi & l2Hi & (l3Hi | r1Hi);
      rLo |= r1Lo & r2Lo & (r3Lo | l1Lo);
      rHi |= r1Hi & r2Hi & (r3Hi | l1Hi);
    }
    OUT[0] = rLo & (this.boardLo ^ mLo);
    OUT[1] = rHi & (this.boardHi ^ mHi);
  }

  /** Playable cells (the lowest empty cell of each open column), into OUT. */
  private possible(mLo: number, mHi: number): void {
    const lo = (mLo >>> 0) + (this.bottomLo >>> 0);
    const carry = lo >= TWO_POW_32 ? 1 : 0;
    OUT[0] = (lo | 0) & this.boardLo;
    OUT[1] = ((mHi + this.bottomHi + carry) | 0) & this.boardHi;
  }

  private canWinNext(pLo: number, pHi: number, mLo: number, mHi: number): boolean {
    this.winning(pLo, pHi, mLo, mHi);
    const wLo = OUT[0] as number;
    const wHi = OUT[1] as number;
    this.possible(mLo, mHi);
    return ((wLo & (OUT[0] as number)) | (wHi & (OUT[1] as number))) !== 0;
  }

  /**
   * Pons's `possibleNonLosingMoves`: playable cells that do not hand the
   * opponent a win next move, into OUT; 0 when every move loses.
   */
  private nonLosing(pLo: number, pHi: number, mLo: number, mHi: number): void {
    this.possible(mLo, mHi);
    let possLo = OUT[0] as number;
    let possHi = OUT[1] as number;
    this.winning(pLo ^ mLo, pHi ^ mHi, mLo, mHi);
    const oppLo = OUT[0] as number;
    const oppHi = OUT[1] as number;
    const forcedLo = possLo & oppLo;
    const forcedHi = possHi & oppHi;
    if ((forcedLo | forcedHi) !== 0) {
      const count = popcount32(forcedLo) + popcount32(forcedHi);
      if (count > 1) {
        OUT[0] = 0;
        OUT[1] = 0;
        return;
      }
      possLo = forcedLo;
      possHi = forcedHi;
    }
    // Never play directly below an opponent's winning cell.
    shiftRight(oppLo, oppHi, 1);
    OUT[0] = possLo & ~(OUT[0] as number);
    OUT[1] = possHi & ~(OUT[1] as number);
  }

  private tableIndex(pLo: number, pHi: number, mLo: number, mHi: number): number {
    const lo = (pLo >>> 0) + (mLo >>> 0);
    const hi = (pHi >>> 0) + (mHi >>> 0) + (lo >= TWO_POW_32 ? 1 : 0);
    return (hi * TWO_POW_32 + (lo >= TWO_POW_32 ? lo - TWO_POW_32 : lo)) % this.tableSize;
  }

  private tick(): void {
    this.nodes++;
    if (this.nodes >= this.nodeLimit) throw ABORT;
    if (this.nodes >= this.nextClock) {
      this.nextClock = this.nodes + CLOCK_INTERVAL;
      if (this.now !== null && this.now() >= this.deadline) throw ABORT;
    }
  }

  /**
   * Pons's negamax, fail-hard. Precondition: the side to move cannot win
   * with its next stone. Returns a value clamped to [alpha, beta] that is an
   * exact score inside the window and a bound outside it.
   */
  private negamax(
    pLo: number,
    pHi: number,
    mLo: number,
    mHi: number,
    n: number,
    alpha: number,
    beta: number,
  ): number {
    this.tick();
    this.nonLosing(pLo, pHi, mLo, mHi);
    const nextLo = OUT[0] as number;
    const nextHi = OUT[1] as number;
    const cells = this.cells;
    if ((nextLo | nextHi) === 0) return -Math.floor((cells - n) / 2);
    if (n >= cells - 2) return 0;
    let min = -Math.floor((cells - 2 - n) / 2);
    if (alpha < min) {
      alpha = min;
      if (alpha >= beta) return alpha;
    }
    let max = Math.floor((cells - 1 - n) / 2);
    const index = this.tableIndex(pLo, pHi, mLo, mHi);
    const keyLo = ((pLo >>> 0) + (mLo >>> 0)) >>> 0;
    if (this.keys[index] === keyLo) {
      const stored = this.values[index] as number;
      if (stored !== 0) {
        const { minScore, maxScore } = this;
        if (stored > maxScore - minScore + 1) {
          min = stored + 2 * minScore - maxScore - 2;
          if (alpha < min) {
            alpha = min;
            if (alpha >= beta) return alpha;
          }
        } else {
          max = stored + minScore - 1;
          if (beta > max) {
            beta = max;
            if (alpha >= beta) return beta;
          }
        }
      }
    }
    if (beta > max) {
      beta = max;
      if (alpha >= beta) return beta;
    }

    // Move sorter: insertion by score; equal scores keep centre-first order.
    const width = this.width;
    const base = n * width;
    const sortLo = this.sortLo;
    const sortHi = this.sortHi;
    const sortScore = this.sortScore;
    let size = 0;
    const order = this.order;
    for (let i = width - 1; i >= 0; i--) {
      const c = order[i] as number;
      const moveLo = nextLo & (this.columnLo[c] as number);
      const moveHi = nextHi & (this.columnHi[c] as number);
      if ((moveLo | moveHi) === 0) continue;
      this.winning(pLo | moveLo, pHi | moveHi, mLo, mHi);
      const score = popcount32(OUT[0] as number) + popcount32(OUT[1] as number);
      let at = size++;
      for (; at > 0 && (sortScore[base + at - 1] as number) > score; at--) {
        sortLo[base + at] = sortLo[base + at - 1] as number;
        sortHi[base + at] = sortHi[base + at - 1] as number;
        sortScore[base + at] = sortScore[base + at - 1] as number;
      }
      sortLo[base + at] = moveLo;
      sortHi[base + at] = moveHi;
      sortScore[base + at] = score;
    }
    while (size > 0) {
      size--;
      const moveLo = sortLo[base + size] as number;
      const moveHi = sortHi[base + size] as number;
      const score = -this.negamax(pLo ^ mLo, pHi ^ mHi, mLo | moveLo, mHi | moveHi, n + 1, -beta, -alpha);
      if (score >= beta) {
        this.values[index] = score + this.maxScore - 2 * this.minScore + 2;
        this.keys[index] = keyLo;
        return score;
      }
      if (score > alpha) alpha = score;
    }
    this.values[index] = alpha - this.minScore + 1;
    this.keys[index] = keyLo;
    return alpha;
  }

  /** Pons's `solve`: null-window probes that halve [min, max] until it closes. */
  private solveWords(pLo: number, pHi: number, mLo: number, mHi: number, n: number, weak: boolean): number {
    const cells = this.cells;
    if (this.canWinNext(pLo, pHi, mLo, mHi)) return Math.floor((cells + 1 - n) / 2);
    let min = -Math.floor((cells - n) / 2);
    let max = Math.floor((cells + 1 - n) / 2);
    if (weak) {
      min = -1;
      max = 1;
    }
    while (min < max) {
      let med = min + Math.floor((max - min) / 2);
      // Probe near 0 first: most positions are close to a draw.
      if (med <= 0 && Math.trunc(min / 2) < med) med = Math.trunc(min / 2);
      else if (med >= 0 && Math.trunc(max / 2) > med) med = Math.trunc(max / 2);
      const r = this.negamax(pLo, pHi, mLo, mHi, n, med, med + 1);
      if (r <= med) max = r;
      else min = r;
    }
    return min;
  }

  private checkState(state: ConnectKState): void {
    const o = state.options;
    if (o.width !== this.width || o.height !== this.height || o.k !== this.k) {
      throw new RangeError("the state's board does not match this solver");
    }
  }

  private begin(options: SolveOptions): void {
    this.nodes = 0;
    this.nodeLimit = options.maxNodes ?? Infinity;
    this.deadline = options.deadline ?? Infinity;
    this.now = options.now ?? null;
    this.nextClock = CLOCK_INTERVAL;
  }

  /** The score of a finished game for the seat that would move next. */
  private finishedScore(state: ConnectKState): number {
    // The previous mover won with stone n: its score then was ⌊(W·H + 1 − (n − 1))/2⌋.
    return state.status === "won" ? -Math.floor((this.cells + 2 - state.plies) / 2) | 0 : 0;
  }

  /** Columns in centre-first order whose single cell is in the given two-word set. */
  private columnsIn(lo: number, hi: number): number[] {
    const out: number[] = [];
    for (const c of this.order) {
      if (((lo & (this.columnLo[c] as number)) | (hi & (this.columnHi[c] as number))) !== 0) out.push(c);
    }
    return out;
  }

  private openColumns(mLo: number, mHi: number): number[] {
    this.possible(mLo, mHi);
    return this.columnsIn(OUT[0] as number, OUT[1] as number);
  }

  /**
   * Solves `state` for the side to move. Throws a RangeError for a board of
   * another size; `complete` is false when a budget ran out.
   */
  solve(state: ConnectKState, options: SolveOptions = {}): SolveResult {
    this.checkState(state);
    this.begin(options);
    if (state.status !== "ongoing") {
      return { score: this.finishedScore(state), nodes: 0, bestMove: -1, complete: true };
    }
    const weak = options.weak === true;
    const { pos0: pLo, pos1: pHi, mask0: mLo, mask1: mHi, plies: n } = state;
    try {
      this.winning(pLo, pHi, mLo, mHi);
      const winLo = OUT[0] as number;
      const winHi = OUT[1] as number;
      this.possible(mLo, mHi);
      const wins = this.columnsIn(winLo & (OUT[0] as number), winHi & (OUT[1] as number));
      const winner = wins[0];
      if (winner !== undefined) {
        const score = Math.floor((this.cells + 1 - n) / 2);
        return { score: weak ? 1 : score, nodes: this.nodes, bestMove: winner, complete: true };
      }
      // A weak probe may settle outside its window on a stored bound: the
      // score keeps the sign, and the move search uses the bound, which
      // the table already proves cheaply. `| 0` folds −0 into 0.
      const reached = this.solveWords(pLo, pHi, mLo, mHi, n, weak) | 0;
      const score = weak ? Math.sign(reached) | 0 : reached;
      const move = this.moveReaching(state, reached);
      return { score, nodes: this.nodes, bestMove: move, complete: true };
    } catch (error) {
      if (error !== ABORT) throw error;
      return { score: 0, nodes: this.nodes, bestMove: -1, complete: false };
    }
  }

  /** A column whose child proves `score` (one null-window probe per candidate, cheap with a warm table). */
  private moveReaching(state: ConnectKState, score: number): number {
    const { pos0: pLo, pos1: pHi, mask0: mLo, mask1: mHi, plies: n } = state;
    this.nonLosing(pLo, pHi, mLo, mHi);
    const safe = this.columnsIn(OUT[0] as number, OUT[1] as number);
    for (const c of safe) {
      this.possible(mLo, mHi);
      const cellLo = (OUT[0] as number) & (this.columnLo[c] as number);
      const cellHi = (OUT[1] as number) & (this.columnHi[c] as number);
      const child = this.negamax(pLo ^ mLo, pHi ^ mHi, mLo | cellLo, mHi | cellHi, n + 1, -score, -score + 1);
      if (child <= -score) return c;
    }
    // Every move loses at once: any open column will do.
    return this.openColumns(mLo, mHi)[0] ?? -1;
  }

  /**
   * The exact score of every column for the side to move (null for a full
   * column): what a perfect player chooses among, e.g. at random between
   * equals. `complete` is false when a budget ran out (scores then null).
   */
  scoreColumns(
    state: ConnectKState,
    options: Omit<SolveOptions, "weak"> = {},
  ): { readonly scores: readonly (number | null)[]; readonly nodes: number; readonly complete: boolean } {
    this.checkState(state);
    this.begin(options);
    const scores: (number | null)[] = new Array<number | null>(this.width).fill(null);
    if (state.status !== "ongoing") return { scores, nodes: 0, complete: true };
    const { pos0: pLo, pos1: pHi, mask0: mLo, mask1: mHi, plies: n } = state;
    const cells = this.cells;
    try {
      this.winning(pLo, pHi, mLo, mHi);
      const winLo = OUT[0] as number;
      const winHi = OUT[1] as number;
      this.nonLosing(pLo, pHi, mLo, mHi);
      const safeLo = OUT[0] as number;
      const safeHi = OUT[1] as number;
      this.possible(mLo, mHi);
      const possLo = OUT[0] as number;
      const possHi = OUT[1] as number;
      for (let c = 0; c < this.width; c++) {
        const cellLo = possLo & (this.columnLo[c] as number);
        const cellHi = possHi & (this.columnHi[c] as number);
        if ((cellLo | cellHi) === 0) continue;
        if (((cellLo & winLo) | (cellHi & winHi)) !== 0) {
          scores[c] = Math.floor((cells + 1 - n) / 2);
        } else if (((cellLo & safeLo) | (cellHi & safeHi)) === 0) {
          // The opponent wins with its next stone, the (n+2)-th.
          scores[c] = -Math.floor((cells - n) / 2);
        } else if (n + 1 === cells) {
          scores[c] = 0;
        } else {
          scores[c] = -this.solveWords(pLo ^ mLo, pHi ^ mHi, mLo | cellLo, mHi | cellHi, n + 1, false) | 0;
        }
      }
      return { scores, nodes: this.nodes, complete: true };
    } catch (error) {
      if (error !== ABORT) throw error;
      return { scores: scores.fill(null), nodes: this.nodes, complete: false };
    }
  }
}

const solvers = new Map<string, ConnectKSolver>();

/** The shared solver for a board size (its table is kept between calls). */
export function solverFor(options: Pick<ConnectKOptions, "width" | "height" | "k">): ConnectKSolver {
  const id = `${options.width}x${options.height}x${options.k}`;
  let solver = solvers.get(id);
  if (solver === undefined) {
    solver = new ConnectKSolver(options);
    solvers.set(id, solver);
  }
  return solver;
}

/** Solves `state` with the shared solver of its size (see `ConnectKSolver.solve`). */
export function solve(state: ConnectKState, options: SolveOptions = {}): SolveResult {
  if (!isSolvable(state.options)) throw new RangeError("the exact solver needs W·(H+1) ≤ 53");
  return solverFor(state.options).solve(state, options);
}

/** A perfect move (centre-most among those reaching the score), or −1 when the game is over. */
export function bestMove(state: ConnectKState, options: SolveOptions = {}): number {
  return solve(state, options).bestMove;
}
