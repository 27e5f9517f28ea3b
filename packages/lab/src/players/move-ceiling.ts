import { moveCeilingMs, stoppableClock } from "@arena/engine/ai/move-ceiling";
import type { Player } from "./types.js";

/**
 * A player that thinks under the same ceiling as an AI seat on the server (`chooseMove`): for the CLI's
 * series (`--ceiling`), so that a level's strength is measured as people meet it.
 */
export function withMoveCeiling<S, M>(player: Player<S, M>, level: number): Player<S, M> {
  return {
    name: player.name,
    choose: (state, ctx) =>
      player.choose(state, {
        ...ctx,
        now: stoppableClock(() => ctx.now(), moveCeilingMs(level, ctx.remainingMs, ctx.incrementMs)),
      }),
  };
}
