/** The colour themes a person may choose (docs/web.md, "Dark mode"): the system's, or one kept. */
export const THEME_CHOICES = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = "light" | "dark";

/** Where the choice is kept in the browser: a setting of this device, like the language. */
export const THEME_STORAGE_KEY = "arena.theme";

/** The media query that says the system prefers a dark theme. */
export const DARK_QUERY = "(prefers-color-scheme: dark)";

/** A stored value → the choice it names; anything else (nothing, an old value, a tampered one) is `system`. */
export function parseThemeChoice(stored: string | null | undefined): ThemeChoice {
  return stored === "light" || stored === "dark" ? stored : "system";
}

/** The theme a choice shows, given whether the system prefers dark. */
export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): Theme {
  if (choice === "system") return systemPrefersDark ? "dark" : "light";
  return choice;
}

/**
 * Sets the page's theme from the stored choice, inline in `<head>` before the body is painted (no flash
 * of the light theme). It repeats `parseThemeChoice` and `resolveTheme` because it runs before any bundle;
 * theme.test.ts runs it against them.
 */
export const THEME_SCRIPT =
  `(function(){try{var c=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});` +
  `if(c!=="light"&&c!=="dark")c="system";` +
  `var d=c==="dark"||(c==="system"&&matchMedia(${JSON.stringify(DARK_QUERY)}).matches);` +
  `var e=document.documentElement;e.dataset.theme=d?"dark":"light";e.dataset.themeChoice=c;}catch(_){}})();`;

/** Shows a theme on the page (the same attributes the inline script sets). */
export function applyTheme(root: HTMLElement, choice: ThemeChoice, systemPrefersDark: boolean): void {
  root.dataset.theme = resolveTheme(choice, systemPrefersDark);
  root.dataset.themeChoice = choice;
}
