import type { MatchEvent } from "@arena/protocol";
import { deserializeState, engineFor } from "../games/engines";

/**
 * The start position of a match for replay: the `started` event's state if
 * the log has it, else the engine's `initial` from the `created` event's
 * options and seed.
 */
export function initialFromEvents(gameId: string, events: readonly { event: MatchEvent }[]): unknown {
  for (const { event } of events) {
    if (event.type === "started") {
      const state = deserializeState(gameId, event.state);
      if (state !== null) return state;
    }
  }
  for (const { event } of events) {
    if (event.type === "created") return initialFromOptions(gameId, event.options, event.seed);
  }
  return null;
}

/** The engine's start position; games without chance in the start ignore the seed. */
export function initialFromOptions(gameId: string, options: unknown, seed: number): unknown {
  const game = engineFor(gameId);
  if (game === null) return null;
  const parsed = game.parseOptions(options ?? {});
  return parsed.ok ? game.initial(parsed.value, seed) : null;
}
