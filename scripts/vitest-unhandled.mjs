// A vitest reporter that writes down the run's unhandled errors, which vitest's JSON summary leaves out:
// vitest-unhandled-<node version>.json beside the summary, one per run that had any. scripts/test-summary.mjs
// counts each error as a failure, so a run that fails on them never ends "N passed, 0 failed".
import { writeFileSync } from "node:fs";

export default class UnhandledErrorsReporter {
  onTestRunEnd(_testModules, unhandledErrors) {
    if (unhandledErrors.length === 0) return;
    const errors = unhandledErrors.map((error) =>
      String(error?.message ?? error)
        .split("\n")[0]
        .slice(0, 200),
    );
    writeFileSync(`vitest-unhandled-${process.version}.json`, `${JSON.stringify({ errors }, null, 2)}\n`);
  }
}
