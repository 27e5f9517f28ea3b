// One server under test for the single-process harnesses (ai-fairness, analysis-flood, ai-soak): the repo's
// build on 127.0.0.1, killed when the harness exits, and a hard time limit so a stuck run never hangs CI.
import { spawn } from "node:child_process";
import { SERVER_NODE_FLAGS, serverMain } from "./paths.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the server with `env` over the caller's environment (the API and sockets alone unless `env` says
 * otherwise), exits the harness with status 2 after `limitMs`, and resolves with the child and its URL once
 * `/readyz` answers.
 */
export async function startServer({ name, port, env, limitMs }) {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverMain], {
    env: {
      ...process.env,
      SERVE_WEB: "false",
      PORT: String(port),
      HOST: "127.0.0.1",
      SECRET: `${name}-secret-0123456789`,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  process.on("exit", () => {
    try {
      child.kill("SIGKILL");
    } catch {}
  });
  setTimeout(() => {
    console.error(`${name}: hard time limit`);
    process.exit(2);
  }, limitMs).unref();
  for (let k = 0; k < 150; k++) {
    try {
      if ((await fetch(url + "/readyz")).ok) break;
    } catch {}
    await sleep(200);
  }
  return { child, url };
}
