/**
 * PAIP chapter 18's strategy ladder as Othello-specialised searchers on the
 * bitboards, reproducing PAIP's choices exactly:
 *
 * - moves are tried in PAIP's `legal-moves` order: squares 11..88 (our
 *   a1..h8 ascending), or for `alpha-beta-searcher3` the static order of
 *   18.9 (squares by descending weight, ties in square order) that PAIP's
 *   redefined `all-squares` gives the later searchers;
 * - the first best move wins ties (`>` never `>=`), and alpha-beta is
 *   fail-hard with `best-move` starting as the first move;
 * - a pass costs a ply, and a finished game is scored by `final-value`.
 *
 * `final-value` in PAIP is `most-positive-fixnum` / `most-negative-fixnum`
 * regardless of the margin, and negating the latter gives a bignum one
 * larger than the former. Doubles reproduce that asymmetry exactly with
 * WINNING_VALUE = 2^30 − 1 and LOSING_VALUE = −2^30, so the golden games
 * replay move for move. Game-playing code prefers the larger win, so the
 * "margin" mode scores a finished game as ±MARGIN_WIN + disc difference
 * (MARGIN_WIN = 10^7, above any Iago evaluation, whose edge term peaks
 * near 10^6).
 */
import { Random } from "../../../core/rng.js";
import { flips, moves, out, popcount32 } from "../bitboard.js";
import { BLACK, type OthelloState } from "../rules.js";
import { PASS } from "../squares.js";
import { type BitsEvaluator, EVALUATORS, type EvaluatorName, WEIGHTS, moveNumberOf } from "./eval.js";

export const WINNING_VALUE = 2 ** 30 - 1;
export const LOSING_VALUE = -(2 ** 30);
export const MARGIN_WIN = 10_000_000;

export type FinalValueMode = "paip" | "margin";
export type MoveOrder = "squares" | "static";

/** What a strategy may use besides the position. */
export interface StrategyContext {
  /** Seeded randomness (only `random` draws from it). */
  readonly random: Random;
  /** Incremented once per position a search visits (PAIP's "boards"). */
  readonly counter: { nodes: number };
  /** The injected clock, for the time-aware strategies. */
  readonly now?: () => number;
  /** The mover's remaining time and increment, in `now()` units (milliseconds). */
  readonly clock?: { readonly remainingMs: number; readonly incrementMs: number };
}

/** A strategy returns a legal move of the side to move (PASS when it must pass). */
export type Strategy = (state: OthelloState, context: StrategyContext) => number;

export function createContext(
  seed = 1,
  extra: Partial<Omit<StrategyContext, "random" | "counter">> = {},
): StrategyContext {
  return { random: new Random(seed), counter: { nodes: 0 }, ...extra };
}

function sides(state: OthelloState): [number, number, number, number] {
  return state.turn === BLACK
    ? [state.blackLo, state.blackHi, state.whiteLo, state.whiteHi]
    : [state.whiteLo, state.whiteHi, state.blackLo, state.blackHi];
}

/** PAIP's static ordering: all squares by descending weight, ties by square (Lisp's list sort is stable). */
export const STATIC_ORDER: readonly number[] = Array.from({ length: 64 }, (_, i) => i).sort(
  (a, b) => (WEIGHTS[b] ?? 0) - (WEIGHTS[a] ?? 0),
);
// The static order as weight classes, best first: within a class Lisp's stable sort keeps square
// order, so extracting each class's bits in ascending order gives the same sequence cheaply.
const CLASS_WEIGHTS = [...new Set(WEIGHTS)].sort((a, b) => b - a);
const CLASS_LO = Int32Array.from(CLASS_WEIGHTS, (w) =>
  WEIGHTS.reduce((mask, v, sq) => (v === w && sq < 32 ? mask | (1 << sq) : mask), 0),
);
const CLASS_HI = Int32Array.from(CLASS_WEIGHTS, (w) =>
  WEIGHTS.reduce((mask, v, sq) => (v === w && sq >= 32 ? mask | (1 << (sq - 32)) : mask), 0),
);

// ---------------------------------------------------------------- search state

const MAX_DEPTH = 64;

/**
 * One searcher's state: the evaluation and settings of the current search, its node count and
 * clock, the per-ply move lists and the child position of the last `play`. Each strategy owns one
 * (made on its first move), so nothing is shared between strategies or threads.
 */
