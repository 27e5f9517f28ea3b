import type { ChanceOutcome, Seat } from "../core/game.js";
import { soleOutcome } from "./chance.js";
import { Counters } from "./counters.js";
import { staticValue } from "./minimax.js";
import { withTieBreakNoise } from "./noise.js";
import { nextUp } from "./numeric.js";
import { PvTable } from "./pv.js";
import { MAX_PLY, Scorer, plainZero } from "./scoring.js";
import { BOUND, TranspositionTable } from "./transposition.js";
import type { Evaluator, MoveKey, MoveOrderer, ScoringOptions, SearchGame, SearchStats } from "./types.js";

/** Why `search` stopped deepening. */
export const STOP_REASONS = [
  /** `maxDepth` was completed. */
  "depth",
  /** The value can no longer change with depth: a forced win or loss, or no leaf reached the horizon. */
  "solved",
  /** The time budget ran out. */
  "time",
  /** `maxNodes` was reached. */
  "nodes",
  /** The game was already over: nothing was searched. */
  "game-over",
] as const;

export type StopReason = (typeof STOP_REASONS)[number];

export interface SearchOptions<S, M> extends ScoringOptions<S> {
  /** Heuristic value of non-terminal leaves (see `Evaluator`). */
  readonly evaluate: Evaluator<S>;
  /** Deepest iteration, in plies; default 64, at most `MAX_PLY - 1`. */
  readonly maxDepth?: number;
  /** Stop once this many nodes were visited. */
  readonly maxNodes?: number;
  /**
   * Time budget in the unit of `now` (milliseconds, say), counted from the
   * call. Checked inside the search every `checkInterval` nodes and between
   * iterations; requires `now`.
   */
  readonly timeLimit?: number;
  /** The clock, injected so that the engine stays pure and tests can use a fake one. */
  readonly now?: () => number;
  /** Nodes between two readings of `now`; default 1024. */
  readonly checkInterval?: number;
  /**
   * A table to use (and keep) across searches; by default each search gets
   * a fresh one of `tableSize` entries. See `TranspositionTable` for when
   * keeping one is sound.
   */
  readonly table?: TranspositionTable;
  /** Entries of the table made when `table` is not given; 0 searches without one. */
  readonly tableSize?: number;
  /**
   * Half-width of the aspiration window around the previous iteration's
   * value, in evaluator units; it grows fourfold on each failure. About a
   * quarter of a typical evaluation swing works well. Default 25; 0 always
   * searches the root with an infinite window.
   */
  readonly aspirationWindow?: number;
  /** Static ordering applied to each node's moves before the dynamic ordering. */
  readonly order?: MoveOrderer<S, M>;
  /** Names moves across positions for killers and history (see `MoveKey`). */
  readonly moveKey?: MoveKey<M>;
  /** Two killer moves per ply, tried after the table's move; default true. */
  readonly killers?: boolean;
  /** The history heuristic orders the remaining moves; default true. */
  readonly history?: boolean;
  /**
   * Adds up to this much noise to every heuristic evaluation, so that equal
   * moves are chosen differently game to game; larger values give a weaker,
   * more varied player (a cheap way to make levels). See `withTieBreakNoise`.
   */
  readonly tieBreakNoise?: number;
  /** Source of the noise's per-search salt; without it the noise is the same every game. */
  readonly random?: () => number;
}

export interface SearchResult<M> {
  /** The move to play; null only when the game is over. */
  readonly move: M | null;
  /** Its value for the root seat at `depth`. */
  readonly value: number;
  /** The deepest completed iteration (0 if not even depth 1 finished). */
  readonly depth: number;
  readonly nodes: number;
  /**
   * Principal variation of the completed iteration. It stops after a chance
   * move, and where a table entry settled a node without searching it.
   */
  readonly pv: readonly M[];
  /** A budget (time or `maxNodes`) ended the search before `maxDepth`. */
  readonly timedOut: boolean;
  readonly stopReason: StopReason;
  readonly stats: SearchStats;
}

const DEFAULT_MAX_DEPTH = 64;
const DEFAULT_CHECK_INTERVAL = 1024;
const DEFAULT_ASPIRATION = 25;
const HISTORY_SIZE = 4096;
const HISTORY_MASK = HISTORY_SIZE - 1;
// Above any history score (depth² per cutoff, halved every iteration).
const TABLE_MOVE_SCORE = 4e15;
const KILLER_SCORE = 3e15;
const SECOND_KILLER_SCORE = 2e15;

interface Completed<M> {
  /** Index of the best move in the root's move list. */
  readonly index: number;
  readonly value: number;
  readonly depth: number;
  readonly pv: readonly M[];
}

