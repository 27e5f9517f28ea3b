/** What a key does in the room: step through the moves (players and spectators alike) or flip the board. */
export type BoardKey = "previous" | "next" | "first" | "live" | "flip";

const KEYS: Readonly<Record<string, BoardKey>> = {
  ArrowLeft: "previous",
  ArrowRight: "next",
  Home: "first",
  End: "live",
  f: "flip",
  F: "flip",
};

/** The part of a key event's target this needs: where the key was typed. */
export interface KeyTarget {
  readonly tagName?: string;
  readonly isContentEditable?: boolean;
}

/**
 * The room's action for a key, or null: keys typed into a field (the chat, the move box) stay the field's,
 * and a key held with a modifier is the browser's (Ctrl+F, Alt+←).
 */
export function boardKey(
  key: string,
  target: KeyTarget | null,
  modifiers: { readonly ctrlKey: boolean; readonly altKey: boolean; readonly metaKey: boolean },
): BoardKey | null {
  if (modifiers.ctrlKey || modifiers.altKey || modifiers.metaKey) return null;
  const tag = target?.tagName?.toUpperCase();
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || target?.isContentEditable === true)
    return null;
  return KEYS[key] ?? null;
}

/**
 * The ply a stepping key leads to from `current` (null: the live position), over `total` plies: stepping
 * past the last move, or End, is live again.
 */
export function stepTo(
  action: Exclude<BoardKey, "flip">,
  current: number | null,
  total: number,
): number | null {
  const at = current ?? total;
  const target = action === "first" ? 0 : action === "previous" ? at - 1 : action === "next" ? at + 1 : total;
  const clamped = Math.max(0, target);
  return clamped >= total ? null : clamped;
}