class Searcher {
  readonly list = new Int8Array(MAX_DEPTH * 64);
  readonly listValue = new Float64Array(MAX_DEPTH * 64);
  evalFn: BitsEvaluator = EVALUATORS["count-difference"];
  rootMoveNumber = 1;
  finalMode: FinalValueMode = "paip";
  order: MoveOrder = "squares";
  nodes = 0;
  /** Best move of the last search call that returned one (PAIP's second value); -1 for none. */
  lastMove = -1;
  clock: (() => number) | undefined = undefined;
  deadline = Infinity;
  aborted = false;
  nextCheck = 0;
  // Child position after `play(sq)` (the mover becomes the opponent).
  cpl = 0;
  cph = 0;
  col = 0;
  coh = 0;

  setup(fn: BitsEvaluator, moveNumber: number, finalMode: FinalValueMode, order: MoveOrder): void {
    this.evalFn = fn;
    this.rootMoveNumber = moveNumber;
    this.finalMode = finalMode;
    this.order = order;
    this.nodes = 0;
    this.aborted = false;
    this.clock = undefined;
    this.deadline = Infinity;
  }

  finalValue(pl: number, ph: number, ol: number, oh: number): number {
    const diff = popcount32(pl) + popcount32(ph) - popcount32(ol) - popcount32(oh);
    if (this.finalMode === "paip") return diff > 0 ? WINNING_VALUE : diff < 0 ? LOSING_VALUE : 0;
    return diff > 0 ? MARGIN_WIN + diff : diff < 0 ? -MARGIN_WIN + diff : 0;
  }

  /** Writes the legal moves in the configured order to the list at `base`; returns how many. */
  listMoves(pl: number, ph: number, ol: number, oh: number, base: number): number {
    const list = this.list;
    moves(pl, ph, ol, oh);
    let ml = out.lo;
    let mh = out.hi;
    let count = 0;
    if (this.order === "squares") {
      while (ml !== 0) {
        const bit = ml & -ml;
        ml ^= bit;
        list[base + count++] = 31 - Math.clz32(bit);
      }
      while (mh !== 0) {
        const bit = mh & -mh;
        mh ^= bit;
        list[base + count++] = 63 - Math.clz32(bit);
      }
    } else if ((ml | mh) !== 0) {
      for (let c = 0; c < CLASS_LO.length; c++) {
        let lo = ml & (CLASS_LO[c] as number);
        let hi = mh & (CLASS_HI[c] as number);
        while (lo !== 0) {
          const bit = lo & -lo;
          lo ^= bit;
          list[base + count++] = 31 - Math.clz32(bit);
        }
        while (hi !== 0) {
          const bit = hi & -hi;
          hi ^= bit;
          list[base + count++] = 63 - Math.clz32(bit);
        }
      }
    }
    return count;
  }

  play(sq: number, pl: number, ph: number, ol: number, oh: number): void {
    flips(sq, pl, ph, ol, oh);
    const fl = out.lo;
    const fh = out.hi;
    this.cpl = ol & ~fl;
    this.cph = oh & ~fh;
    this.col = pl | fl | (sq < 32 ? 1 << sq : 0);
    this.coh = ph | fh | (sq < 32 ? 0 : 1 << (sq - 32));
  }

  tick(): void {
    this.nodes++;
    if (this.nodes >= this.nextCheck && this.clock !== undefined) {
      this.nextCheck = this.nodes + 1024;
      if (this.clock() > this.deadline) this.aborted = true;
    }
  }

  // -------------------------------------------------------------- minimax (18.4)

  minimax(pl: number, ph: number, ol: number, oh: number, ply: number, sp: number): number {
    this.tick();
    this.lastMove = -1;
    if (ply === 0) return this.evalFn(pl, ph, ol, oh, this.rootMoveNumber);
    const base = sp * 64;
    const count = this.listMoves(pl, ph, ol, oh, base);
    if (count === 0) {
      if (anyMove(ol, oh, pl, ph)) {
        const v = -this.minimax(ol, oh, pl, ph, ply - 1, sp + 1);
        this.lastMove = PASS;
        return v;
      }
      return this.finalValue(pl, ph, ol, oh);
    }
    let best = 0;
    let bestMove = -1;
    for (let i = 0; i < count; i++) {
      const sq = this.list[base + i] as number;
      this.play(sq, pl, ph, ol, oh);
      const val = -this.minimax(this.cpl, this.cph, this.col, this.coh, ply - 1, sp + 1);
      if (bestMove < 0 || val > best) {
        best = val;
        bestMove = sq;
      }
    }
    this.lastMove = bestMove;
    return best;
  }

  // -------------------------------------------------------------- alpha-beta (18.5)

