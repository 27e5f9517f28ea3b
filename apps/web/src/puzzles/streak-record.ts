"use client";

import { useCallback, useEffect, useState } from "react";

/** Where this browser keeps a game's best streak: no account is needed to chase one. */
const keyOf = (gameId: string) => `arena.puzzleStreak.${gameId}`;

function readBest(gameId: string): number {
  try {
    const kept = Number(window.localStorage.getItem(keyOf(gameId)));
    return Number.isSafeInteger(kept) && kept > 0 ? kept : 0;
  } catch {
    return 0; // storage refused (private mode): the best lasts the page
  }
}

/** A game's best puzzle streak in this browser, and a way to offer a new count (kept if it is better). */
export function useBestStreak(gameId: string): readonly [number, (count: number) => void] {
  const [best, setBest] = useState(0);
  useEffect(() => setBest(readBest(gameId)), [gameId]);
  const offer = useCallback(
    (count: number) => {
      if (count <= readBest(gameId)) return;
      try {
        window.localStorage.setItem(keyOf(gameId), String(count));
      } catch {
        // storage refused: the state below still shows it
      }
      setBest((held) => Math.max(held, count));
    },
    [gameId],
  );
  return [best, offer] as const;
}
