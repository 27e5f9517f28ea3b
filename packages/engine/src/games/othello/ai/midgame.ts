/**
 * The midgame search of level 8 and of the Othello analysis (docs/strength.md, "Level 8"):
 * principal-variation search on the bitboards with the trained evaluation at the leaves,
 * iterative deepening with an aspiration window, a transposition table (full boards, bounds, best
 * move), and children ordered by the table's move and then by the trained evaluation of the child.
 * Values are estimated final disc differences for the side to move, in 1/`scale` disc; a finished
 * game scores its exact difference.
 *
 * All search state (table, move lists, counters, clock) lives in a `MidgameSearch` object the caller
 * owns and may keep between moves.
 */
import { flips, moves, out, popcount32 } from "../bitboard.js";
import { PASS } from "../squares.js";
import { finalScore } from "./sides.js";
import { trainedEvalBits, trainedEvalWithMobility } from "./trained-eval.js";
import { type MidgameWasm, midgameWasm } from "./midgame-wasm.js";
import {
  EVAL_ORDER_DEPTH,
  MOBILITY_ORDER_DEPTH,
  MOBILITY_WEIGHT,
  SQUARE_PRIORITY,
} from "./midgame-ordering.js";
import type { TrainedWeights } from "./weights-codec.js";

export interface MidgameOptions {
  /** Deepest iteration, in plies. */
  readonly maxDepth: number;
  /** The injected clock; with `deadline`, the search stops once `now()` passes it. */
  readonly now?: () => number;
  readonly deadline?: number;
  /**
   * Called after each completed iteration with the time it took; returning false stops deepening
   * (the caller's time management: an iteration costs several times the previous one).
   */
  readonly continueAfter?: (depth: number, elapsed: number) => boolean;
}

export interface MidgameResult {
  /** The best move of the deepest completed iteration; PASS when forced; -1 when the game is over. */
  readonly move: number;
  /** Its value in 1/`scale` disc for the side to move. */
  readonly value: number;
  /** Deepest completed iteration (0 when none completed). */
  readonly depth: number;
  readonly pv: readonly number[];
  readonly nodes: number;
}

const MAX_PLY = 64;
const MAX_MOVES = 32;
const CHECK_INTERVAL = 1024;
const INF = 1 << 30;

/**
 * A midgame searcher with its own transposition table; reuse one across moves of a game. Its core is the
 * JavaScript search below or the same search in WebAssembly (wasm/midgame.ts), which visits the same
 * nodes several times faster (docs/benchmarks.md, "Othello midgame search"); the JavaScript one is the
 * reference the WebAssembly one is tested against.
 */
export class MidgameSearch {
  /** Nodes visited by the last `search` call. */
  nodes = 0;
  private readonly weights: TrainedWeights;
  private readonly mask: number;
  private readonly ttBoards: Int32Array;
  private readonly ttLower: Int32Array;
  private readonly ttUpper: Int32Array;
  private readonly ttDepth: Int8Array;
  private readonly ttMove: Int8Array;
  private readonly listSq = new Int8Array(MAX_PLY * MAX_MOVES);
  private readonly listFl = new Int32Array(MAX_PLY * MAX_MOVES);
  private readonly listFh = new Int32Array(MAX_PLY * MAX_MOVES);
  private readonly listKey = new Int32Array(MAX_PLY * MAX_MOVES);
  private clock: (() => number) | undefined;
  private deadline = Infinity;
  private aborted = false;
  private nextCheck = CHECK_INTERVAL;
  /** No root search of this `search` call has run yet (the WebAssembly core then resets its counters). */
  private fresh = true;
  /** The WebAssembly core (wasm/midgame.ts), which visits the same nodes, when chosen. */
  private readonly wasm: MidgameWasm | null;

