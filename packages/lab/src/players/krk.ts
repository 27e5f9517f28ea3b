import { type Result, ok } from "@arena/engine/core/result";
import { al0Move, chooseKrkMove, krkLevels, perfectMove } from "@arena/engine/games/krk/ai/levels";
import { BOOK_VARIANT } from "@arena/engine/games/krk/ai/al0/table";
import { WHITE } from "@arena/engine/games/krk/position";
import type { KrkState } from "@arena/engine/games/krk/state";
import { randomPlayer } from "./generic.js";
import { type SpecError, expectArgs, readInt, specError, splitSpec } from "./spec.js";
import type { Player, PlayerContext } from "./types.js";
import type { ChosenMove } from "@arena/engine/search/budget";

/** `al0:book` is the 4th edition's table as printed, which can stalemate (docs/krk.md §8.3). */
export const KRK_SPECS = ["random", "level:<n>", "al0", "al0:book", "perfect"] as const;

function player(
  name: string,
  choose: (state: KrkState, random: () => number) => ChosenMove,
): Player<KrkState, number> {
  return {
    name,
    choose(state: KrkState, ctx: PlayerContext) {
      const chosen = choose(state, () => ctx.random.float());
      ctx.nodes.count += chosen.nodes;
      return chosen.move;
    },
  };
}

/** The king-and-rook players; AL0 plays White only and defends perfectly as Black. */
export function parseKrkSpec(spec: string): Result<Player<KrkState, number>, SpecError> {
  const { name, args } = splitSpec(spec);
  switch (name) {
    case "random": {
      const arity = expectArgs(spec, args, 0, "random");
      return arity.ok ? ok(randomPlayer({ legalMoves: (state: KrkState) => state.moves })) : arity;
    }
    case "level": {
      const level = readInt(spec, "the level", args[0], 1, krkLevels.length);
      if (!level.ok) return level;
      const arity = expectArgs(spec, args, 1, "level:<n>");
      if (!arity.ok) return arity;
      return ok(
        player(`level:${level.value}`, (state, random) =>
          chooseKrkMove(state, level.value, { remainingMs: Infinity, incrementMs: 0, now: () => 0, random }),
        ),
      );
    }
    case "al0": {
      if (args.length === 1 && args[0] === "book") {
        return ok(
          player("al0:book", (state, random) =>
            state.position.side === WHITE ? al0Move(state, random, BOOK_VARIANT) : perfectMove(state, random),
          ),
        );
      }
      const arity = expectArgs(spec, args, 0, "al0 or al0:book");
      if (!arity.ok) return arity;
      return ok(
        player("al0", (state, random) =>
          state.position.side === WHITE ? al0Move(state, random) : perfectMove(state, random),
        ),
      );
    }
    case "perfect": {
      const arity = expectArgs(spec, args, 0, "perfect");
      return arity.ok ? ok(player("perfect", perfectMove)) : arity;
    }
    default:
      return specError(`unknown krk player '${spec}' (one of ${KRK_SPECS.join(", ")})`);
  }
}
