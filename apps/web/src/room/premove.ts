/**
 * Premove: one move queued while the opponent is to move, sent the moment the viewer's turn arrives if it
 * is still legal there (docs/web.md, "Premove"). Client-side only: the server judges it like any move.
 * Moves are the engine's own values (Othello and Connect-k: numbers), compared by identity.
 */

/**
 * The queued move after a click: a square or column queues it (replacing one queued before), the queued
 * one again cancels it, and a click anywhere else (`null`) cancels it too.
 */
export function clickPremove<M>(queued: M | null, clicked: M | null): M | null {
  if (clicked === null || clicked === queued) return null;
  return clicked;
}

/** What becomes of a queued move once the viewer is to move: sent if the engine lists it, else dropped. */
export type PremoveOutcome<M> =
  { readonly kind: "send"; readonly move: M } | { readonly kind: "drop"; readonly move: M };

export function resolvePremove<M>(queued: M, legal: readonly M[]): PremoveOutcome<M> {
  return legal.includes(queued) ? { kind: "send", move: queued } : { kind: "drop", move: queued };
}