  constructor(weights: TrainedWeights, tableBits = 18, core: "js" | "wasm" = "js") {
    this.weights = weights;
    this.wasm =
      core === "wasm"
        ? midgameWasm(weights, {
            tableBits,
            expired: () => this.clock !== undefined && this.clock() > this.deadline,
          })
        : null;
    // With the WebAssembly core the table lives in its instance; these arrays are then never read.
    const size = this.wasm === null ? 1 << tableBits : 2;
    this.mask = size - 2;
    this.ttBoards = new Int32Array(size * 4);
    this.ttLower = new Int32Array(size);
    this.ttUpper = new Int32Array(size);
    this.ttDepth = new Int8Array(size).fill(-1);
    this.ttMove = new Int8Array(size);
  }

  /** Value units per disc. */
  get scale(): number {
    return this.weights.scale;
  }

  /** The trained evaluation of (pl, ph) to move against (ol, oh). */
  evaluate(pl: number, ph: number, ol: number, oh: number): number {
    return trainedEvalBits(this.weights, pl, ph, ol, oh);
  }

  /** Forgets every stored position. */
  clear(): void {
    this.ttDepth.fill(-1);
    this.wasm?.clearTable();
  }

  /** Iteratively deepened search of (pl, ph) to move against (ol, oh). */
  search(pl: number, ph: number, ol: number, oh: number, options: MidgameOptions): MidgameResult {
    const now = options.now;
    this.nodes = 0;
    this.fresh = true;
    this.clock = now;
    this.deadline = options.deadline ?? Infinity;
    this.aborted = false;
    this.nextCheck = CHECK_INTERVAL;
    moves(pl, ph, ol, oh);
    if ((out.lo | out.hi) === 0) {
      moves(ol, oh, pl, ph);
      const over = (out.lo | out.hi) === 0;
      return { move: over ? -1 : PASS, value: 0, depth: 0, pv: over ? [] : [PASS], nodes: 0 };
    }
    const empties = 64 - popcount32(pl | ol) - popcount32(ph | oh);
    const maxDepth = Math.min(options.maxDepth, empties);
    let best: MidgameResult | null = null;
    let guess = this.evaluate(pl, ph, ol, oh);
    const window = 2 * this.weights.scale;
    for (let depth = 1; depth <= maxDepth; depth++) {
      const iterationStart = now?.() ?? 0;
      let alpha = depth > 2 ? guess - window : -INF;
      let beta = depth > 2 ? guess + window : INF;
      let value: number;
      for (;;) {
        value = this.root(pl, ph, ol, oh, alpha, beta, depth);
        if (this.aborted) break;
        if (value <= alpha && alpha > -INF) alpha = -INF;
        else if (value >= beta && beta < INF) beta = INF;
        else break;
      }
      if (this.aborted) break;
      guess = value;
      const move = this.storedMove(pl, ph, ol, oh);
      best = { move, value, depth, pv: this.principalVariation(pl, ph, ol, oh, depth), nodes: this.nodes };
      const elapsed = (now?.() ?? 0) - iterationStart;
      if (options.continueAfter !== undefined && !options.continueAfter(depth, elapsed)) break;
    }
    this.clock = undefined;
    if (best === null) {
      // Not even depth 1 finished: the first move by the cheap ordering, which is always legal.
      const first =
        this.wasm !== null
          ? this.wasm.cheapestFirst(pl, ph, ol, oh)
          : this.generate(pl, ph, ol, oh, 0, -1, 0) > 0
            ? (this.listSq[0] as number)
            : -1;
      return {
        move: first,
        value: guess,
        depth: 0,
        pv: [],
        nodes: this.nodes,
      };
    }
    return { ...best, nodes: this.nodes };
  }

  /** The search at the root, by the chosen core; the WebAssembly one keeps the node count itself. */
  private root(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    alpha: number,
    beta: number,
    depth: number,
  ): number {
    if (this.wasm === null) return this.pvs(pl, ph, ol, oh, alpha, beta, depth, false, 0);
    const value = this.wasm.search(pl, ph, ol, oh, alpha, beta, depth, this.fresh ? 1 : 0);
    this.fresh = false;
    this.nodes = this.wasm.searchedNodes();
    this.aborted = this.wasm.wasAborted() === 1;
    return value;
  }

