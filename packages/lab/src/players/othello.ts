import { type Result, ok } from "@arena/engine/core/result";
import {
  type EvaluatorName,
  type Strategy,
  alphaBetaSearcher,
  alphaBetaSearcher2,
  alphaBetaSearcher3,
  iago,
  iagoPlay,
  maximizer,
  minimaxSearcher,
  OTHELLO_MAX_LEVEL,
  othelloLevelMove,
  randomStrategy,
} from "@arena/engine/games/othello/ai/index";
import { type OthelloState, othello } from "@arena/engine/games/othello/rules";
import { searchPlayer } from "./generic.js";
import { OTHELLO_EVAL_NAMES, isOthelloEvalName, othelloEvaluator } from "./othello-evals.js";
import { type SpecError, expectArgs, readInt, specError, splitSpec } from "./spec.js";
import type { Analysis, Player, PlayerContext } from "./types.js";

export const OTHELLO_SPECS = [
  "random",
  "maximizer:<eval>",
  "minimax:<depth>:<eval>",
  "alpha-beta:<depth>:<eval>",
  "alpha-beta2:<depth>:<eval>",
  "alpha-beta3:<depth>:<eval>",
  "iago:<depth>",
  "iago-play:<max-depth>",
  "search:<depth>:<eval>",
  "level:<n>",
] as const;

type OthelloPlayer = Player<OthelloState, number>;

const MAX_DEPTH = { minimax: 6, alphaBeta: 12, iagoPlay: 60 } as const;
/** The clock the clock-managed Iago plans with in untimed games: two minutes a side, a few seconds a move. */
const UNTIMED_BUDGET_MS = 2 * 60_000;

/** The AI module's name for a spec's evaluation. */
function moduleEval(name: string): EvaluatorName {
  return name === "iago" ? "iago-eval" : (name as EvaluatorName);
}

/** Runs one of the AI module's PAIP strategies as a player. */
function strategyPlayer(name: string, strategy: Strategy): OthelloPlayer {
  return {
    name,
    choose(state, ctx) {
      const counter = { nodes: 0 };
      const move = strategy(state, {
        random: ctx.random,
        counter,
        now: () => ctx.now(),
        clock: { remainingMs: ctx.remainingMs, incrementMs: ctx.incrementMs },
      });
      ctx.nodes.count += counter.nodes;
      return move;
    },
  };
}

/**
 * Arena's Othello level as a player: the AI module's `othelloLevelMove`
 * (PAIP's ladder from random to Iago, topped by the clock-managed Iago with
 * the endgame solver). Untimed games give the top level a virtual clock,
 * since it plans its moves from the time left.
 */
function levelPlayer(name: string, level: number): OthelloPlayer {
  return {
    name,
    choose(state, ctx) {
      const result = othelloLevelMove(state, level, {
        remainingMs: Number.isFinite(ctx.remainingMs) ? ctx.remainingMs : UNTIMED_BUDGET_MS,
        incrementMs: ctx.incrementMs,
        now: () => ctx.now(),
        seed: ctx.random.nextUint32(),
        ...(ctx.aimMs === undefined ? {} : { aimMs: ctx.aimMs }),
      });
      ctx.nodes.count += result.nodes;
      return result.move;
    },
  };
}

/** The AI module's strongest player: iterative-deepening Iago on the clock, exact solver near the end. */
export function iagoPlayPlayer(name: string, maxDepth: number): OthelloPlayer {
  const analyze = (state: OthelloState, ctx: PlayerContext): Analysis<number> => {
    const result = iagoPlay(state, {
      remainingMs: Number.isFinite(ctx.remainingMs) ? ctx.remainingMs : UNTIMED_BUDGET_MS,
      incrementMs: ctx.incrementMs,
      now: () => ctx.now(),
      maxDepth,
    });
    ctx.nodes.count += result.nodes;
    return {
      move: result.move,
      value: result.value,
      depth: result.depth,
      pv: [result.move],
      nodes: result.nodes,
    };
  };
  return { name, analyze, choose: (state, ctx) => analyze(state, ctx).move };
}

