"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { GAMES_NAMESPACE } from "./namespaces";
import type { MessageValues, Words } from "./words";

/**
 * A translator over one game's messages (`games.<id>`), for the `WebGame` functions that word something.
 * The id may be unknown yet (a room still loading): nothing is looked up until the translator is called.
 */
export function useGameWords(gameId: string): Words {
  const t = useTranslations(GAMES_NAMESPACE);
  return useCallback((key: string, values?: MessageValues) => t(`${gameId}.${key}`, values), [t, gameId]);
}

/** A game's title in the page's language; an id this build does not know reads as itself. */
export function useGameTitle(): (gameId: string) => string {
  const t = useTranslations(GAMES_NAMESPACE);
  return useCallback((gameId: string) => (t.has(`${gameId}.title`) ? t(`${gameId}.title`) : gameId), [t]);
}
