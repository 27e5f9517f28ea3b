import type { NextConfig } from "next";

// Workspace packages (@arena/engine, @arena/protocol, @arena/match) are consumed as built JS from dist/.
const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
};

export default nextConfig;
