import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./fixtures/chromium.js";

const SERVER_ENTRY = "../apps/server/dist/main.js";
// CI runs the suite a second time through the balanced cluster (.ci/run); each run keeps its own summary.
const SUMMARY = process.env.PLAYWRIGHT_SUMMARY ?? "playwright-summary.json";
const REDIS: Record<string, string> = process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {};
const EXTERNAL = process.env.ARENA_E2E_URL !== undefined && process.env.ARENA_E2E_URL !== "";
// ARENA_E2E_PORT: another port when 3000 is taken (a second checkout running its suite at the same time).
const PORT = Number(process.env.ARENA_E2E_PORT ?? 3000);
const BASE_URL = EXTERNAL ? (process.env.ARENA_E2E_URL ?? "") : `http://127.0.0.1:${PORT}`;
// Without Redis the server runs on its default store, SQLite, in a data folder of its own for each run
// (made once: the config is loaded again in each worker, which inherits the variable).
const DATA_DIR = EXTERNAL
  ? ""
  : (process.env.ARENA_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "arena-e2e-")));

// The product mails through a real SMTP server on loopback (fixtures/mail-sink.mjs), which files each mail
// in MAIL_DIR for the specs (fixtures/mailbox.ts).
const SMTP_PORT = Number(process.env.ARENA_E2E_SMTP_PORT ?? PORT + 1025);
const MAIL_DIR = EXTERNAL
  ? ""
  : (process.env.ARENA_E2E_MAIL_DIR ??= mkdtempSync(join(tmpdir(), "arena-mail-")));

export default defineConfig({
  testDir: "./tests",
  testMatch: /.*\.e2e\.ts/,
  // Each run takes the specs meant for it rather than skipping the others: the balancer's spec needs the
  // cluster (ARENA_E2E_URL, .ci/run's second run); the cross-machine specs (hosts.e2e, players-hosts.e2e)
  // start a product of their own.
  // The mail spec reads the mail server this config starts, so it runs with the product started here.
  testIgnore: EXTERNAL ? /\/((players-)?hosts|mail)\.e2e\.ts$/ : /cluster\.e2e\.ts$/,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1, // 2-core machines: one worker, and the specs share one server
  fullyParallel: false,
  forbidOnly: true,
  // One retry in CI (.ci/run sets ARENA_TEST_RETRIES) for browser timing on a loaded 2-core machine; a
  // retried pass is reported as flaky, by name (scripts/test-summary.mjs).
  retries: Number(process.env.ARENA_TEST_RETRIES ?? (process.env.CI ? 1 : 0)),
  reporter: [["list"], ["json", { outputFile: SUMMARY }]],
  outputDir: "test-results",
  use: {
    baseURL: BASE_URL,
    browserName: "chromium",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
  // One process serves the web app, the API and the sockets on one origin (the product's default). With
  // ARENA_E2E_URL set, the suite runs against a product already running there (the balanced cluster).
  webServer: EXTERNAL
    ? []
    : [
        {
          command: "node fixtures/mail-sink.mjs",
          port: SMTP_PORT,
          env: { SMTP_PORT: String(SMTP_PORT), MAIL_DIR },
          reuseExistingServer: false,
          timeout: 30_000,
          stdout: "ignore",
          stderr: "pipe",
        },
        {
          command: `node --max-semi-space-size=128 ${SERVER_ENTRY}`,
          url: `${BASE_URL}/readyz`,
          env: {
            PORT: String(PORT),
            HOST: "127.0.0.1",
            SERVE_WEB: "true",
            LOG_LEVEL: "warn",
            NEXT_TELEMETRY_DISABLED: "1",
            DATA_DIR,
            SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
            PUBLIC_ORIGIN: BASE_URL,
            ...REDIS,
          },
          reuseExistingServer: false,
          timeout: 60_000,
          stdout: "ignore",
          stderr: "pipe",
        },
      ],
});
