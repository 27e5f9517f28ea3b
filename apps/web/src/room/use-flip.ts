"use client";

import { useCallback, useEffect, useState } from "react";

/** Where a game's flip is remembered: one key per match, so each game keeps the side its viewer chose. */
export function flipKey(matchId: string): string {
  return `arena.flip.${matchId}`;
}

/** Whether the board of this match is flipped, remembered in localStorage (docs/web.md, "Flip"). */
export function useFlip(matchId: string): { readonly flipped: boolean; readonly toggle: () => void } {
  const [flipped, setFlipped] = useState(false);
  // Read after mounting: the server renders the unflipped board, and storage may be unavailable.
  useEffect(() => {
    try {
      setFlipped(window.localStorage.getItem(flipKey(matchId)) === "1");
    } catch {
      setFlipped(false);
    }
  }, [matchId]);
  const toggle = useCallback(() => {
    setFlipped((was) => {
      const next = !was;
      try {
        if (next) window.localStorage.setItem(flipKey(matchId), "1");
        else window.localStorage.removeItem(flipKey(matchId));
      } catch {
        // Private mode or a full store: the flip still holds for this page.
      }
      return next;
    });
  }, [matchId]);
  return { flipped, toggle };
}