  alphaBeta(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    achievable: number,
    cutoff: number,
    ply: number,
    sp: number,
  ): number {
    this.tick();
    this.lastMove = -1;
    if (ply === 0) return this.evalFn(pl, ph, ol, oh, this.rootMoveNumber);
    const base = sp * 64;
    const count = this.listMoves(pl, ph, ol, oh, base);
    if (count === 0) {
      if (anyMove(ol, oh, pl, ph)) {
        const v = -this.alphaBeta(ol, oh, pl, ph, -cutoff, -achievable, ply - 1, sp + 1);
        this.lastMove = PASS;
        return v;
      }
      return this.finalValue(pl, ph, ol, oh);
    }
    let bestMove = this.list[base] as number;
    for (let i = 0; i < count; i++) {
      const sq = this.list[base + i] as number;
      this.play(sq, pl, ph, ol, oh);
      const val = -this.alphaBeta(
        this.cpl,
        this.cph,
        this.col,
        this.coh,
        -cutoff,
        -achievable,
        ply - 1,
        sp + 1,
      );
      if (this.aborted) return 0;
      if (val > achievable) {
        achievable = val;
        bestMove = sq;
      }
      if (achievable >= cutoff) break;
    }
    this.lastMove = bestMove;
    return achievable;
  }

  // -------------------------------------------------------------- alpha-beta2: sorted ordering (18.9)

  alphaBeta2(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    nodeValue: number,
    achievable: number,
    cutoff: number,
    ply: number,
    sp: number,
  ): number {
    this.tick();
    this.lastMove = -1;
    if (ply === 0) return nodeValue;
    const base = sp * 64;
    const list = this.list;
    const listValue = this.listValue;
    const count = this.listMoves(pl, ph, ol, oh, base);
    if (count === 0) {
      if (anyMove(ol, oh, pl, ph)) {
        const v = -this.alphaBeta2(ol, oh, pl, ph, -nodeValue, -cutoff, -achievable, ply - 1, sp + 1);
        this.lastMove = PASS;
        return v;
      }
      return this.finalValue(pl, ph, ol, oh);
    }
    // legal-nodes: every child evaluated for the mover, sorted best first (stable, as Lisp's list sort).
    for (let i = 0; i < count; i++) {
      const sq = list[base + i] as number;
      this.play(sq, pl, ph, ol, oh);
      const v = this.evalFn(this.col, this.coh, this.cpl, this.cph, this.rootMoveNumber);
      let j = i;
      while (j > 0 && (listValue[base + j - 1] as number) < v) {
        list[base + j] = list[base + j - 1] as number;
        listValue[base + j] = listValue[base + j - 1] as number;
        j--;
      }
      list[base + j] = sq;
      listValue[base + j] = v;
    }
    let bestMove = list[base] as number;
    for (let i = 0; i < count; i++) {
      const sq = list[base + i] as number;
      this.play(sq, pl, ph, ol, oh);
      const val = -this.alphaBeta2(
        this.cpl,
        this.cph,
        this.col,
        this.coh,
        -(listValue[base + i] as number),
        -cutoff,
        -achievable,
        ply - 1,
        sp + 1,
      );
      if (this.aborted) return 0;
      if (val > achievable) {
        achievable = val;
        bestMove = sq;
      }
      if (achievable >= cutoff) break;
    }
    this.lastMove = bestMove;
    return achievable;
  }

  // -------------------------------------------------------------- alpha-beta3: killer moves (18.11)

  alphaBeta3(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    achievable: number,
    cutoff: number,
    ply: number,
    killer: number,
    sp: number,
  ): number {
    this.tick();
    this.lastMove = -1;
    if (ply === 0) return this.evalFn(pl, ph, ol, oh, this.rootMoveNumber);
    const base = sp * 64;
    const list = this.list;
    const count = this.listMoves(pl, ph, ol, oh, base);
    if (count === 0) {
      if (anyMove(ol, oh, pl, ph)) {
        // PAIP returns only the value here: no reply for the caller's killer.
        const v = -this.alphaBeta3(ol, oh, pl, ph, -cutoff, -achievable, ply - 1, -1, sp + 1);
        this.lastMove = -1;
        return v;
      }
      return this.finalValue(pl, ph, ol, oh);
    }
    if (killer >= 0) {
      // put-first: move the killer to the front, the rest keep their order.
      for (let i = 0; i < count; i++) {
        if (list[base + i] !== killer) continue;
        for (let j = i; j > 0; j--) list[base + j] = list[base + j - 1] as number;
        list[base] = killer;
        break;
      }
    }
    let bestMove = list[base] as number;
    let killer2 = -1;
    let killer2Val = WINNING_VALUE;
    for (let i = 0; i < count; i++) {
      const sq = list[base + i] as number;
      this.play(sq, pl, ph, ol, oh);
      const val = -this.alphaBeta3(
        this.cpl,
        this.cph,
        this.col,
        this.coh,
        -cutoff,
        -achievable,
        ply - 1,
        killer2,
        sp + 1,
      );
      const reply = this.lastMove;
      if (this.aborted) return 0;
      if (val > achievable) {
        achievable = val;
        bestMove = sq;
      }
      if (reply >= 0 && val < killer2Val) {
        killer2 = reply;
        killer2Val = val;
      }
      if (achievable >= cutoff) break;
    }
    this.lastMove = bestMove;
    return achievable;
  }
}

