import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // A guard against a hang, not a speed goal (those are benchmarks): the exhaustive cross-checks take
    // 40–90 s of CPU each on CI's two cores while the other workspaces' suites run beside them.
    testTimeout: 300_000,
  },
});
