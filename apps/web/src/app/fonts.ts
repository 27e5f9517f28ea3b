import localFont from "next/font/local";

/**
 * Geist Mono as the `geist` package declares it, but not preloaded: only clocks and move lists use it, so
 * most pages never fetch it, and a room fetches it once its clock shows (docs/web.md, "Light pages").
 */
export const GeistMono = localFont({
  src: "../../../../node_modules/geist/dist/fonts/geist-mono/GeistMono-Variable.woff2",
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