function anyMove(pl: number, ph: number, ol: number, oh: number): boolean {
  moves(pl, ph, ol, oh);
  return (out.lo | out.hi) !== 0;
}

// ---------------------------------------------------------------- strategies

export interface SearcherOptions {
  /** How finished games are valued; PAIP's by default. */
  readonly finalValue?: FinalValueMode;
  /** Move order; PAIP's for the searcher by default. */
  readonly order?: MoveOrder;
}

function setup(
  searcher: Searcher,
  state: OthelloState,
  fn: BitsEvaluator,
  options: SearcherOptions,
  defaultOrder: MoveOrder,
): void {
  searcher.setup(fn, moveNumberOf(state), options.finalValue ?? "paip", options.order ?? defaultOrder);
}

/** A strategy's own searcher, made on its first move. */
function ownSearcher(): () => Searcher {
  let searcher: Searcher | undefined;
  return () => (searcher ??= new Searcher());
}

function forcedOrNone(state: OthelloState): number {
  const [pl, ph, ol, oh] = sides(state);
  return anyMove(ol, oh, pl, ph) ? PASS : -1;
}

function evaluatorOf(e: EvaluatorName | BitsEvaluator): BitsEvaluator {
  return typeof e === "string" ? EVALUATORS[e] : e;
}

/** `random-strategy`: any legal move, uniformly. */
export const randomStrategy: Strategy = (state, context) => {
  const [pl, ph, ol, oh] = sides(state);
  const legal = legalSquares(pl, ph, ol, oh);
  if (legal.length === 0) return forcedOrNone(state);
  context.counter.nodes += 1;
  return legal[context.random.int(legal.length)] as number;
};

/** The legal moves in square order. */
function legalSquares(pl: number, ph: number, ol: number, oh: number): number[] {
  moves(pl, ph, ol, oh);
  let ml = out.lo;
  let mh = out.hi;
  const squares: number[] = [];
  while (ml !== 0) {
    const bit = ml & -ml;
    ml ^= bit;
    squares.push(31 - Math.clz32(bit));
  }
  while (mh !== 0) {
    const bit = mh & -mh;
    mh ^= bit;
    squares.push(63 - Math.clz32(bit));
  }
  return squares;
}

/** `maximizer`: the move whose resulting position `eval` scores best for the mover (first best wins). */
export function maximizer(evaluator: EvaluatorName | BitsEvaluator): Strategy {
  const fn = evaluatorOf(evaluator);
  return (state, context) => {
    const [pl, ph, ol, oh] = sides(state);
    const legal = legalSquares(pl, ph, ol, oh);
    if (legal.length === 0) return forcedOrNone(state);
    const m = moveNumberOf(state);
    let best = 0;
    let bestMove = -1;
    for (const sq of legal) {
      flips(sq, pl, ph, ol, oh);
      const fl = out.lo;
      const fh = out.hi;
      const v = fn(
        pl | fl | (sq < 32 ? 1 << sq : 0),
        ph | fh | (sq < 32 ? 0 : 1 << (sq - 32)),
        ol & ~fl,
        oh & ~fh,
        m,
      );
      if (bestMove < 0 || v > best) {
        best = v;
        bestMove = sq;
      }
    }
    context.counter.nodes += legal.length;
    return bestMove;
  };
}

type RootSearch = (pl: number, ph: number, ol: number, oh: number) => number;

function runSearch(
  searcher: Searcher,
  state: OthelloState,
  context: StrategyContext,
  run: RootSearch,
): number {
  const [pl, ph, ol, oh] = sides(state);
  if (!anyMove(pl, ph, ol, oh)) return forcedOrNone(state);
  run(pl, ph, ol, oh);
  context.counter.nodes += searcher.nodes;
  return searcher.lastMove;
}

