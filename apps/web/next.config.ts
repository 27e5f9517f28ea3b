import type { NextConfig } from "next";

// Workspace packages (@arena/engine, @arena/protocol, @arena/match) are consumed as built JS from dist/.
const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Profiles live at /@/<name>, as on lichess (a folder named "@" would be a parallel-route slot).
  rewrites() {
    return Promise.resolve([{ source: "/@/:name", destination: "/players/:name" }]);
  },
};

export default nextConfig;
