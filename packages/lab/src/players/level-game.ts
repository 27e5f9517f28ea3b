import { type Result, ok } from "@arena/engine/core/result";
import type { ChooseOptions, ChosenMove } from "@arena/engine/search/budget";
import type { Evaluator, MoveOrderer, SearchGame } from "@arena/engine/search/types";
import { randomPlayer, searchPlayer } from "./generic.js";
import { type SpecError, expectArgs, readInt, specError, splitSpec } from "./spec.js";
import type { Player } from "./types.js";

/** The specs every game with AI levels and a heuristic accepts. */
export const LEVEL_GAME_SPECS = ["random", "level:<n>", "search:<depth>"] as const;

/** What a game contributes to the shared specs: its levels and its search heuristic. */
export interface LevelGame<S> {
  readonly id: string;
  readonly game: SearchGame<S, number>;
  readonly levelCount: number;
  readonly chooseLevelMove: (state: S, level: number, options: ChooseOptions) => ChosenMove;
  readonly evaluate: Evaluator<S>;
  readonly order?: MoveOrderer<S, number>;
  readonly maxSearchDepth: number;
}

/** Arena's level as a player: the AI module's own time-aware choice. */
function levelPlayer<S>(config: LevelGame<S>, level: number): Player<S, number> {
  return {
    name: `level:${level}`,
    choose(state, ctx) {
      const chosen = config.chooseLevelMove(state, level, {
        remainingMs: ctx.remainingMs,
        incrementMs: ctx.incrementMs,
        now: () => ctx.now(),
        random: () => ctx.random.float(),
        ...(ctx.aimMs === undefined ? {} : { aimMs: ctx.aimMs }),
      });
      ctx.nodes.count += chosen.nodes;
      return chosen.move;
    },
  };
}

export function parseLevelGameSpec<S>(
  config: LevelGame<S>,
  spec: string,
): Result<Player<S, number>, SpecError> {
  const { name, args } = splitSpec(spec);
  switch (name) {
    case "random": {
      const arity = expectArgs(spec, args, 0, "random");
      return arity.ok ? ok(randomPlayer(config.game)) : arity;
    }
    case "level": {
      const level = readInt(spec, "the level", args[0], 1, config.levelCount);
      if (!level.ok) return level;
      const arity = expectArgs(spec, args, 1, "level:<n>");
      return arity.ok ? ok(levelPlayer(config, level.value)) : arity;
    }
    case "search": {
      const depth = readInt(spec, "the depth", args[0], 1, config.maxSearchDepth);
      if (!depth.ok) return depth;
      const arity = expectArgs(spec, args, 1, "search:<depth>");
      if (!arity.ok) return arity;
      return ok(
        searchPlayer(config.game, {
          name: `search:${depth.value}`,
          depth: depth.value,
          evaluate: config.evaluate,
          ...(config.order === undefined ? {} : { order: config.order }),
        }),
      );
    }
    default:
      return specError(`unknown ${config.id} player '${spec}' (one of ${LEVEL_GAME_SPECS.join(", ")})`);
  }
}
