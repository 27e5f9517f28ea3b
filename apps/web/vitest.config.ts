import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    environment: "node",
    // Whole-repository scans and the built chunks: seconds of work on a loaded machine, not milliseconds.
    testTimeout: 60_000,
  },
});
