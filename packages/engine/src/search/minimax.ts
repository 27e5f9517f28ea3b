import type { Seat } from "../core/game.js";
import { soleOutcome } from "./chance.js";
import { Counters } from "./counters.js";
import { PvTable } from "./pv.js";
import { MAX_PLY, Scorer, plainZero } from "./scoring.js";
import type { DepthSearchResult, Evaluator, ScoringOptions, SearchGame } from "./types.js";

/** Checks a fixed search depth and returns the root seat, or null when the game is over. */
export function rootSeatOf<S>(
  game: Pick<SearchGame<S, unknown>, "toMove">,
  state: S,
  depth: number,
): Seat | null {
  if (!Number.isInteger(depth) || depth < 0 || depth >= MAX_PLY) {
    throw new RangeError(`depth must be an integer from 0 to ${MAX_PLY - 1}`);
  }
  return game.toMove(state)[0] ?? null;
}

/**
 * Value of a root position nobody can move in. There is no root seat then,
 * so it is seat 0's value: its terminal score, or its evaluation.
 */
export function staticValue<S, M>(
  game: SearchGame<S, M>,
  state: S,
  evaluate: Evaluator<S>,
  options: ScoringOptions<S>,
): number {
  const outcome = game.outcome(state);
  return outcome.kind === "finished"
    ? new Scorer(options, 0).terminal(state, outcome, 0)
    : evaluate(state, 0);
}

/**
 * Full-width max/min without pruning: the reference the pruning searches are
 * tested against. Values are the root seat's; a node maximizes when its seat
 * to move is the root seat and minimizes otherwise, so a seat moving twice in
 * a row needs no special case and more than two seats give paranoid minimax.
 */
class PlainSearch<S, M> {
  readonly stats = new Counters();
  readonly pv: PvTable<M>;
  private readonly scorer: Scorer<S>;

  constructor(
    private readonly game: SearchGame<S, M>,
    private readonly evaluate: Evaluator<S>,
    private readonly root: Seat,
    private readonly chance: boolean,
    options: ScoringOptions<S>,
    depth: number,
  ) {
    this.scorer = new Scorer(options, root);
    this.pv = new PvTable(depth + 1);
  }

  visit(state: S, depth: number, ply: number): number {
    this.stats.nodes++;
    this.pv.clear(ply);
    const outcome = this.game.outcome(state);
    if (outcome.kind === "finished") {
      this.stats.terminals++;
      return this.scorer.terminal(state, outcome, ply);
    }
    const mover = this.game.toMove(state)[0];
    const moves = this.game.legalMoves(state);
    if (depth <= 0 || mover === undefined || moves.length === 0) {
      this.stats.evaluations++;
      return this.evaluate(state, this.root);
    }
    const maximizing = mover === this.root;
    let best = maximizing ? -Infinity : Infinity;
    for (let i = 0; i < moves.length; i++) {
      const move = moves[i] as M;
      const value = this.child(state, move, depth, ply);
      if (maximizing ? value > best : value < best) {
        best = value;
        this.pv.update(ply, move);
      }
    }
    return best;
  }

  private child(state: S, move: M, depth: number, ply: number): number {
    const outcomes = this.chance ? this.game.chanceOutcomes?.(state, move) : undefined;
    if (outcomes === undefined || outcomes.length === 0) {
      return this.visit(this.game.apply(state, move), depth - 1, ply + 1);
    }
    const sole = soleOutcome(outcomes);
    if (sole !== undefined) return this.visit(sole.state, depth - 1, ply + 1);
    let sum = 0;
    for (let i = 0; i < outcomes.length; i++) {
      const outcome = outcomes[i];
      if (outcome === undefined || !(outcome.probability > 0)) continue;
      sum += outcome.probability * this.visit(outcome.state, depth - 1, ply + 1);
    }
    this.pv.clear(ply + 1);
    return sum;
  }
}

function runPlain<S, M>(
  game: SearchGame<S, M>,
  state: S,
  depth: number,
  evaluate: Evaluator<S>,
  options: ScoringOptions<S>,
  chance: boolean,
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
  const search = new PlainSearch(game, evaluate, root, chance, options, depth);
  const value = search.visit(state, depth, 0);
  const pv = search.pv.line(0);
  return { value: plainZero(value), move: pv[0] ?? null, pv, stats: search.stats.snapshot() };
}

/**
 * Plain minimax to a fixed depth (PAIP's `minimax`): the value of `state` for
 * the seat to move, its first best move and the principal variation.
 *
 * Every move from `legalMoves` is one ply, forced moves such as Othello's
 * pass included, so a pass costs depth exactly as in PAIP. A finished state
 * is scored from `outcome()` even at the horizon; other states at depth 0 are
 * evaluated with `evaluate(state, rootSeat)`. Whether a node maximizes is
 * decided by `toMove(state)[0] === rootSeat` at that node, never by
 * alternation, so a seat may move several times in a row.
 *
 * Moves are played with `apply`; for games with chance use `expectimax`.
 * No pruning: it exists as the plain reference, and visits every node.
 */
export function minimax<S, M>(
  game: SearchGame<S, M>,
  state: S,
  depth: number,
  evaluate: Evaluator<S>,
  options: ScoringOptions<S> = {},
): DepthSearchResult<M> {
  return runPlain(game, state, depth, evaluate, options, false);
}

/**
 * Depth-limited expectimax (the book's Dice of Doom v4 `get-ratings`): like
 * `minimax`, but when the game has `chanceOutcomes`, a move is worth the
 * probability-weighted value of its outcomes, at every depth. Seats other
 * than the root seat minimize the root seat's value (paranoid for more than
 * two seats). Outcomes of probability 0 are skipped, and a move with a single
 * outcome of positive probability is an ordinary move; the outcomes of a move
 * are one ply below it. No pruning (see `search` for a pruning search over chance moves).
 */
export function expectimax<S, M>(
  game: SearchGame<S, M>,
  state: S,
  depth: number,
  evaluate: Evaluator<S>,
  options: ScoringOptions<S> = {},
): DepthSearchResult<M> {
  return runPlain(game, state, depth, evaluate, options, true);
}