/**
 * One `search` call. Negamax over two sides, the root seat's (+1) and
 * everybody else's (-1): a node's side comes from `toMove`, and a child's
 * value is negated only when the side changes, so consecutive moves by one
 * seat, passes and paranoid multi-player search all work alike.
 */
class Engine<S, M> {
  readonly stats = new Counters();
  readonly pv: PvTable<M>;
  stopReason: StopReason = "depth";
  stopped = false;
  /**
   * Index (in the root's move list) of the current iteration's best root move
   * whose search finished, or -1: the last root move that raised alpha.
   */
  iterationIndex = -1;
  iterationValue = 0;
  /** Index of the last iteration's best root move: searched first by the next one. */
  rootPvIndex = -1;
  /** Leaves cut off by the depth limit so far; an iteration adding none is exact. */
  horizon = 0;
  /** Lower bound of a root move whose zero-window search failed high, until its re-search ends. */
  private rootLowerBound = NaN;

  private readonly evaluate: Evaluator<S>;
  private readonly scorer: Scorer<S>;
  private readonly table: TranspositionTable | null;
  private readonly order: MoveOrderer<S, M> | undefined;
  private readonly moveKey: MoveKey<M> | undefined;
  private readonly killers: Int32Array | null;
  private readonly history: Float64Array | null;
  private readonly indexBuffers: Int32Array[] = [];
  private readonly scoreBuffers: Float64Array[] = [];
  private readonly hasChance: boolean;
  private readonly maxNodes: number;
  private readonly now: () => number;
  private readonly deadline: number;
  private readonly checkInterval: number;
  private countdown: number;

  constructor(
    private readonly game: SearchGame<S, M>,
    private readonly root: Seat,
    options: SearchOptions<S, M>,
    maxDepth: number,
  ) {
    this.evaluate = withTieBreakNoise(game, options.evaluate, options.tieBreakNoise ?? 0, options.random);
    this.scorer = new Scorer(options, root);
    this.table =
      options.table ?? (options.tableSize === 0 ? null : new TranspositionTable(options.tableSize));
    this.table?.newSearch();
    this.order = options.order;
    this.moveKey = options.moveKey;
    this.killers = options.killers === false ? null : new Int32Array(2 * (maxDepth + 1)).fill(-1);
    this.history = options.history === false ? null : new Float64Array(2 * HISTORY_SIZE);
    this.pv = new PvTable(maxDepth + 1);
    this.hasChance = game.chanceOutcomes !== undefined;
    this.maxNodes = options.maxNodes ?? Infinity;
    const now = options.now;
    if (options.timeLimit === undefined || now === undefined) {
      this.now = () => 0;
      this.deadline = Infinity;
      this.checkInterval = Infinity;
    } else {
      this.now = now;
      this.deadline = now() + options.timeLimit;
      this.checkInterval = options.checkInterval ?? DEFAULT_CHECK_INTERVAL;
    }
    this.countdown = this.checkInterval;
  }

  movesOf(state: S): readonly M[] {
    const legal = this.game.legalMoves(state);
    return this.order === undefined ? legal : this.order(state, legal);
  }

  outOfTime(): boolean {
    return this.now() >= this.deadline;
  }

  startIteration(): void {
    this.iterationIndex = -1;
    const history = this.history;
    // Halving keeps recent cutoffs ahead of old ones and the scores bounded.
    if (history !== null) for (let i = 0; i < history.length; i++) history[i] = (history[i] ?? 0) * 0.5;
  }

  /** Value of `state` for side `sign`, which is the side of the caller. */
  visit(state: S, depth: number, alpha: number, beta: number, ply: number, sign: number): number {
    if (this.stopped) return 0;
    if (this.stats.nodes >= this.maxNodes) return this.halt("nodes");
    if (--this.countdown <= 0) {
      this.countdown = this.checkInterval;
      if (this.outOfTime()) return this.halt("time");
    }
    this.stats.nodes++;
    this.pv.clear(ply);
    const outcome = this.game.outcome(state);
    if (outcome.kind === "finished") {
      this.stats.terminals++;
      return sign * this.scorer.terminal(state, outcome, ply);
    }
    const mover = this.game.toMove(state)[0];
    if (depth <= 0 || mover === undefined) return sign * this.leaf(state);
    const moverSign = mover === this.root ? 1 : -1;
    return moverSign === sign
      ? this.expand(state, depth, alpha, beta, ply, sign)
      : -this.expand(state, depth, -beta, -alpha, ply, moverSign);
  }

  private halt(reason: StopReason): number {
    this.stopped = true;
    this.stopReason = reason;
    return 0;
  }

