import type { ChanceOutcome } from "../core/game.js";

/**
 * The only outcome of positive probability, when a move has just one (a
 * pass, a classic attack, an attack the odds table calls certain). Such a
 * move is searched like a deterministic one, inside the alpha-beta window.
 */
export function soleOutcome<S>(outcomes: readonly ChanceOutcome<S>[]): ChanceOutcome<S> | undefined {
  let sole: ChanceOutcome<S> | undefined;
  for (let i = 0; i < outcomes.length; i++) {
    const outcome = outcomes[i];
    if (outcome === undefined || !(outcome.probability > 0)) continue;
    if (sole !== undefined) return undefined;
    sole = outcome;
  }
  return sole;
}
