import { type Result, ok } from "../core/result.js";
import { bookEvaluate, chooseDiceOfDoomMove, diceOfDoomLevels } from "../games/dice-of-doom/ai/index.js";
import { type DiceOfDoomState, diceOfDoom } from "../games/dice-of-doom/index.js";
import { randomPlayer, searchPlayer } from "./generic.js";
import { type SpecError, expectArgs, readInt, specError, splitSpec } from "./spec.js";
import type { Player } from "./types.js";

export const DICE_OF_DOOM_SPECS = ["random", "level:<n>", "search:<depth>"] as const;

/** Arena's Dice of Doom level as a player: the AI module's own time-aware choice. */
function levelPlayer(level: number): Player<DiceOfDoomState, number> {
  return {
    name: `level:${level}`,
    choose(state, ctx) {
      const chosen = chooseDiceOfDoomMove(state, level, {
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

export function parseDiceOfDoomSpec(spec: string): Result<Player<DiceOfDoomState, number>, SpecError> {
  const { name, args } = splitSpec(spec);
  switch (name) {
    case "random": {
      const arity = expectArgs(spec, args, 0, "random");
      return arity.ok ? ok(randomPlayer(diceOfDoom)) : arity;
    }
    case "level": {
      const level = readInt(spec, "the level", args[0], 1, diceOfDoomLevels.length);
      if (!level.ok) return level;
      const arity = expectArgs(spec, args, 1, "level:<n>");
      return arity.ok ? ok(levelPlayer(level.value)) : arity;
    }
    case "search": {
      const depth = readInt(spec, "the depth", args[0], 1, 12);
      if (!depth.ok) return depth;
      const arity = expectArgs(spec, args, 1, "search:<depth>");
      if (!arity.ok) return arity;
      // The book's v2 AI: paranoid search on score-board (games.md §1.7); with chance rules it averages rolls.
      return ok(
        searchPlayer(diceOfDoom, {
          name: `search:${depth.value}`,
          depth: depth.value,
          evaluate: bookEvaluate,
        }),
      );
    }
    default:
      return specError(`unknown dice-of-doom player '${spec}' (one of ${DICE_OF_DOOM_SPECS.join(", ")})`);
  }
}
