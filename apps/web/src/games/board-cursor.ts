// The keyboard cursor of a board (issue 31): arrow keys walk the squares, columns or hexes in the order
// the viewer sees them, so a flipped board is walked as it is drawn. Pure: the boards hold the cursor.
import type { Premove } from "./web-game";

/** The boards that take the arrow keys carry `data-board-cursor`: the room's page keys leave them be. */
export const ON_A_BOARD = "[data-board-cursor]";

/** What a key does to the cursor, or null for a key the board leaves to the page. */
export type CursorStep = "up" | "down" | "left" | "right" | "rowStart" | "rowEnd";

const STEPS: Readonly<Record<string, CursorStep>> = {
  ArrowUp: "up",
  ArrowDown: "down",
  ArrowLeft: "left",
  ArrowRight: "right",
  Home: "rowStart",
  End: "rowEnd",
};

/** The cursor step of a key, or null (a key held with a modifier stays the browser's). */
export function cursorStep(
  key: string,
  modifiers: { readonly ctrlKey: boolean; readonly altKey: boolean; readonly metaKey: boolean },
): CursorStep | null {
  if (modifiers.ctrlKey || modifiers.altKey || modifiers.metaKey) return null;
  return STEPS[key] ?? null;
}

/**
 * Where the cursor goes from `at` over `rows` (the board's places as drawn, top row first, left to right).
 * The edges hold it; rows may differ in length (a column shorter than the one above ends at its last
 * place). A hex board drawn row under row, each shifted half a hex, is walked the same way: up and down
 * go to the neighbour of the same index in the next row. A place not on the board starts at the first.
 */
export function stepCursor(rows: readonly (readonly number[])[], at: number, step: CursorStep): number {
  const row = rows.findIndex((places) => places.includes(at));
  const first = rows[0]?.[0];
  if (row < 0) return first ?? at;
  const places = rows[row] ?? [];
  const col = places.indexOf(at);
  const pick = (r: number, c: number): number => {
    const target = rows[r] ?? [];
    return target[Math.min(c, target.length - 1)] ?? at;
  };
  switch (step) {
    case "left":
      return pick(row, Math.max(0, col - 1));
    case "right":
      return pick(row, Math.min(places.length - 1, col + 1));
    case "up":
      return pick(Math.max(0, row - 1), col);
    case "down":
      return pick(Math.min(rows.length - 1, row + 1), col);
    case "rowStart":
      return pick(row, 0);
    case "rowEnd":
      return pick(row, places.length - 1);
  }
}

/** Where the cursor starts: the first of `preferred` that is on the board, else `fallback`. */
export function startOfCursor(preferred: readonly (number | null | undefined)[], fallback: number): number {
  return preferred.find((place): place is number => place !== null && place !== undefined) ?? fallback;
}

/** Escape's action on a board with a queued premove: cancel it (a second press on its square would too). */
export function cancelPremove<M>(premove: Premove<M> | undefined): (() => void) | undefined {
  const queued = premove?.queued ?? null;
  return premove === undefined || queued === null ? undefined : () => premove.onClick(queued);
}
