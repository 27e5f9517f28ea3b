"use client";

import { useTranslations } from "next-intl";
import { useEffect, useSyncExternalStore } from "react";
import {
  DARK_QUERY,
  THEME_CHOICES,
  THEME_STORAGE_KEY,
  type ThemeChoice,
  applyTheme,
  parseThemeChoice,
} from "./theme";

// Changes made by this page's switcher; other tabs' come as `storage` events.
const CHANGED = "arena:theme";

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onChange);
  };
}

function storedChoice(): ThemeChoice {
  try {
    return parseThemeChoice(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return "system";
  }
}

/**
 * The theme menu in the header (docs/web.md, "Dark mode"): the system's theme, light or dark, kept in
 * localStorage. The inline script in the layout applied it before the first paint; this keeps it applied
 * when the choice or, for `system`, the system's preference changes.
 */
export function ThemeSwitcher() {
  const t = useTranslations("theme");
  const choice = useSyncExternalStore(subscribe, storedChoice, () => "system" as const);

  useEffect(() => {
    const media = window.matchMedia(DARK_QUERY);
    // The stored choice, not `choice`: while hydrating, `choice` is the server's "system" for one render.
    const apply = () => applyTheme(document.documentElement, storedChoice(), media.matches);
    apply();
    media.addEventListener("change", apply);
    return () => media.removeEventListener("change", apply);
  }, [choice]);

  return (
    <select
      className="lang-switch theme-switch"
      data-testid="theme-switcher"
      aria-label={t("label")}
      value={choice}
      onChange={(event) => {
        const chosen = parseThemeChoice(event.target.value);
        try {
          localStorage.setItem(THEME_STORAGE_KEY, chosen);
        } catch {
          // Storage refused: the choice holds for this page only.
          applyTheme(document.documentElement, chosen, window.matchMedia(DARK_QUERY).matches);
        }
        window.dispatchEvent(new Event(CHANGED));
      }}
    >
      {THEME_CHOICES.map((choice) => (
        <option key={choice} value={choice}>
          {t(`choice.${choice}`)}
        </option>
      ))}
    </select>
  );
}
