/**
 * `npm run bench`: speed figures measured side by side with the C
 * yardsticks in ../shared/bench, compiled and run in the same invocation so
 * that ratios are meaningful on a noisy machine.
 *
 *   node apps/cli/dist/bench.js [--only perft] [--depth 11]
 *   node apps/cli/dist/bench.js --only solve [--ffo 40-44|none] [--set-22 on|off] [--iago-depth 7]
 *   node apps/cli/dist/bench.js --only krk
 *   node apps/cli/dist/bench.js --only midgame [--midgame-depth 8]
 *
 * Against another commit of the engine rather than the C yardsticks: bench/engine/ab.sh <commit> bench --only perft.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Othello, OthelloAi, othello } from "@arena/engine";
import { BIG_START, perftBigInt, perftHalvesPlain, perftTyped } from "./bench/representations.js";
import { KRK_SECTION, krkOracleBench } from "./bench/krk.js";
import { midgameBench } from "./bench/midgame.js";
import { solveBench } from "./bench/solve.js";

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
  console.log(`ratio: ${(ours.leavesPerSecond / c.leavesPerSecond).toFixed(2)}x the C yardstick`);
  // The midgame module's move generation (wasm/midgame.ts): the same tree, one u64 per board.
  const wasm = OthelloAi.midgameWasm(OthelloAi.trainedWeights());
  const sides = [start.blackLo, start.blackHi, start.whiteLo, start.whiteHi] as const;
  wasm.perft(...sides, Math.min(depth, 8));
  const wasmStarted = performance.now();
  const wasmLeaves = wasm.perft(...sides, depth);
  const wasmSeconds = (performance.now() - wasmStarted) / 1000;
  const inWasm = {
    depth,
    leaves: wasmLeaves,
    seconds: wasmSeconds,
    leavesPerSecond: Math.round(wasmLeaves / wasmSeconds),
  };
  console.log(`Arena (WebAssembly, wasm/midgame.ts):   ${formatLine(inWasm)}`);
  if (inWasm.leaves !== c.leaves) throw new Error(`leaf counts differ: ${inWasm.leaves} vs ${c.leaves}`);
  console.log(
    `ratio: ${(inWasm.leavesPerSecond / c.leavesPerSecond).toFixed(2)}x the C yardstick, ` +
      `${(inWasm.leavesPerSecond / ours.leavesPerSecond).toFixed(2)}x the TypeScript\n`,
  );
}

/** The same perft on BigInt, typed-array and int32-halves boards, each measured after a warm-up. */
function representationsBench(depth: number): void {
  console.log(`## Board representations in V8: Othello perft(${depth}), bulk-counted last ply`);
  const start = othello.initial({}, 0);
  const runs: [string, () => number][] = [
    ["int32 halves (engine)", () => Othello.perftOthello(start, depth)],
    [
      "int32 halves, C's algo",
      () => perftHalvesPlain(start.blackLo, start.blackHi, start.whiteLo, start.whiteHi, depth, false),
    ],
    [
      "typed arrays, C's algo",
      () => perftTyped(start.blackLo, start.blackHi, start.whiteLo, start.whiteHi, depth),
    ],
    ["BigInt, C's algo", () => perftBigInt(BIG_START.black, BIG_START.white, depth, false)],
  ];
  const results: [string, number][] = [];
  for (const [name, run] of runs) {
    run();
    const started = performance.now();
    const leaves = run();
    const seconds = (performance.now() - started) / 1000;
    results.push([name, leaves / seconds]);
    console.log(
      `${name.padEnd(24)} leaves ${leaves} seconds ${seconds.toFixed(3)} leaves_per_s ${Math.round(leaves / seconds)}`,
    );
  }
  const fastest = Math.max(...results.map(([, rate]) => rate));
  for (const [name, rate] of results)
    console.log(`${name.padEnd(24)} ${(rate / fastest).toFixed(3)} of the fastest`);
  console.log("");
}

function formatLine(line: PerftLine): string {
  return `depth ${line.depth} leaves ${line.leaves} seconds ${line.seconds.toFixed(3)} leaves_per_s ${line.leavesPerSecond}`;
}

const { values } = parseArgs({
  options: {
    only: { type: "string", multiple: true },
    depth: { type: "string" },
    ffo: { type: "string" },
    "set-22": { type: "string" },
    "iago-depth": { type: "string" },
    "midgame-depth": { type: "string" },
  },
});
const sections = new Set(values.only ?? ["perft", "representations"]);
if (sections.has("perft")) perftBench(Number(values.depth ?? 11));
if (sections.has("representations")) representationsBench(9);
if (sections.has("solve")) {
  solveBench({
    reference: compileReference("solve-ref"),
    sharedDir,
    ffo: values.ffo ?? "40-44",
    set22: values["set-22"] !== "off",
    iagoDepth: Number(values["iago-depth"] ?? 7),
  });
}
if (sections.has(KRK_SECTION)) krkOracleBench(7);
if (sections.has("midgame")) midgameBench(Number(values["midgame-depth"] ?? 8));
