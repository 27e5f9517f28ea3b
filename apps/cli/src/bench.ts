/**
 * `npm run bench`: speed figures measured side by side with the C
 * yardsticks in ../shared/bench, compiled and run in the same invocation so
 * that ratios are meaningful on a noisy machine.
 *
 *   node apps/cli/dist/bench.js [--only perft] [--depth 11]
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Othello, othello } from "@arena/engine";

const sharedDir = process.env.ARENA_SHARED ?? fileURLToPath(new URL("../../../../shared", import.meta.url));

interface PerftLine {
  depth: number;
  leaves: number;
  seconds: number;
  leavesPerSecond: number;
}

function parsePerftLine(text: string): PerftLine {
  const match = /depth (\d+) leaves (\d+) seconds ([\d.]+) leaves_per_s (\d+)/.exec(text);
  if (match === null) throw new Error(`unexpected perft output: ${text}`);
  return {
    depth: Number(match[1]),
    leaves: Number(match[2]),
    seconds: Number(match[3]),
    leavesPerSecond: Number(match[4]),
  };
}

/** Compiles a C yardstick with the flags the issue names and returns the binary's path. */
export function compileReference(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), "arena-bench-"));
  const binary = join(dir, name);
  execFileSync("gcc", ["-O2", "-march=native", "-o", binary, join(sharedDir, "bench", `${name}.c`)], {
    stdio: "inherit",
  });
  return binary;
}

function perftBench(depth: number): void {
  console.log(`## Othello perft(${depth}) from the start position`);
  const reference = compileReference("perft-ref");
  const c = parsePerftLine(execFileSync(reference, [String(depth)], { encoding: "utf8" }));
  console.log(`C yardstick (gcc -O2 -march=native):  ${formatLine(c)}`);
  const start = othello.initial({}, 0);
  Othello.perftOthello(start, Math.min(depth, 8)); // warm-up so the JIT has compiled the hot path
  const started = performance.now();
  const leaves = Othello.perftOthello(start, depth);
  const seconds = (performance.now() - started) / 1000;
  const ours = { depth, leaves, seconds, leavesPerSecond: Math.round(leaves / seconds) };
  console.log(`Arena (TypeScript, Node ${process.version}):   ${formatLine(ours)}`);
  if (ours.leaves !== c.leaves) throw new Error(`leaf counts differ: ${ours.leaves} vs ${c.leaves}`);
  console.log(`ratio: ${(ours.leavesPerSecond / c.leavesPerSecond).toFixed(2)}x the C yardstick\n`);
}

function formatLine(line: PerftLine): string {
  return `depth ${line.depth} leaves ${line.leaves} seconds ${line.seconds.toFixed(3)} leaves_per_s ${line.leavesPerSecond}`;
}

const { values } = parseArgs({
  options: { only: { type: "string", multiple: true }, depth: { type: "string" } },
});
const sections = new Set(values.only ?? ["perft"]);
if (sections.has("perft")) perftBench(Number(values.depth ?? 11));
