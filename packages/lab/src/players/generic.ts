import type { Seat } from "@arena/engine/core/game";
import { alphaBeta } from "@arena/engine/search/alpha-beta";
import { search } from "@arena/engine/search/engine";
import { minimax } from "@arena/engine/search/minimax";
import type { Evaluator, MoveOrderer, SearchGame, TerminalValue } from "@arena/engine/search/types";
import type { Analysis, Player, PlayerContext } from "./types.js";

/** PAIP's `random-strategy`: a uniformly random legal move, from the context's seeded generator. */
export function randomPlayer<S, M>(
  game: Pick<SearchGame<S, M>, "legalMoves">,
  name = "random",
): Player<S, M> {
  return {
    name,
    choose(state, ctx) {
      const moves = game.legalMoves(state);
      ctx.nodes.count += 1;
      return pick(moves, ctx.random.int(moves.length));
    },
  };
}

/**
 * PAIP's `maximizer`: plays the move whose resulting position the evaluator
 * likes best for the mover, looking one ply ahead and no further; the first
 * of equal moves wins, as in the book. A move with chance is worth its
 * results' values weighted by their odds (nothing tells which result comes).
 */
export function maximizerPlayer<S, M>(
  game: SearchGame<S, M>,
  evaluate: Evaluator<S>,
  name: string,
): Player<S, M> {
  return {
    name,
    choose(state, ctx) {
      const moves = game.legalMoves(state);
      const seat = moverOf(game, state);
      let best = pick(moves, 0);
      let bestValue = -Infinity;
      for (const move of moves) {
        const outcomes = game.chanceOutcomes?.(state, move);
        const value =
          outcomes === undefined
            ? evaluate(game.apply(state, move), seat)
            : outcomes.reduce((sum, o) => sum + o.probability * evaluate(o.state, seat), 0);
        if (value > bestValue) {
          bestValue = value;
          best = move;
        }
      }
      ctx.nodes.count += moves.length + 1;
      return best;
    },
  };
}

export interface FixedDepthOptions<S, M> {
  readonly name: string;
  readonly depth: number;
  readonly evaluate: Evaluator<S>;
  readonly terminalValue?: TerminalValue<S>;
  readonly order?: MoveOrderer<S, M>;
  readonly killers?: boolean;
}

/** PAIP's `minimax-searcher`: full-width search to a fixed depth, no pruning. */
export function minimaxPlayer<S, M>(game: SearchGame<S, M>, options: FixedDepthOptions<S, M>): Player<S, M> {
  const scoring = options.terminalValue === undefined ? {} : { terminalValue: options.terminalValue };
  return fixedDepth(
    options.name,
    (state) => minimax(game, state, options.depth, options.evaluate, scoring),
    game,
  );
}

/**
 * PAIP's `alpha-beta-searcher` family at a fixed depth: plain (canonical move
 * order), sorted (`alpha-beta-searcher2`) or static order with killers
 * (`alpha-beta-searcher3`), depending on `order` and `killers`. A fixed depth
 * ignores the clock, as the book's searchers do: too deep and it forfeits.
 */
export function alphaBetaPlayer<S, M>(
  game: SearchGame<S, M>,
  options: FixedDepthOptions<S, M>,
): Player<S, M> {
  const searchOptions = {
    ...(options.terminalValue === undefined ? {} : { terminalValue: options.terminalValue }),
    ...(options.order === undefined ? {} : { order: options.order }),
    ...(options.killers === undefined ? {} : { killers: options.killers }),
  };
  return fixedDepth(
    options.name,
    (state) => alphaBeta(game, state, options.depth, options.evaluate, searchOptions),
    game,
  );
}

function fixedDepth<S, M>(
  name: string,
  run: (state: S) => { value: number; move: M | null; pv: readonly M[]; stats: { nodes: number } },
  game: SearchGame<S, M>,
): Player<S, M> {
  const analyze = (state: S, ctx: PlayerContext): Analysis<M> => {
    const result = run(state);
    ctx.nodes.count += result.stats.nodes;
    const move = result.move ?? pick(game.legalMoves(state), 0);
    return { move, value: result.value, depth: result.pv.length, pv: result.pv, nodes: result.stats.nodes };
  };
  return { name, analyze, choose: (state, ctx) => analyze(state, ctx).move };
}

export interface SearchPlayerOptions<S, M> {
  readonly name: string;
  /** Deepest iteration. */
  readonly depth: number;
  readonly evaluate: Evaluator<S>;
  readonly terminalValue?: TerminalValue<S>;
  readonly order?: MoveOrderer<S, M>;
  /** Evaluation noise for weak levels (see `withTieBreakNoise`). */
  readonly noise?: number;
  /**
   * Share of the remaining time one move may use, when there is a clock.
   * Default 1/20: Othello has about 30 moves a side, and search overruns its
   * limit by up to one node batch.
   */
  readonly timeShare?: number;
}

/**
 * Iterative deepening with the engine's `search` (transposition table,
 * killers, history, aspiration windows) up to `depth`, stopped early by the
 * clock: the player that cannot forfeit a won game by thinking too long.
 */
export function searchPlayer<S, M>(game: SearchGame<S, M>, options: SearchPlayerOptions<S, M>): Player<S, M> {
  const share = options.timeShare ?? 1 / 20;
  const analyze = (state: S, ctx: PlayerContext): Analysis<M> => {
    const timed = Number.isFinite(ctx.remainingMs);
    const budget = Math.max(1, ctx.remainingMs * share + ctx.incrementMs * 0.8);
    const result = search(game, state, {
      evaluate: options.evaluate,
      maxDepth: options.depth,
      ...(options.terminalValue === undefined ? {} : { terminalValue: options.terminalValue }),
      ...(options.order === undefined ? {} : { order: options.order }),
      ...(options.noise === undefined || options.noise === 0
        ? {}
        : { tieBreakNoise: options.noise, random: () => ctx.random.float() }),
      ...(timed ? { timeLimit: budget, now: () => ctx.now(), checkInterval: 256 } : {}),
    });
    ctx.nodes.count += result.nodes;
    const move = result.move ?? pick(game.legalMoves(state), 0);
    return { move, value: result.value, depth: result.depth, pv: result.pv, nodes: result.nodes };
  };
  return { name: options.name, analyze, choose: (state, ctx) => analyze(state, ctx).move };
}

function moverOf<S>(game: Pick<SearchGame<S, unknown>, "toMove">, state: S): Seat {
  return game.toMove(state)[0] ?? 0;
}

function pick<M>(moves: readonly M[], index: number): M {
  if (index < 0 || index >= moves.length) throw new Error("a player was asked to move in a finished game");
  return moves[index] as M;
}