  private leaf(state: S): number {
    this.stats.evaluations++;
    this.horizon++;
    return this.evaluate(state, this.root);
  }

  /** Searches the moves of a node whose side to move is `sign`. */
  private expand(state: S, depth: number, alpha: number, beta: number, ply: number, sign: number): number {
    const table = this.table;
    const alphaStart = alpha;
    const horizonStart = this.horizon;
    let hash = 0;
    let tableMove = -1;
    if (table !== null) {
      hash = this.game.hash(state);
      const slot = table.probe(hash);
      if (slot >= 0) {
        this.stats.ttHits++;
        tableMove = table.moveAt(slot);
        const solved = table.solvedAt(slot);
        // Never at the root: it must come back with a move.
        if (ply > 0 && (solved || table.depthAt(slot) >= depth)) {
          const value = this.fromTable(table.valueAt(slot), ply);
          const bound = table.boundAt(slot);
          if (bound === BOUND.exact || (bound === BOUND.lower ? value >= beta : value <= alpha)) {
            this.stats.ttCutoffs++;
            if (!solved) this.horizon++;
            return value;
          }
        }
      }
    }
    if (ply === 0 && this.rootPvIndex >= 0) tableMove = this.rootPvIndex;

    const moves = this.movesOf(state);
    const n = moves.length;
    if (n === 0) return sign * this.leaf(state);
    const order = this.indexBuffer(ply, n);
    const scores = this.scoreBuffer(ply, n);
    this.scoreMoves(moves, tableMove, ply, sign, order, scores);

    let best = -Infinity;
    let bestIndex = -1;
    for (let j = 0; j < n; j++) {
      // Selection sort, one step per move: a cutoff usually comes before the list is sorted.
      let pick = j;
      let pickScore = scores[j] ?? 0;
      for (let t = j + 1; t < n; t++) {
        const score = scores[t] ?? 0;
        if (score > pickScore) {
          pick = t;
          pickScore = score;
        }
      }
      const i = order[pick] ?? 0;
      if (pick !== j) {
        order[pick] = order[j] ?? 0;
        scores[pick] = scores[j] ?? 0;
        order[j] = i;
        scores[j] = pickScore;
      }
      const move = moves[i] as M;
      if (ply === 0) this.rootLowerBound = NaN;
      const value = this.child(state, move, depth, alpha, beta, ply, sign, j > 0);
      if (this.stopped) {
        if (ply === 0 && !Number.isNaN(this.rootLowerBound)) this.noteRootMove(i, this.rootLowerBound);
        return 0;
      }
      if (value > best) {
        best = value;
        if (value > alpha) {
          alpha = value;
          bestIndex = i;
          this.pv.update(ply, move);
          if (ply === 0) this.noteRootMove(i, value);
        }
        if (value >= beta) {
          this.stats.betaCutoffs++;
          this.rememberCutoff(move, i, depth, ply, sign);
          break;
        }
      }
    }
    if (table !== null) {
      const bound = best <= alphaStart ? BOUND.upper : best >= beta ? BOUND.lower : BOUND.exact;
      const solved = this.horizon === horizonStart;
      table.store(hash, depth, bound, this.toTable(best, ply), bestIndex, solved);
    }
    return best;
  }

  /**
   * Value of `move` for side `sign`. With `zeroWindow` (principal-variation
   * search: every move after the first) it first only tests whether the move
   * beats alpha, and searches it again with the real window if it does.
   */
  private child(
    state: S,
    move: M,
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
    sign: number,
    zeroWindow: boolean,
  ): number {
    const outcomes = this.hasChance ? this.game.chanceOutcomes?.(state, move) : undefined;
    let next: S;
    if (outcomes === undefined || outcomes.length === 0) {
      next = this.game.apply(state, move);
    } else {
      const sole = soleOutcome(outcomes);
      if (sole === undefined) return this.average(outcomes, depth, ply, sign);
      next = sole.state;
    }
    if (!zeroWindow) return this.visit(next, depth - 1, alpha, beta, ply + 1, sign);
    const value = this.visit(next, depth - 1, alpha, nextUp(alpha), ply + 1, sign);
    if (value <= alpha || value >= beta || this.stopped) return value;
    if (ply === 0) this.rootLowerBound = value;
    this.stats.researches++;
    return this.visit(next, depth - 1, alpha, beta, ply + 1, sign);
  }

