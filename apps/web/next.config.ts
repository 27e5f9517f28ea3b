import type { NextConfig } from "next";

// Workspace packages (@arena/engine, @arena/protocol, @arena/match) are consumed as built JS from dist/.
const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  turbopack: {
    resolveAlias: {
      // The browser downloads no AI (docs/web.md). @arena/protocol takes GAME_ERROR_CODES from the
      // engine's index, which re-exports the AI; in browser bundles the index is the module that defines
      // them. src/no-ai-code.test.ts checks that this still serves every name the protocol imports.
      "@arena/engine": { browser: "@arena/engine/core/errors" },
    },
  },
};

export default nextConfig;
