import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ["./src/test-support/redis-global-setup.ts"],
    setupFiles: ["./src/test-support/retries.ts"],
    // CI (.ci/run) runs these suites of real sockets, processes, Redis and HAProxy on a loaded 2-core
    // machine beside the browser tests: one retry there, and every test that needed it is named in the
    // summary (test-support/retries.ts). Locally a failure is a failure.
    retry: Number(process.env.ARENA_TEST_RETRIES ?? 0),
    fileParallelism: false,
  },
});
