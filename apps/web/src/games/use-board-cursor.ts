"use client";

import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { cursorStep, stepCursor } from "./board-cursor";

/** What a board's keyboard needs: its places as drawn and what Escape does (a selection to drop). */
export interface BoardCursorInput {
  /** The places (squares, columns, hexes) in rows as the viewer sees them. */
  readonly rows: readonly (readonly number[])[];
  /** Where the cursor stands before the viewer moves it (a legal square, a selected piece…). */
  readonly start: number;
  readonly onEscape?: () => void;
}

export interface BoardCursor {
  /** The one place in the Tab order (roving tabindex: every other place has tabIndex −1). */
  readonly cursor: number;
  /** Follows focus that arrives by Tab or a click, so the arrows go on from there. */
  focusAt(this: void, place: number): void;
  /** The board's keydown: arrows, Home and End move the cursor; Escape drops a selection. */
  onKeyDown(this: void, event: KeyboardEvent): void;
}

/**
 * The roving cursor of a board (docs/web.md, "Keyboard play"): the board is one Tab stop and the arrows walk
 * it. The keys it takes stop there, so the room's page keys (←/→ through the moves, Home, End) act only
 * while the focus is elsewhere. The place under the cursor carries `data-cursor` for the focus to find.
 */
export function useBoardCursor({ rows, start, onEscape }: BoardCursorInput): BoardCursor {
  const [moved, setMoved] = useState<number | null>(null);
  const onBoard = moved !== null && rows.some((places) => places.includes(moved));
  const cursor = onBoard ? moved : start;
  // Focus follows the cursor only after a key moved it, never on a re-render from the game.
  const focusNext = useRef(false);
  const grid = useRef<Element | null>(null);

  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    const target = grid.current?.querySelector<HTMLElement | SVGElement>('[data-cursor="true"]');
    target?.focus();
  }, [cursor]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && onEscape !== undefined) {
      onEscape();
      event.stopPropagation();
      return;
    }
    const step = cursorStep(event.key, event);
    if (step === null) return;
    event.preventDefault();
    event.stopPropagation();
    const next = stepCursor(rows, cursor, step);
    if (next === cursor) return;
    grid.current = event.currentTarget;
    focusNext.current = true;
    setMoved(next);
  };
  return { cursor, focusAt: setMoved, onKeyDown };
}
