// Adds up the JSON summaries that vitest (and Playwright) leave in each
// workspace and prints the one line CI reads: "N passed, N failed". Every
// vitest-summary*.json counts: vitest-summary.json from `npm test`, and
// vitest-summary-lts.json from .ci/run's second run on the deployed Node LTS.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

let passed = 0;
let failed = 0;
let skipped = 0;
for (const group of ["packages", "apps", "."]) {
  const dirs =
    group === "." ? ["e2e"] : existsSync(group) ? readdirSync(group).map((d) => join(group, d)) : [];
  for (const dir of dirs) {
    if (!existsSync(dir) || !statSync(dir).isDirectory()) continue;
    const summaries = readdirSync(dir).filter((name) => /^vitest-summary.*\.json$/.test(name));
    for (const name of summaries) {
      const report = JSON.parse(readFileSync(join(dir, name), "utf8"));
      passed += report.numPassedTests ?? 0;
      failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTests ?? 0);
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
      if (report.success === false && (report.numFailedTests ?? 0) === 0) failed += 1;
    }
    const playwrightSummaries = existsSync(dir)
      ? readdirSync(dir).filter((name) =>
          /^playwright(-[a-z0-9-]+)?-summary\.json$|^playwright-summary\.json$/.test(name),
        )
      : [];
    for (const name of playwrightSummaries) {
      const playwright = join(dir, name);
      if (!existsSync(playwright)) continue;
      const stats = JSON.parse(readFileSync(playwright, "utf8")).stats ?? {};
      passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
      failed += stats.unexpected ?? 0;
      skipped += stats.skipped ?? 0;
    }
  }
}
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`);
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