/** `minimax-searcher`: full minimax to `depth` plies. */
export function minimaxSearcher(
  depth: number,
  evaluator: EvaluatorName | BitsEvaluator,
  options: SearcherOptions = {},
): Strategy {
  const fn = evaluatorOf(evaluator);
  const searcher = ownSearcher();
  return (state, context) => {
    const s = searcher();
    setup(s, state, fn, options, "squares");
    return runSearch(s, state, context, (pl, ph, ol, oh) => s.minimax(pl, ph, ol, oh, depth, 0));
  };
}

/** `alpha-beta-searcher`: PAIP's fail-hard alpha-beta, moves in square order. */
export function alphaBetaSearcher(
  depth: number,
  evaluator: EvaluatorName | BitsEvaluator,
  options: SearcherOptions = {},
): Strategy {
  const fn = evaluatorOf(evaluator);
  const searcher = ownSearcher();
  return (state, context) => {
    const s = searcher();
    setup(s, state, fn, options, "squares");
    return runSearch(s, state, context, (pl, ph, ol, oh) =>
      s.alphaBeta(pl, ph, ol, oh, LOSING_VALUE, WINNING_VALUE, depth, 0),
    );
  };
}

/** `alpha-beta-searcher2`: children sorted by `eval` (PAIP's sorted ordering); leaves reuse those values. */
export function alphaBetaSearcher2(
  depth: number,
  evaluator: EvaluatorName | BitsEvaluator,
  options: SearcherOptions = {},
): Strategy {
  const fn = evaluatorOf(evaluator);
  const searcher = ownSearcher();
  return (state, context) => {
    const s = searcher();
    setup(s, state, fn, options, "squares");
    return runSearch(s, state, context, (pl, ph, ol, oh) =>
      s.alphaBeta2(
        pl,
        ph,
        ol,
        oh,
        fn(pl, ph, ol, oh, s.rootMoveNumber),
        LOSING_VALUE,
        WINNING_VALUE,
        depth,
        0,
      ),
    );
  };
}

/** `alpha-beta-searcher3`: killer moves over PAIP's static ordering. */
export function alphaBetaSearcher3(
  depth: number,
  evaluator: EvaluatorName | BitsEvaluator,
  options: SearcherOptions = {},
): Strategy {
  const fn = evaluatorOf(evaluator);
  const searcher = ownSearcher();
  return (state, context) => {
    const s = searcher();
    setup(s, state, fn, options, "static");
    return runSearch(s, state, context, (pl, ph, ol, oh) =>
      s.alphaBeta3(pl, ph, ol, oh, LOSING_VALUE, WINNING_VALUE, depth, -1, 0),
    );
  };
}

/** PAIP's `Iago`: alpha-beta-searcher3 with Iago's evaluation. */
export function iago(depth: number, options: SearcherOptions = {}): Strategy {
  return alphaBetaSearcher3(depth, "iago-eval", options);
}

// ---------------------------------------------------------------- timed search (used by player.ts)

export interface TimedSearchResult {
  /** -1 when the search was aborted before finishing. */
  readonly move: number;
  readonly value: number;
  readonly nodes: number;
}

/** The searcher a sequence of `iagoIteration` calls shares (one per move of the clock-managed player). */
export type IagoSearcher = Searcher;

/** A fresh searcher for `iagoIteration`. */
export function createIagoSearcher(): IagoSearcher {
  return new Searcher();
}

/**
 * One alpha-beta3 iteration of Iago at `depth` with margin final values,
 * `firstMove` tried first at the root, abandoned once `now()` passes
 * `stopAt` (then `move` is -1).
 */
export function iagoIteration(
  searcher: IagoSearcher,
  state: OthelloState,
  depth: number,
  firstMove: number,
  now: (() => number) | undefined,
  stopAt: number,
): TimedSearchResult {
  searcher.setup(EVALUATORS["iago-eval"], moveNumberOf(state), "margin", "static");
  searcher.clock = now;
  searcher.deadline = stopAt;
  searcher.nextCheck = 1024;
  const [pl, ph, ol, oh] = sides(state);
  // PAIP's killer mechanism already puts a given move first; the root killer is the previous best.
  const value = searcher.alphaBeta3(pl, ph, ol, oh, LOSING_VALUE, WINNING_VALUE, depth, firstMove, 0);
  const move = searcher.aborted ? -1 : searcher.lastMove;
  searcher.clock = undefined;
  return { move, value, nodes: searcher.nodes };
}
