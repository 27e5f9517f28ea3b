import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { missingBinaries } from "../../../../scripts/cluster.mjs";
import { freePort } from "../test-support/net.js";
import { skipWithout } from "../test-support/requires.js";

// The load harness (bench/server, run by `npm run bench:server`) is plain node scripts outside the
// workspaces; this runs it for a few seconds against the built server so that it cannot rot unnoticed.
const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
const harness = resolve(repo, "bench/server/src/load.mjs");
const pooler = resolve(repo, "bench/server/src/pool.mjs");
const tailer = resolve(repo, "bench/server/src/tail.mjs");
// Every latency of the runs below, for the pooling script.
const samples = join(mkdtempSync(join(tmpdir(), "arena-bench-")), "samples.jsonl");

interface HarnessResult {
  readonly target: string;
  readonly servers: number;
  readonly cpuMsPerMove: number | null;
  readonly redisCpuPct: number | null;
  readonly balancerCpuPct: number | null;
  readonly latencyMs: { readonly n: number; readonly p50: number; readonly p99: number };
  readonly acksPerSec: number;
  readonly errors: Record<string, number>;
}

async function runHarness(target: string, ...extra: string[]): Promise<HarnessResult> {
  const port = await freePort();
  const args = [harness, "--target", target, "--games", "4", "--duration", "3", "--pace", "100", ...extra];
  args.push("--samples", samples);
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

  const missing = missingBinaries();
  it.skipIf(skipWithout(missing.length > 0, missing.join(" and ")))(
    "measures two processes behind HAProxy, counting Redis's and the balancer's CPU",
    async () => {
      const result = await runHarness("arena", "--balancer", "--label", "arena-balancer");
      expect(result.servers).toBe(2);
      expect(result.latencyMs.n).toBeGreaterThan(20);
      expect(result.errors).toEqual({});
      expect(result.redisCpuPct).not.toBeNull();
      expect(result.balancerCpuPct).not.toBeNull();
      expect(result.cpuMsPerMove).toBeGreaterThan(0);
    },
  );

  it("pools those runs' latencies and compares Arena's p99 with the echo floor's", () => {
    const out = join(dirname(samples), "pooled.jsonl");
    const pooled = spawnSync(process.execPath, [pooler, samples, "--out", out], {
      cwd: repo,
      encoding: "utf8",
    });
    expect(pooled.status).toBe(0);
    const rows = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { label: string; samples: number; p99VsEcho: number | null });
    const arena = rows.find((row) => row.label === "arena");
    const echo = rows.find((row) => row.label === "echo");
    expect(arena?.samples).toBeGreaterThan(20);
    expect(echo?.p99VsEcho).toBeNull();
    expect(arena?.p99VsEcho).toBeGreaterThan(0);
  });

  it("lays a run's slow moves over the server's GCs and stalls", () => {
    // Four moves sent one second apart (wall clock), two of them slow: one waited through a scavenge,
    // one through a stall with no GC in it. The fast ones overlap nothing.
    const start = 1_700_000_000_000;
    const dir = mkdtempSync(join(tmpdir(), "arena-tail-"));
    const run = join(dir, "run.json");
    const server = join(dir, "timeline.json");
    writeFileSync(
      run,
      JSON.stringify({
        label: "arena",
        games: 2,
        sentAt: [start, start + 1000, start + 2000, start + 3000],
        lat: [1, 40, 1, 60],
      }),
    );
    writeFileSync(
      server,
      JSON.stringify({
        gcs: [{ at: start + 1010, ms: 12, kind: "scavenge" }],
        stalls: [{ at: start + 3020, ms: 30, cpuMs: 30, mono: 0 }],
        cpu: [],
      }),
    );
    const out = spawnSync(process.execPath, [tailer, run, server, "--slow-ms", "10"], { encoding: "utf8" });
    expect(out.status).toBe(0);
    expect(out.stdout).toContain("4 moves");
    expect(out.stdout).toContain("2 at ≥ 10.0 ms");
    expect(out.stdout).toMatch(
      /a GC only 1 \(50%\), a stall only 1 \(50%\), both 0 \(0%\), neither 0 \(0%\)/,
    );
    // The per-second table puts the scavenge in second 1, the stall in second 3.
    expect(out.stdout).toContain("\n  1 |     1 |    1 |   12.0 (1, 0) |    0 | -\n");
    expect(out.stdout).toContain("\n  3 |     1 |    1 |    0.0 (0, 0) |   30 | -\n");
  });
});
