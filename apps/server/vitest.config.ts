import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ["./src/test-support/redis-global-setup.ts"],
    fileParallelism: false,
  },
});
