#!/usr/bin/env node
// Lighthouse 12 (its default config: the mobile preset with simulated throttling) on four page kinds — the
// lobby, a live room, a profile and a how-to-play page — against Debian's Chromium. Each page is measured
// `--runs` times (a fresh Chromium each time) and the median run by performance score is reported: total
// blocking time moves with the CPU load of whatever else runs on the machine.
//   node bench/lighthouse/run.mjs [--runs 3] [--url http://127.0.0.1:3000] [--label NAME] [--out FILE]
// Without --url it starts the built product (apps/server/dist/main.js serving the web app) on a free
// port with a temporary data folder, as e2e/playwright.config.ts does, and stops it at the end.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { io } from "socket.io-client";
import { recordResult, resultFolder } from "../results.mjs";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    url: { type: "string" },
    label: { type: "string", default: "run" },
    out: { type: "string" },
    chromium: { type: "string", default: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
    // Keep each run's whole Lighthouse report (for the audits' details) in this folder.
    keep: { type: "string" },
    pages: { type: "string", default: "lobby,room,profile,how-to-play" },
  },
});
const RUNS = Math.max(1, Number(args.runs));
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu"];

async function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/** The built product on a free port; resolves once `/readyz` answers. */
async function startProduct() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "arena-lighthouse-"));
  const child = spawn(process.execPath, ["--max-semi-space-size=128", "apps/server/dist/main.js"], {
    cwd: repo,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      SERVE_WEB: "true",
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: url,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((done) => child.once("exit", (code) => done(code)));
  for (let waited = 0; ; waited += 250) {
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (waited > 60_000) throw new Error("the server was not ready within 60 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An account (for the profile page) whose socket hosts an Othello game against the computer, clock running. */
async function liveRoom(url) {
  const name = `lh${Date.now().toString(36)}`;
  const registered = await fetch(`${url}/api/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, password: "a long enough secret" }),
  }).then((r) => r.json());
  if (!registered.ok) throw new Error(`register: ${registered.code} ${registered.message}`);
  const socket = io(url, { transports: ["websocket"], auth: { token: registered.token } });
  await new Promise((done) => socket.once("session:ready", done));
  const created = await socket.timeout(10_000).emitWithAck("room:create", {
    gameId: "othello",
    timeControl: { baseMs: 15 * 60_000, incrementMs: 10_000 },
    seats: [{ kind: "open" }, { kind: "ai", level: 1 }],
    visibility: "public",
    sit: 0,
  });
  if (!created.ok) throw new Error(`room:create: ${created.code} ${created.message}`);
  return { name: registered.user.name, matchId: created.matchId, close: () => socket.close() };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One Lighthouse run in a fresh Chromium; the figures the issue tracks. */
async function measure(url, name) {
  const chrome = await chromeLauncher.launch({ chromePath: args.chromium, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
    });
    if (args.keep !== undefined) writeFileSync(join(args.keep, `${name}.json`), JSON.stringify(result.lhr));
    const { categories, audits } = result.lhr;
    const failed = (audit) =>
      audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative";
    return {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      lcpMs: Math.round(audits["largest-contentful-paint"].numericValue),
      fcpMs: Math.round(audits["first-contentful-paint"].numericValue),
      tbtMs: Math.round(audits["total-blocking-time"].numericValue),
      cls: Number(audits["cumulative-layout-shift"].numericValue.toFixed(3)),
      speedIndexMs: Math.round(audits["speed-index"].numericValue),
      scriptBytes: audits["resource-summary"]?.details?.items?.find((i) => i.resourceType === "script")
        ?.transferSize,
      unusedJsBytes: audits["unused-javascript"]?.details?.overallSavingsBytes ?? 0,
      consoleErrors: (audits["errors-in-console"]?.details?.items ?? []).map((i) => i.description),
      failedAccessibility: categories.accessibility.auditRefs
        .map((ref) => audits[ref.id])
        .filter((audit) => audit.score === 0)
        .map((audit) => audit.id),
      opportunities: Object.values(audits)
        .filter((a) => a.details?.type === "opportunity" && failed(a))
        .map((a) => a.id),
    };
  } finally {
    await chrome.kill();
  }
}

const product = args.url === undefined ? await startProduct() : null;
const base = args.url ?? product.url;
const room = await liveRoom(base);
const pages = [
  { page: "lobby", path: "/" },
  { page: "room", path: `/play/${room.matchId}` },
  { page: "profile", path: `/@/${room.name}` },
  { page: "how-to-play", path: "/how-to-play/othello" },
].filter(({ page }) => args.pages.split(",").includes(page));
const loadBefore = loadavg()[0];
const report = [];
try {
  for (const { page, path } of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(base + path, `${page}-${i + 1}`));
    const chosen = runs.find((r) => r.performance === median(runs.map((x) => x.performance)));
    report.push({ page, path, median: chosen, runs });
    const { performance, accessibility, lcpMs, tbtMs, cls } = chosen;
    console.log(
      `${page.padEnd(12)} performance ${performance} (runs ${runs.map((r) => r.performance).join("/")})` +
        `  accessibility ${accessibility}  LCP ${lcpMs} ms  TBT ${tbtMs} ms (runs ${runs.map((r) => r.tbtMs).join("/")})  CLS ${cls}`,
    );
  }
} finally {
  room.close();
  await product?.stop();
}

const load = `load average ${loadBefore.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end`;
console.log(load);
const out = args.out ?? join(resultFolder("lighthouse"), `${args.label}.json`);
writeFileSync(
  out,
  JSON.stringify(
    { lighthouse: "12.2.3", preset: "mobile (default config)", runs: RUNS, load, pages: report },
    null,
    2,
  ) + "\n",
);
recordResult(out);
console.log(`written: ${out}`);