  private hash(pl: number, ph: number, ol: number, oh: number): number {
    let h = Math.imul(pl, 0x9e3779b1) ^ Math.imul(ph ^ 0x5bd1e995, 0x85ebca77);
    h ^= Math.imul(ol, 0xc2b2ae3d) ^ Math.imul(oh ^ 0x27d4eb2f, 0x165667b1);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 13;
    return h & this.mask;
  }

  private find(pl: number, ph: number, ol: number, oh: number): number {
    const bucket = this.hash(pl, ph, ol, oh);
    const b = this.ttBoards;
    for (let i = bucket; i < bucket + 2; i++) {
      const j = i << 2;
      if (this.ttDepth[i] !== -1 && b[j] === pl && b[j + 1] === ph && b[j + 2] === ol && b[j + 3] === oh)
        return i;
    }
    return -1;
  }

  private store(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    depth: number,
    lower: number,
    upper: number,
    move: number,
  ): void {
    const bucket = this.hash(pl, ph, ol, oh);
    let slot = this.find(pl, ph, ol, oh);
    if (slot >= 0 && (this.ttDepth[slot] as number) > depth) return;
    if (slot < 0) {
      slot = (this.ttDepth[bucket] as number) <= (this.ttDepth[bucket + 1] as number) ? bucket : bucket + 1;
      const j = slot << 2;
      this.ttBoards[j] = pl;
      this.ttBoards[j + 1] = ph;
      this.ttBoards[j + 2] = ol;
      this.ttBoards[j + 3] = oh;
    }
    this.ttDepth[slot] = depth;
    this.ttLower[slot] = lower;
    this.ttUpper[slot] = upper;
    this.ttMove[slot] = move;
  }

  private storedMove(pl: number, ph: number, ol: number, oh: number): number {
    if (this.wasm !== null) return this.wasm.storedMove(pl, ph, ol, oh);
    const slot = this.find(pl, ph, ol, oh);
    return slot >= 0 ? (this.ttMove[slot] as number) : -1;
  }

