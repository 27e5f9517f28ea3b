import { type Result, ok } from "../core/result.js";
import { type ConnectKState, connectK } from "../games/connect-k/index.js";
import {
  centreFirst,
  chooseConnectKMove,
  connectKLevels,
  evaluateConnectK,
} from "../games/connect-k/ai/index.js";
import { randomPlayer, searchPlayer } from "./generic.js";
import { type SpecError, expectArgs, readInt, specError, splitSpec } from "./spec.js";
import type { Player } from "./types.js";

export const CONNECT_K_SPECS = ["random", "level:<n>", "search:<depth>"] as const;

/** Arena's Connect-k level as a player: the AI module's own time-aware choice. */
function levelPlayer(level: number): Player<ConnectKState, number> {
  return {
    name: `level:${level}`,
    choose(state, ctx) {
      const chosen = chooseConnectKMove(state, level, {
        remainingMs: ctx.remainingMs,
        incrementMs: ctx.incrementMs,
        now: () => ctx.now(),
        random: () => ctx.random.float(),
      });
      ctx.nodes.count += chosen.nodes;
      return chosen.move;
    },
  };
}

export function parseConnectKSpec(spec: string): Result<Player<ConnectKState, number>, SpecError> {
  const { name, args } = splitSpec(spec);
  switch (name) {
    case "random": {
      const arity = expectArgs(spec, args, 0, "random");
      return arity.ok ? ok(randomPlayer(connectK)) : arity;
    }
    case "level": {
      const level = readInt(spec, "the level", args[0], 1, connectKLevels.length);
      if (!level.ok) return level;
      const arity = expectArgs(spec, args, 1, "level:<n>");
      return arity.ok ? ok(levelPlayer(level.value)) : arity;
    }
    case "search": {
      const depth = readInt(spec, "the depth", args[0], 1, 42);
      if (!depth.ok) return depth;
      const arity = expectArgs(spec, args, 1, "search:<depth>");
      if (!arity.ok) return arity;
      return ok(
        searchPlayer(connectK, {
          name: `search:${depth.value}`,
          depth: depth.value,
          evaluate: evaluateConnectK,
          order: centreFirst,
        }),
      );
    }
    default:
      return specError(`unknown connect-k player '${spec}' (one of ${CONNECT_K_SPECS.join(", ")})`);
  }
}
