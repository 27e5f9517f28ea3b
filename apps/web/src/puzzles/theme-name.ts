"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { GAMES_NAMESPACE } from "../i18n/namespaces";
import { useGameWords } from "../i18n/use-game-words";

/**
 * A puzzle theme's name in the game's own words (`games.<id>.puzzleThemes`, docs/puzzles.md, "Themes"); a
 * theme the store has and this build does not know reads as its id.
 */
export function useThemeName(gameId: string): (theme: string) => string {
  const words = useGameWords(gameId);
  const games = useTranslations(GAMES_NAMESPACE);
  return useCallback(
    (theme: string) =>
      games.has(`${gameId}.puzzleThemes.${theme}`) ? words(`puzzleThemes.${theme}`) : theme,
    [games, words, gameId],
  );
}
