import type { AnyGame } from "@arena/engine/core/game";

/** The position a puzzle's moves lead to, or the first move its rules refuse there. */
export type LinePosition =
  | { readonly ok: true; readonly state: unknown }
  | { readonly ok: false; readonly state: unknown; readonly refused: string };

/**
 * The position after a puzzle's moves so far, each read in the game's notation and played by its checked
 * rules: the replies come from the server (a forced pass is a reply, "PA"), so a move that does not fit
 * is an answer to refuse, stopping at the last position reached.
 */
export function positionAfter(rules: AnyGame, start: unknown, moves: readonly string[]): LinePosition {
  let state = start;
  for (const text of moves) {
    const move = rules.parseMove(state, text);
    const next = move.ok ? rules.play(state, move.value) : move;
    if (!next.ok) return { ok: false, state, refused: text };
    state = next.value;
  }
  return { ok: true, state };
}
