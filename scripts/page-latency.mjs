#!/usr/bin/env node
// Server time per page view of the built web app: starts `next start` on a free loopback port, then for each
// page sends 50 warm-up GETs and 300 timed ones, one after another, reading the HTML whole; prints the median
// and p90 in milliseconds.
// Usage: node scripts/page-latency.mjs [/ /board-demo ...]   (after `npx turbo run build --filter=@arena/web...`)
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const WARM_UP = 50;
const TIMED = 300;
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const webDir = join(root, "apps/web");
const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["/", "/board-demo"];

const port = await new Promise((resolve) => {
  const probe = createServer();
  probe.listen(0, "127.0.0.1", () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const nextBin = createRequire(join(webDir, "package.json")).resolve("next/dist/bin/next");
const child = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
  cwd: webDir,
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  stdio: "ignore",
});
const get = async (path) => (await fetch(`http://127.0.0.1:${port}${path}`)).text();
try {
  for (let attempt = 0; ; attempt++) {
    try {
      await get("/");
      break;
    } catch (error) {
      if (attempt > 150) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  for (const page of pages) {
    for (let i = 0; i < WARM_UP; i++) await get(page);
    const times = [];
    for (let i = 0; i < TIMED; i++) {
      const started = performance.now();
      await get(page);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.floor(q * TIMED)].toFixed(2);
    console.log(`${page}\tmedian ${at(0.5)} ms\tp90 ${at(0.9)} ms`);
  }
} finally {
  child.kill();
}