  /** Fills the move list of `ply`, best first; returns its length. */
  private generate(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    ply: number,
    hint: number,
    depth: number,
  ): number {
    moves(pl, ph, ol, oh);
    let ml = out.lo;
    let mh = out.hi;
    const base = ply * MAX_MOVES;
    let count = 0;
    while ((ml | mh) !== 0) {
      let bl = 0;
      let bh = 0;
      let sq: number;
      if (ml !== 0) {
        bl = ml & -ml;
        ml ^= bl;
        sq = 31 - Math.clz32(bl);
      } else {
        bh = mh & -mh;
        mh ^= bh;
        sq = 63 - Math.clz32(bh);
      }
      flips(sq, pl, ph, ol, oh);
      const fl = out.lo;
      const fh = out.hi;
      let key: number;
      if (sq === hint) key = INF;
      else if (depth >= EVAL_ORDER_DEPTH)
        key = -trainedEvalBits(this.weights, ol & ~fl, oh & ~fh, pl | fl | bl, ph | fh | bh);
      else if (depth >= MOBILITY_ORDER_DEPTH) {
        // Fastest first: the fewer replies the opponent has, the sooner a cut-off.
        moves(ol & ~fl, oh & ~fh, pl | fl | bl, ph | fh | bh);
        key = (SQUARE_PRIORITY[sq] as number) - MOBILITY_WEIGHT * (popcount32(out.lo) + popcount32(out.hi));
      } else key = SQUARE_PRIORITY[sq] as number;
      let j = count++;
      while (j > 0 && (this.listKey[base + j - 1] as number) < key) {
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
    return count;
  }

  private pvs(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    alpha: number,
    beta: number,
    depth: number,
    passed: boolean,
    ply: number,
  ): number {
    this.nodes++;
    if (this.nodes >= this.nextCheck) {
      this.nextCheck = this.nodes + CHECK_INTERVAL;
      if (this.clock !== undefined && this.clock() > this.deadline) this.aborted = true;
    }
    if (this.aborted) return 0;
    if (depth <= 0) {
      // The move counts the evaluation needs double as the end-of-game test.
      moves(pl, ph, ol, oh);
      const own = popcount32(out.lo) + popcount32(out.hi);
      moves(ol, oh, pl, ph);
      const other = popcount32(out.lo) + popcount32(out.hi);
      if (own === 0 && other === 0) return finalScore(pl, ph, ol, oh) * this.weights.scale;
      return trainedEvalWithMobility(this.weights, pl, ph, ol, oh, own, other);
    }
    const slot = this.find(pl, ph, ol, oh);
    let hint = -1;
    if (slot >= 0) {
      hint = this.ttMove[slot] as number;
      if ((this.ttDepth[slot] as number) >= depth) {
        const lower = this.ttLower[slot] as number;
        const upper = this.ttUpper[slot] as number;
        if (lower >= beta) return lower;
        if (upper <= alpha) return upper;
        if (lower === upper) return lower;
      }
    }
    const count = this.generate(pl, ph, ol, oh, ply, hint, depth);
    if (count === 0) {
      if (passed) return finalScore(pl, ph, ol, oh) * this.weights.scale;
      moves(ol, oh, pl, ph);
      if ((out.lo | out.hi) === 0) return finalScore(pl, ph, ol, oh) * this.weights.scale;
      return -this.pvs(ol, oh, pl, ph, -beta, -alpha, depth, true, ply + 1);
    }
    const base = ply * MAX_MOVES;
    const alpha0 = alpha;
    let best = -INF;
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
      let v: number;
      if (i === 0) v = -this.pvs(npl, nph, nol, noh, -beta, -alpha, depth - 1, false, ply + 1);
      else {
        v = -this.pvs(npl, nph, nol, noh, -alpha - 1, -alpha, depth - 1, false, ply + 1);
        if (v > alpha && v < beta) v = -this.pvs(npl, nph, nol, noh, -beta, -v, depth - 1, false, ply + 1);
      }
      if (this.aborted) return 0;
      if (v > best) {
        best = v;
        bestMove = sq;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) break;
        }
      }
    }
    this.store(pl, ph, ol, oh, depth, best > alpha0 ? best : -INF, best < beta ? best : INF, bestMove);
    return best;
  }

  /** Follows stored best moves from the root, up to `depth` plies (passes included). */
  private principalVariation(pl: number, ph: number, ol: number, oh: number, depth: number): number[] {
    const pv: number[] = [];
    for (let step = 0; step < depth; step++) {
      moves(pl, ph, ol, oh);
      const ml = out.lo;
      const mh = out.hi;
      if ((ml | mh) === 0) {
        moves(ol, oh, pl, ph);
        if ((out.lo | out.hi) === 0) break;
        pv.push(PASS);
        [pl, ph, ol, oh] = [ol, oh, pl, ph];
        continue;
      }
      const move = this.storedMove(pl, ph, ol, oh);
      if (move < 0 || move >= 64 || ((move < 32 ? ml >>> move : mh >>> (move - 32)) & 1) === 0) break;
      pv.push(move);
      flips(move, pl, ph, ol, oh);
      const fl = out.lo;
      const fh = out.hi;
      const npl = pl | fl | (move < 32 ? 1 << move : 0);
      const nph = ph | fh | (move < 32 ? 0 : 1 << (move - 32));
      [pl, ph, ol, oh] = [ol & ~fl, oh & ~fh, npl, nph];
    }
    return pv;
  }
}
