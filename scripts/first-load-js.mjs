#!/usr/bin/env node
// First-load JavaScript per page of the built web app, as a browser downloads it: starts `next start` on a
// free loopback port, reads each page's HTML, and sums the sizes (raw and gzip) of the scripts it references.
// Usage: node scripts/first-load-js.mjs [/ /play/m_example ...]   (after `npx turbo run build --filter=@arena/web...`)
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const webDir = join(root, "apps/web");
const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["/", "/play/m_example"];

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
try {
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(base);
      break;
    } catch {
      if (i > 100) throw new Error("next start did not answer");
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  for (const page of pages) {
    const html = await (await fetch(base + page)).text();
    const scripts = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]))];
    let raw = 0;
    let gzip = 0;
    for (const src of scripts) {
      const path = join(webDir, ".next", src.replace(/^\/_next\//, "").split("?")[0]);
      const bytes = readFileSync(path);
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
    }
    const kb = (n) => (n / 1024).toFixed(1);
    console.log(`${page}\t${scripts.length} scripts\t${kb(raw)} KiB raw\t${kb(gzip)} KiB gzip`);
  }
} finally {
  child.kill("SIGTERM");
}
