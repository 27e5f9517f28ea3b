// Starts a private redis-server for the Redis suites (unless REDIS_URL is
// set, as CI may do). The suites are skipped only when no binary exists, and
// then loudly.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createConnection } from "node:net";
import type { TestProject } from "vitest/node";
import { freePort } from "./net.js";

declare module "vitest" {
  export interface ProvidedContext {
    redisUrl: string | null;
  }
}

async function waitForPing(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answered = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: "127.0.0.1" }, () => socket.write("PING\r\n"));
      socket.once("data", (data) => {
        socket.destroy();
        resolve(data.toString().startsWith("+PONG"));
      });
      socket.once("error", () => resolve(false));
    });
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server on port ${port} did not answer PING`);
}

let child: ChildProcess | undefined;

export async function setup(project: TestProject): Promise<void> {
  const fromEnv = process.env.REDIS_URL;
  if (fromEnv !== undefined && fromEnv !== "") {
    project.provide("redisUrl", fromEnv);
    return;
  }
  if (spawnSync("redis-server", ["--version"]).error !== undefined) {
    console.warn(
      "\n!!! redis-server not found: the Redis store and multi-instance suites are SKIPPED. " +
        "Install it (apt-get install redis-server) or set REDIS_URL. !!!\n",
    );
    project.provide("redisUrl", null);
    return;
  }
  const port = await freePort();
  child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  await waitForPing(port);
  project.provide("redisUrl", `redis://127.0.0.1:${port}`);
}

export function teardown(): void {
  child?.kill("SIGTERM");
}
