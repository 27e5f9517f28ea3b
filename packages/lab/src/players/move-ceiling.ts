import { moveAimMs, moveCeilingMs, stoppableClock } from "@arena/engine/ai/move-ceiling";
import type { Player } from "./types.js";

/**
 * A player that thinks under the same ceiling as an AI seat on the server (`chooseMove`): for the CLI's
 * series (`--ceiling`), so that a level's strength is measured as people meet it.
 */
export function withMoveCeiling<S, M>(player: Player<S, M>, level: number): Player<S, M> {
  return {
    name: player.name,
    choose: (state, ctx) => {
      const ceilingMs = moveCeilingMs(level, ctx.remainingMs, ctx.incrementMs);
      return player.choose(state, {
        ...ctx,
        aimMs: moveAimMs(ceilingMs),
        now: stoppableClock(() => ctx.now(), ceilingMs),
      });
    },
  };
}
