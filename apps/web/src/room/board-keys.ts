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

import { ON_A_BOARD } from "../games/board-cursor";

/** The part of a key event's target this needs: where the key was typed. */
export interface KeyTarget {
  readonly tagName?: string;
  readonly isContentEditable?: boolean;
  closest?(selectors: string): unknown;
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
  const action = KEYS[key] ?? null;
  // On a board the arrows, Home and End walk its cursor (games/use-board-cursor.ts); f still flips.
  if (action !== null && action !== "flip" && (target?.closest?.(ON_A_BOARD) ?? null) !== null) return null;
  return action;
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