  /**
   * Expected value of a move with several outcomes. Each outcome is searched
   * with the full window, so the average is exact and needs no re-search;
   * pruning across chance nodes (Star1/Star2) is left out for simplicity.
   */
  private average(outcomes: readonly ChanceOutcome<S>[], depth: number, ply: number, sign: number): number {
    let sum = 0;
    for (let i = 0; i < outcomes.length; i++) {
      const outcome = outcomes[i];
      if (outcome === undefined || !(outcome.probability > 0)) continue;
      sum += outcome.probability * this.visit(outcome.state, depth - 1, -Infinity, Infinity, ply + 1, sign);
      if (this.stopped) return 0;
    }
    this.pv.clear(ply + 1);
    return sum;
  }

  private noteRootMove(index: number, value: number): void {
    this.iterationIndex = index;
    this.iterationValue = value;
  }

  private keyOf(move: M, index: number): number {
    if (this.moveKey !== undefined) return this.moveKey(move);
    return typeof move === "number" && (move | 0) === move && move >= 0 ? move : index;
  }

  /** Table move first, then the killers, then the rest by history score. */
  private scoreMoves(
    moves: readonly M[],
    tableMove: number,
    ply: number,
    sign: number,
    order: Int32Array,
    scores: Float64Array,
  ): void {
    const killers = this.killers;
    const history = this.history;
    const killer = killers === null ? -1 : (killers[2 * ply] ?? -1);
    const secondKiller = killers === null ? -1 : (killers[2 * ply + 1] ?? -1);
    const base = sign > 0 ? 0 : HISTORY_SIZE;
    for (let i = 0; i < moves.length; i++) {
      order[i] = i;
      if (i === tableMove) {
        scores[i] = TABLE_MOVE_SCORE;
        continue;
      }
      const key = this.keyOf(moves[i] as M, i);
      scores[i] =
        key === killer
          ? KILLER_SCORE
          : key === secondKiller
            ? SECOND_KILLER_SCORE
            : history === null
              ? 0
              : (history[base + (key & HISTORY_MASK)] ?? 0);
    }
  }

  private rememberCutoff(move: M, index: number, depth: number, ply: number, sign: number): void {
    const key = this.keyOf(move, index);
    const killers = this.killers;
    if (killers !== null && killers[2 * ply] !== key) {
      killers[2 * ply + 1] = killers[2 * ply] ?? -1;
      killers[2 * ply] = key;
    }
    const history = this.history;
    if (history !== null) {
      const slot = (sign > 0 ? 0 : HISTORY_SIZE) + (key & HISTORY_MASK);
      history[slot] = (history[slot] ?? 0) + depth * depth;
    }
  }

  private indexBuffer(ply: number, n: number): Int32Array {
    let buffer = this.indexBuffers[ply];
    if (buffer === undefined || buffer.length < n) {
      buffer = new Int32Array(Math.max(n, 2 * (buffer?.length ?? 16)));
      this.indexBuffers[ply] = buffer;
    }
    return buffer;
  }

  private scoreBuffer(ply: number, n: number): Float64Array {
    let buffer = this.scoreBuffers[ply];
    if (buffer === undefined || buffer.length < n) {
      buffer = new Float64Array(Math.max(n, 2 * (buffer?.length ?? 16)));
      this.scoreBuffers[ply] = buffer;
    }
    return buffer;
  }

  /** Wins are stored as distance from the node, so a transposition at another ply reads them right. */
  private toTable(value: number, ply: number): number {
    if (!this.scorer.isProven(value)) return value;
    return value > 0 ? value + ply : value - ply;
  }

  private fromTable(value: number, ply: number): number {
    if (!this.scorer.isProven(value)) return value;
    return value > 0 ? value - ply : value + ply;
  }

  /** One iteration at `depth`, re-searched with wider windows until its value falls inside. */
  aspirate(state: S, depth: number, previous: number | undefined, width: number): number {
    let alpha = -Infinity;
    let beta = Infinity;
    let delta = width;
    if (previous !== undefined && delta > 0 && !this.scorer.isProven(previous)) {
      alpha = previous - delta;
      beta = previous + delta;
    }
    for (;;) {
      const value = this.visit(state, depth, alpha, beta, 0, 1);
      if (this.stopped || (value > alpha && value < beta)) return value;
      this.stats.aspirationFailures++;
      delta *= 4;
      const open = delta >= this.scorer.winScore;
      if (value <= alpha) alpha = open ? -Infinity : value - delta;
      else beta = open ? Infinity : value + delta;
    }
  }

  /**
   * Whether a deeper iteration cannot change `value`: a forced win or loss in a game without chance. With
   * chance moves a value in the proven band may be an average of wins at different distances, and a root
   * move whose outcomes still reach the horizon may turn out to win sooner on average one ply deeper.
   */
  isSettled(value: number): boolean {
    return !this.hasChance && this.scorer.isProven(value);
  }
}

