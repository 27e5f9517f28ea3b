import localFont from "next/font/local";

// Both fonts are the `geist` package's variable ones cut by scripts/subset-font.mjs to the characters
// English and Russian pages use (about 40 KB each instead of 70); other characters, Japanese among them,
// fall back to the system's fonts.

/** Geist Sans, every weight: the text of every page, so preloaded. */
export const GeistSans = localFont({
  src: "./fonts/geist-sans-latin-cyrillic.woff2",
  variable: "--font-geist-sans",
  weight: "100 900",
});

/**
 * Geist Mono, not preloaded: only clocks and move lists use it, so
 * most pages never fetch it, and a room fetches it once its clock shows (docs/web.md, "Light pages").
 */
export const GeistMono = localFont({
  src: "./fonts/geist-mono-latin-cyrillic.woff2",
  variable: "--font-geist-mono",
  adjustFontFallback: false,
  preload: false,
  fallback: [
    "ui-monospace",
    "SFMono-Regular",
    "Menlo",
    "Monaco",
    "Liberation Mono",
    "DejaVu Sans Mono",
    "monospace",
  ],
  weight: "100 900",
});
