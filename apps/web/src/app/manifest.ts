import type { MetadataRoute } from "next";

/**
 * The web app manifest (`/manifest.webmanifest`), so that a phone can install the site as an app that opens
 * on the lobby without the browser's bars (docs/web.md, "Light pages"). Colours are the light theme's.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Arena",
    short_name: "Arena",
    description: "Real-time board games: Othello, Connect-k, Dice of Doom and king and rook vs king.",
    id: "/",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#f4f1ea",
    theme_color: "#276b43",
    icons: [
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
    ],
  };
}
