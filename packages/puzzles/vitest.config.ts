import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // A guard against a hang, not a speed goal (docs/benchmarks.md has those): re-solving the whole
    // Othello seed set takes minutes of CPU, more on CI's two shared cores.
    testTimeout: 1_200_000,
  },
});