function depthAndEval(
  spec: string,
  args: readonly string[],
  maxDepth: number,
  usage: string,
): Result<{ depth: number; evaluation: EvaluatorName; name: string }, SpecError> {
  const arity = expectArgs(spec, args, 2, usage);
  if (!arity.ok) return arity;
  const depth = readInt(spec, "the depth", args[0], 1, maxDepth);
  if (!depth.ok) return depth;
  const name = args[1] ?? "";
  if (!isOthelloEvalName(name))
    return specError(`${spec}: the evaluation is one of ${OTHELLO_EVAL_NAMES.join(", ")}`);
  return ok({ depth: depth.value, evaluation: moduleEval(name), name });
}

export function parseOthelloSpec(spec: string): Result<OthelloPlayer, SpecError> {
  const { name, args } = splitSpec(spec);
  const canonical = [name, ...args].join(":");
  const searcher = (
    usage: string,
    maxDepth: number,
    make: (depth: number, evaluation: EvaluatorName) => Strategy,
  ): Result<OthelloPlayer, SpecError> => {
    const parsed = depthAndEval(spec, args, maxDepth, usage);
    return parsed.ok
      ? ok(strategyPlayer(canonical, make(parsed.value.depth, parsed.value.evaluation)))
      : parsed;
  };
  switch (name) {
    case "random": {
      const arity = expectArgs(spec, args, 0, "random");
      return arity.ok ? ok(strategyPlayer(canonical, randomStrategy)) : arity;
    }
    case "maximizer": {
      const arity = expectArgs(spec, args, 1, "maximizer:<eval>");
      if (!arity.ok) return arity;
      const evaluation = args[0] ?? "";
      if (!isOthelloEvalName(evaluation)) {
        return specError(`${spec}: the evaluation is one of ${OTHELLO_EVAL_NAMES.join(", ")}`);
      }
      return ok(strategyPlayer(canonical, maximizer(moduleEval(evaluation))));
    }
    case "minimax":
      return searcher("minimax:<depth>:<eval>", MAX_DEPTH.minimax, (d, e) => minimaxSearcher(d, e));
    case "alpha-beta":
      return searcher("alpha-beta:<depth>:<eval>", MAX_DEPTH.alphaBeta, (d, e) => alphaBetaSearcher(d, e));
    case "alpha-beta2":
      return searcher("alpha-beta2:<depth>:<eval>", MAX_DEPTH.alphaBeta, (d, e) => alphaBetaSearcher2(d, e));
    case "alpha-beta3":
      return searcher("alpha-beta3:<depth>:<eval>", MAX_DEPTH.alphaBeta, (d, e) => alphaBetaSearcher3(d, e));
    case "iago": {
      const arity = expectArgs(spec, args, 1, "iago:<depth>");
      if (!arity.ok) return arity;
      const depth = readInt(spec, "the depth", args[0], 1, MAX_DEPTH.alphaBeta);
      return depth.ok ? ok(strategyPlayer(canonical, iago(depth.value))) : depth;
    }
    case "iago-play": {
      const arity = expectArgs(spec, args, 1, "iago-play:<max-depth>");
      if (!arity.ok) return arity;
      const depth = readInt(spec, "the depth", args[0], 1, MAX_DEPTH.iagoPlay);
      return depth.ok ? ok(iagoPlayPlayer(canonical, depth.value)) : depth;
    }
    case "search": {
      // The engine's generic search (transposition table, iterative deepening) on one of PAIP's evaluations.
      const parsed = depthAndEval(spec, args, 30, "search:<depth>:<eval>");
      if (!parsed.ok) return parsed;
      const evaluate = othelloEvaluator(parsed.value.name as (typeof OTHELLO_EVAL_NAMES)[number]);
      return ok(searchPlayer(othello, { name: canonical, depth: parsed.value.depth, evaluate }));
    }
    case "level": {
      const arity = expectArgs(spec, args, 1, "level:<n>");
      if (!arity.ok) return arity;
      const level = readInt(spec, "the level", args[0], 1, OTHELLO_MAX_LEVEL);
      return level.ok ? ok(levelPlayer(canonical, level.value)) : level;
    }
    default:
      return specError(`unknown othello player '${spec}' (one of ${OTHELLO_SPECS.join(", ")})`);
  }
}
