import { GAME_IDS } from "@arena/engine/registry";
import { SECURITY_HEADERS } from "@arena/protocol/values";
import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

// Workspace packages (@arena/engine, @arena/protocol, @arena/match) are consumed as built JS from dist/.
const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Profiles live at /@/<name>, as on lichess (a folder named "@" would be a parallel-route slot).
  rewrites() {
    return Promise.resolve([{ source: "/@/:name", destination: "/players/:name" }]);
  },
  // Every response, static files included, when `next start` serves the app on its own; pages get their
  // Content-Security-Policy from src/proxy.ts (docs/architecture.md, "Security").
  headers() {
    return Promise.resolve([
      {
        source: "/:path*",
        headers: Object.entries(SECURITY_HEADERS).map(([key, value]) => ({ key, value })),
      },
    ]);
  },
};

// next-intl reads each request's language and catalogue from src/i18n/request.ts (no locale in the URL).
// The catalogues (the product's and each game's) are compiled at build time, so the browser is sent
// compiled messages and no ICU parser (docs/web.md, "Light pages").
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./src/i18n/request.ts",
  experimental: {
    messages: {
      format: "json",
      path: ["./src/i18n/messages", ...GAME_IDS.map((id) => `./src/games/${id}/messages`)],
      locales: "infer",
      precompile: true,
    },
  },
});

export default withNextIntl(nextConfig);
