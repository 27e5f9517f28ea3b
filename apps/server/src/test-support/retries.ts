import { beforeEach } from "vitest";

declare module "vitest" {
  interface TaskMeta {
    /** How many times the test failed before the attempt that ran last (`retry` in vitest.config.ts). */
    failedAttempts?: number;
  }
}

// A retried test must not pass unseen: each attempt after a failure marks the test, and the JSON report
// carries the mark to scripts/test-summary.mjs, which names every test that passed only on a retry.
beforeEach(({ task }) => {
  const failed = task.result?.retryCount ?? 0;
  if (failed > 0) task.meta.failedAttempts = failed;
});
