import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

// Debian's Chromium (apt-get install chromium); never `npx playwright install` here.
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SERVER_ENTRY = "../apps/server/dist/main.js";
// CI runs the suite a second time against Redis (.ci/run); each run keeps its own summary.
const SUMMARY = process.env.PLAYWRIGHT_SUMMARY ?? "playwright-summary.json";
const REDIS: Record<string, string> = process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {};
// Without Redis the server runs on its default store, SQLite, in a data folder of its own for each run
// (made once: the config is loaded again in each worker, which inherits the variable).
const DATA_DIR = (process.env.ARENA_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "arena-e2e-")));

export default defineConfig({
  testDir: "./tests",
  testMatch: /.*\.e2e\.ts/,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1, // 2-core machines: one worker, and the specs share one server
  fullyParallel: false,
  forbidOnly: true,
  // One retry in CI for browser timing on a loaded 2-core machine; a retried pass is reported as flaky.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json", { outputFile: SUMMARY }]],
  outputDir: "test-results",
  use: {
    baseURL: "http://127.0.0.1:3000",
    browserName: "chromium",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: [
    {
      command: `node --max-semi-space-size=128 ${SERVER_ENTRY}`,
      url: "http://127.0.0.1:4000/healthz",
      env: {
        PORT: "4000",
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        CORS_ORIGIN: "http://127.0.0.1:3000,http://localhost:3000",
        DATA_DIR,
        ...REDIS,
      },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "npx next start -p 3000 -H 127.0.0.1",
      cwd: "../apps/web",
      url: "http://127.0.0.1:3000",
      env: { NEXT_TELEMETRY_DISABLED: "1" },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
