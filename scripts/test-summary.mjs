// Adds up the JSON summaries that vitest (and Playwright) leave in each
// workspace and prints the one line CI reads: "N passed, N failed". Every
// vitest-summary*.json counts: vitest-summary.json from `npm test`, and
// vitest-summary-lts.json from .ci/run's second run on the deployed Node LTS.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

let passed = 0;
let failed = 0;
let skipped = 0;
/** Tests that passed only on a retry (ARENA_TEST_RETRIES): counted as passed, and named. */
const retried = [];
/** Errors a vitest run caught outside any test: each one a failure. */
const unhandled = [];
/** Files that failed with every test in them passing (a hook such as afterAll threw): each one a failure. */
const failedFiles = [];
/** Every test that failed on its last attempt, named, so a CI log's tail says which. */
const failedTests = [];
const firstLine = (text) =>
  String(text ?? "")
    .split("\n")[0]
    .slice(0, 200);
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
      if (report.success === false && (report.numFailedTests ?? 0) === 0) {
        failed += 1;
        failedTests.push(
          `${join(dir, name)}: the run reports no success and no failed test (a suite's hook?)`,
        );
      }
      for (const file of report.testResults ?? []) {
        const testFailed = (file.assertionResults ?? []).some((test) => test.status === "failed");
        if (file.status === "failed" && !testFailed) {
          failedFiles.push(
            `${join(dir, name)}: ${file.name} (${firstLine(file.message) || "a hook of one of its suites threw"})`,
          );
        }
        for (const test of file.assertionResults ?? []) {
          if (test.status === "failed") {
            failedTests.push(
              `${join(dir, name)}: ${test.fullName} (${firstLine(test.failureMessages?.[0])})`,
            );
          }
          if (test.status === "passed" && (test.meta?.failedAttempts ?? 0) > 0) {
            retried.push(`${join(dir, name)}: ${test.fullName} (${firstLine(test.failureMessages?.[0])})`);
          }
        }
      }
    }
    // Unhandled errors (scripts/vitest-unhandled.mjs): each one a failure, named.
    for (const name of readdirSync(dir).filter((n) => /^vitest-unhandled.*\.json$/.test(n))) {
      const { errors } = JSON.parse(readFileSync(join(dir, name), "utf8"));
      failed += errors.length;
      for (const error of errors) unhandled.push(`${join(dir, name)}: ${error}`);
    }
    const playwrightSummaries = existsSync(dir)
      ? readdirSync(dir).filter((name) =>
          /^playwright(-[a-z0-9-]+)?-summary\.json$|^playwright-summary\.json$/.test(name),
        )
      : [];
    for (const name of playwrightSummaries) {
      const playwright = join(dir, name);
      if (!existsSync(playwright)) continue;
      const report = JSON.parse(readFileSync(playwright, "utf8"));
      const stats = report.stats ?? {};
      // Playwright's tests of one status, each named with the message of its last failed attempt.
      const withStatus = (status) => {
        const walk = (suite) => [
          ...(suite.specs ?? []).flatMap((spec) =>
            (spec.tests ?? [])
              .filter((test) => test.status === status)
              .map((test) => {
                const failure = (test.results ?? []).findLast((result) => result.status !== "passed");
                return `${playwright}: ${spec.file} ${spec.title} (${firstLine(failure?.error?.message)})`;
              }),
          ),
          ...(suite.suites ?? []).flatMap(walk),
        ];
        return (report.suites ?? []).flatMap(walk);
      };
      retried.push(...withStatus("flaky"));
      failedTests.push(...withStatus("unexpected"));
      passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
      failed += stats.unexpected ?? 0;
      skipped += stats.skipped ?? 0;
    }
  }
}
for (const line of retried) console.log(`passed on a retry: ${line}`);
for (const line of unhandled) console.log(`unhandled error: ${line}`);
for (const line of failedFiles) console.log(`failed outside its tests: ${line}`);
for (const line of failedTests) console.log(`failed: ${line}`);
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`);
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
