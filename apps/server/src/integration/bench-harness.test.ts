import { spawn } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { freePort } from "../test-support/net.js";

// The load harness (bench/server, run by `npm run bench:server`) is plain node scripts outside the
// workspaces; this runs it for a few seconds against the built server so that it cannot rot unnoticed.
const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
const harness = resolve(repo, "bench/server/src/load.mjs");

interface HarnessResult {
  readonly target: string;
  readonly latencyMs: { readonly n: number; readonly p50: number; readonly p99: number };
  readonly acksPerSec: number;
  readonly errors: Record<string, number>;
}

async function runHarness(target: string): Promise<HarnessResult> {
  const port = await freePort();
  const args = [harness, "--target", target, "--games", "4", "--duration", "3", "--pace", "100"];
  const child = spawn(process.execPath, [...args, "--port", String(port)], {
    cwd: repo,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.on("exit", done));
  if (code !== 0) throw new Error(`harness exited ${code}: ${stderr}`);
  const line = stdout.split("\n").find((l) => l.startsWith("{"));
  if (line === undefined) throw new Error(`no JSON line from the harness: ${stdout}`);
  return JSON.parse(line) as HarnessResult;
}

describe("the load harness (npm run bench:server)", () => {
  it.each(["arena", "echo"])("measures the %s server end to end", async (target) => {
    const result = await runHarness(target);
    expect(result.target).toBe(target);
    expect(result.latencyMs.n).toBeGreaterThan(20);
    expect(result.latencyMs.p50).toBeGreaterThan(0);
    expect(result.acksPerSec).toBeGreaterThan(5);
    expect(result.errors).toEqual({});
  });
});
