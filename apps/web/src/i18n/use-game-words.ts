"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { webGameOf } from "../games/registry";
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

/**
 * A game's title in the page's language, or with a room's options the name of its variant ("Connect Four"
 * rather than "Connect-k"), so that a room is called the same in every list and on its page. An id this
 * build does not know reads as itself.
 */
export function useGameTitle(): (gameId: string, options?: unknown) => string {
  const t = useTranslations(GAMES_NAMESPACE);
  return useCallback(
    (gameId: string, options?: unknown) => {
      if (!t.has(`${gameId}.title`)) return gameId;
      const variant = options === undefined ? null : (webGameOf(gameId)?.variant?.(options) ?? null);
      return variant === null ? t(`${gameId}.title`) : t(`${gameId}.${variant.key}`, variant.values);
    },
    [t],
  );
}
