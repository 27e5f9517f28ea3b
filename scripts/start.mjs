#!/usr/bin/env node
// Serves the whole product from built output: the match server on :4000
// (embedded in-memory store unless REDIS_URL is set, AI seats in a worker
// pool) and the Next.js web app on :3000. Signals are forwarded; when either
// process exits, the other is stopped and this script exits with its code.
//
//   npm start            (root script: builds first, then runs this)
//   WEB_PORT=3100 PORT=4100 NEXT_PUBLIC_SOCKET_URL=... node scripts/start.mjs
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const serverEntry = join(root, "apps/server/dist/main.js");
// Larger young-generation semi-spaces: fewer scavenges under load (docs/benchmarks.md, "Server load").
const SERVER_NODE_FLAGS = ["--max-semi-space-size=128"];
const webDir = join(root, "apps/web");
const webPort = process.env.WEB_PORT ?? "3000";
const webHost = process.env.WEB_HOST ?? "127.0.0.1";

if (!existsSync(serverEntry) || !existsSync(join(webDir, ".next"))) {
  console.error("start: build first (npx turbo run build --filter=@arena/web... --filter=@arena/server...)");
  process.exit(1);
}

const nextBin = createRequire(join(webDir, "package.json")).resolve("next/dist/bin/next");
const env = {
  ...process.env,
  PORT: process.env.PORT ?? "4000",
  CORS_ORIGIN: process.env.CORS_ORIGIN ?? `http://localhost:${webPort},http://127.0.0.1:${webPort}`,
  NEXT_TELEMETRY_DISABLED: "1",
};

const children = [
  {
    name: "server",
    child: spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], { cwd: root, env, stdio: "inherit" }),
  },
  {
    name: "web",
    child: spawn(process.execPath, [nextBin, "start", "-p", webPort, "-H", webHost], {
      cwd: webDir,
      env: { ...env, PORT: webPort },
      stdio: "inherit",
    }),
  },
];

console.log(`arena: web on http://localhost:${webPort}, server on :${env.PORT}`);

let exiting = false;
function stopAll(signal) {
  for (const { child } of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

for (const { name, child } of children) {
  child.on("exit", (code, signal) => {
    if (!exiting) {
      exiting = true;
      console.error(`arena: ${name} exited (${signal ?? code}); stopping the rest`);
      process.exitCode = code ?? 1;
      stopAll("SIGTERM");
    }
    if (children.every(({ child: c }) => c.exitCode !== null || c.signalCode !== null)) process.exit();
  });
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    exiting = true;
    process.exitCode = 0;
    stopAll(signal);
  });
}