function checkOptions<S, M>(options: SearchOptions<S, M>): number {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (!Number.isInteger(maxDepth) || maxDepth < 1 || maxDepth >= MAX_PLY) {
    throw new RangeError(`maxDepth must be an integer from 1 to ${MAX_PLY - 1}`);
  }
  if (options.timeLimit !== undefined && options.now === undefined) {
    throw new TypeError("timeLimit needs a clock: pass now");
  }
  const interval = options.checkInterval;
  if (interval !== undefined && (!Number.isInteger(interval) || interval < 1)) {
    throw new RangeError("checkInterval must be a positive integer");
  }
  const aspiration = options.aspirationWindow;
  if (aspiration !== undefined && !(aspiration >= 0 && Number.isFinite(aspiration))) {
    throw new RangeError("aspirationWindow must be finite and >= 0");
  }
  return maxDepth;
}

/**
 * The full engine: iterative deepening negamax with principal-variation
 * (zero-window) search, aspiration windows, a transposition table, two
 * killer moves per ply and the history heuristic (table move first, then
 * killers, then history), under a time and/or node budget.
 *
 * Like `alphaBeta`, it plays the root seat against everybody else (minimax
 * for two seats, paranoid for more), reads each node's side from `toMove`
 * and averages moves with several chance outcomes (each searched with a
 * full window). At a fixed depth its value equals `alphaBeta`'s unless a
 * position recurs at different remaining depths (the table then reuses the
 * deeper result, as usual).
 *
 * Deepening stops at `maxDepth`, when the value is settled (a forced win or
 * loss in a game without chance moves, or an iteration in which every leaf
 * was a finished game), or when a
 * budget runs out. The time budget is read from the injected `now` every
 * `checkInterval` nodes and between iterations. When it runs out in the
 * middle of an iteration, the result is the last completed iteration's,
 * except that if the unfinished iteration already finished searching a root
 * move that became its best (its first move is the previous best, so this
 * happens as soon as that move is re-searched without failing low), that
 * move is played instead, with its newer value and a one-move pv; `depth`
 * still names the last completed iteration. If not even depth 1 finished,
 * the move is the best fully searched one, or the first in move order.
 */
export function search<S, M>(
  game: SearchGame<S, M>,
  state: S,
  options: SearchOptions<S, M>,
): SearchResult<M> {
  const maxDepth = checkOptions(options);
  const root = game.toMove(state)[0];
  if (root === undefined || game.outcome(state).kind === "finished" || game.legalMoves(state).length === 0) {
    return {
      move: null,
      value: staticValue(game, state, options.evaluate, options),
      depth: 0,
      nodes: 1,
      pv: [],
      timedOut: false,
      stopReason: "game-over",
      stats: { ...new Counters().snapshot(), nodes: 1 },
    };
  }
  const engine = new Engine(game, root, options, maxDepth);
  const rootMoves = engine.movesOf(state);
  const width = options.aspirationWindow ?? DEFAULT_ASPIRATION;
  let completed: Completed<M> | null = null;
  for (let depth = 1; depth <= maxDepth; depth++) {
    engine.startIteration();
    const horizonStart = engine.horizon;
    const value = engine.aspirate(state, depth, completed?.value, width);
    if (engine.stopped) break;
    // The final window holds the value, so some root move raised alpha: the best one last.
    const index = Math.max(engine.iterationIndex, 0);
    completed = { index, value, depth, pv: engine.pv.line(0) };
    engine.rootPvIndex = index;
    if (engine.horizon === horizonStart || engine.isSettled(value)) {
      engine.stopReason = "solved";
      break;
    }
    if (depth < maxDepth && engine.outOfTime()) {
      engine.stopReason = "time";
      break;
    }
  }
  const reason = engine.stopReason;
  const result = (index: number, value: number, depth: number, pv: readonly M[] | null): SearchResult<M> => {
    const move = rootMoves[index] as M;
    return {
      move,
      value: plainZero(value),
      depth,
      nodes: engine.stats.nodes,
      pv: pv ?? [move],
      timedOut: reason === "time" || reason === "nodes",
      stopReason: reason,
      stats: engine.stats.snapshot(),
    };
  };
  const partial = engine.iterationIndex;
  if (completed === null) {
    if (partial < 0) return result(0, options.evaluate(state, root), 0, null);
    return result(partial, engine.iterationValue, 0, null);
  }
  if (engine.stopped && partial >= 0 && partial !== completed.index) {
    return result(partial, engine.iterationValue, completed.depth, null);
  }
  return result(completed.index, completed.value, completed.depth, completed.pv);
}
