import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // A guard against a hang, not a speed goal (docs/benchmarks.md has those): re-solving a slice of the
    // Othello seed set (seed-set.slow.test.ts) takes a minute or two of CPU, more on CI's shared cores.
    testTimeout: 1_200_000,
  },
});
