import type { Seat } from "../core/game.js";
import { soleOutcome } from "./chance.js";
import { Counters } from "./counters.js";
import { rootSeatOf, staticValue } from "./minimax.js";
import { PvTable } from "./pv.js";
import { Scorer, plainZero } from "./scoring.js";
import type { DepthSearchResult, Evaluator, MoveOrderer, ScoringOptions, SearchGame } from "./types.js";

export interface AlphaBetaOptions<S, M> extends ScoringOptions<S> {
  /** Reorders each node's moves before the search (PAIP's static or sorted ordering). */
  readonly order?: MoveOrderer<S, M>;
  /**
   * The killer heuristic: at each ply, first try the move that last caused a
   * cutoff at that ply, if it is legal there. Moves are compared with `===`,
   * so this helps games whose moves are numbers (all built-in games).
   */
  readonly killers?: boolean;
  /** Lower end of the root window (PAIP's `achievable`); default -Infinity. */
  readonly alpha?: number;
  /** Upper end of the root window (PAIP's `cutoff`); default +Infinity. */
  readonly beta?: number;
}

/**
 * Fail-soft negamax over two sides, the root seat's and everybody else's.
 * `sign` is +1 for the root side and -1 for the other; `visit` returns a
 * value from the side `sign` of its caller and only negates (and flips the
 * window) when the seat to move belongs to the other side, so a seat that
 * moves twice in a row keeps its sign.
 */
class AlphaBetaSearch<S, M> {
  readonly stats = new Counters();
  readonly pv: PvTable<M>;
  rootMove: M | null = null;
  private readonly scorer: Scorer<S>;
  private readonly order: MoveOrderer<S, M> | undefined;
  private readonly killerMoves: (M | undefined)[] | null;
  private readonly chance: boolean;

  constructor(
    private readonly game: SearchGame<S, M>,
    private readonly evaluate: Evaluator<S>,
    private readonly root: Seat,
    options: AlphaBetaOptions<S, M>,
    depth: number,
  ) {
    this.scorer = new Scorer(options, root);
    this.pv = new PvTable(depth + 1);
    this.order = options.order;
    this.killerMoves = options.killers === true ? new Array<M | undefined>(depth + 1).fill(undefined) : null;
    this.chance = game.chanceOutcomes !== undefined;
  }

  visit(state: S, depth: number, alpha: number, beta: number, ply: number, sign: number): number {
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

  private leaf(state: S): number {
    this.stats.evaluations++;
    return this.evaluate(state, this.root);
  }

  private expand(state: S, depth: number, alpha: number, beta: number, ply: number, sign: number): number {
    const legal = this.game.legalMoves(state);
    const moves = this.order === undefined ? legal : this.order(state, legal);
    const n = moves.length;
    if (n === 0) return sign * this.leaf(state);
    const killers = this.killerMoves;
    const killer = killers === null ? undefined : killers[ply];
    const killerIndex = killer === undefined ? -1 : moves.indexOf(killer);
    let best = -Infinity;
    for (let t = 0; t < n; t++) {
      // The killer goes first; the others keep their order around it.
      const i = killerIndex < 0 ? t : t === 0 ? killerIndex : t <= killerIndex ? t - 1 : t;
      const move = moves[i] as M;
      const value = this.child(state, move, depth, alpha, beta, ply, sign);
      if (value > best) {
        best = value;
        if (ply === 0) this.rootMove = move;
        if (value > alpha) {
          alpha = value;
          this.pv.update(ply, move);
        }
        if (value >= beta) {
          this.stats.betaCutoffs++;
          if (killers !== null) killers[ply] = move;
          break;
        }
      }
    }
    return best;
  }

  private child(
    state: S,
    move: M,
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
    sign: number,
  ): number {
    const outcomes = this.chance ? this.game.chanceOutcomes?.(state, move) : undefined;
    if (outcomes === undefined || outcomes.length === 0) {
      return this.visit(this.game.apply(state, move), depth - 1, alpha, beta, ply + 1, sign);
    }
    const sole = soleOutcome(outcomes);
    if (sole !== undefined) return this.visit(sole.state, depth - 1, alpha, beta, ply + 1, sign);
    // Each outcome gets the full window, so the average is exact and the
    // bounds above stay sound; pruning inside a chance node (Star1) is not done.
    let sum = 0;
    for (let i = 0; i < outcomes.length; i++) {
      const outcome = outcomes[i];
      if (outcome === undefined || !(outcome.probability > 0)) continue;
      sum += outcome.probability * this.visit(outcome.state, depth - 1, -Infinity, Infinity, ply + 1, sign);
    }
    this.pv.clear(ply + 1);
    return sum;
  }
}

/**
 * Fail-soft alpha-beta negamax to a fixed depth (PAIP's `alpha-beta`), with
 * the same value and the same first best move as `minimax`/`expectimax` at
 * the same depth, in far fewer nodes.
 *
 * The value is Bratko's "good enough" value for the root window
 * `(alpha, beta)`: at most `alpha` when the true value is, at least `beta`
 * when the true value is, and exact in between. With the default infinite
 * window it is exact.
 *
 * Sides are the root seat against every other seat, decided at each node by
 * `toMove(state)[0] === rootSeat`: minimax for two seats (consecutive moves
 * by one seat included) and the paranoid reduction for more (see
 * `paranoidSearch`). Moves with several chance outcomes are averaged as in
 * `expectimax`, each outcome searched with a full window (no pruning across
 * a chance node).
 */
export function alphaBeta<S, M>(
  game: SearchGame<S, M>,
  state: S,
  depth: number,
  evaluate: Evaluator<S>,
  options: AlphaBetaOptions<S, M> = {},
): DepthSearchResult<M> {
  const root = rootSeatOf(game, state, depth);
  if (root === null) {
    const stats = new Counters();
    stats.nodes = 1;
    return {
      value: staticValue(game, state, evaluate, options),
      move: null,
      pv: [],
      stats: stats.snapshot(),
    };
  }
  const search = new AlphaBetaSearch(game, evaluate, root, options, depth);
  const value = search.visit(state, depth, options.alpha ?? -Infinity, options.beta ?? Infinity, 0, 1);
  return {
    value: plainZero(value),
    move: search.rootMove,
    pv: search.pv.line(0),
    stats: search.stats.snapshot(),
  };
}

/**
 * Paranoid alpha-beta for any number of seats (the book's Dice of Doom v2
 * AI): the root seat maximizes its own value and every other seat is assumed
 * to minimize it, as if all of them played against the root seat. That makes
 * the game two-sided, so alpha-beta applies unchanged; this is `alphaBeta`
 * under the name multi-player callers look for.
 *
 * Seats are not assumed to alternate: in Dice of Doom a seat attacks several
 * times before passing, and each node's side is read from `toMove`.
 */
export function paranoidSearch<S, M>(
  game: SearchGame<S, M>,
  state: S,
  depth: number,
  evaluate: Evaluator<S>,
  options: AlphaBetaOptions<S, M> = {},
): DepthSearchResult<M> {
  return alphaBeta(game, state, depth, evaluate, options);
}
