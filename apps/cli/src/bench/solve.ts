/**
 * The `solve` section of `npm run bench`: the exact endgame solver against
 * the C yardstick ../shared/bench/solve-ref.c on the same positions in the
 * same invocation, then FFO #40–#44 and Iago's midgame nodes/s.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Othello, Random, othello } from "@arena/engine";
import { clearSolverTable, createContext, iago, solveExact } from "@arena/engine/games/othello/ai/index";

/**
 * The "arena-iago2-20" set: for seeds 1..6, eight random plies (seeded
 * mulberry32) then iago(2) against itself until 20 squares are empty. FFO
 * #40–#44 take the C yardstick from 36 s to several minutes each, too slow
 * for every bench run, so the ratio is measured on this set.
 */
export function benchPositions(count = 6, empties = 20): Othello.OthelloState[] {
  const positions: Othello.OthelloState[] = [];
  for (let seed = 1; seed <= count; seed++) {
    const random = new Random(seed);
    const player = iago(2);
    const context = createContext(seed);
    let state = othello.initial({}, 0);
    for (let ply = 0; Othello.discCounts(state).empty > empties; ply++) {
      const legal = Othello.legalMoves(state);
      if (legal.length === 0) break;
      const move =
        legal[0] === Othello.PASS
          ? Othello.PASS
          : ply < 8
            ? (legal[random.int(legal.length)] ?? Othello.PASS)
            : player(state, context);
      state = Othello.applyMove(state, move);
    }
    if (Othello.legalMoves(state)[0] === Othello.PASS) state = Othello.applyMove(state, Othello.PASS);
    positions.push(state);
  }
  return positions;
}

interface Timed {
  readonly score: number;
  readonly nodes: number;
  readonly wall: number;
  /** User CPU seconds: on a shared machine this is steadier than the wall clock. */
  readonly cpu: number | null;
}

/** Runs the C solver on one position, under /usr/bin/time for its CPU time when that exists. */
function runReference(binary: string, line: string): Timed {
  const started = performance.now();
  let output: string;
  try {
    output = execFileSync("sh", ["-c", '/usr/bin/time -f "cpu %U" "$0" 2>&1', binary], {
      input: `${line}\n`,
      encoding: "utf8",
    });
  } catch {
    output = execFileSync(binary, { input: `${line}\n`, encoding: "utf8" });
  }
  const wall = (performance.now() - started) / 1000;
  const match = /([+-]?\d+) nodes=(\d+)/.exec(output);
  if (match === null) throw new Error(`unexpected solve-ref output: ${output}`);
  const cpu = /cpu ([\d.]+)/.exec(output);
  return {
    score: Number(match[1]),
    nodes: Number(match[2]),
    wall,
    cpu: cpu === null ? null : Number(cpu[1]),
  };
}

function runOurs(state: Othello.OthelloState): Timed & { readonly bestMove: number } {
  clearSolverTable(); // every position from a cold table, as the C solver has none
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const result = solveExact(state);
  const wall = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart).user / 1e6;
  return { score: result.score, nodes: result.nodes, wall, cpu, bestMove: result.bestMove };
}

function format(t: Timed): string {
  const cpu = t.cpu === null ? "" : ` cpu ${t.cpu.toFixed(2)}s`;
  return `${String(t.score).padStart(4)} nodes ${String(t.nodes).padStart(11)} wall ${t.wall.toFixed(2).padStart(7)}s${cpu}`;
}

export function solveBench(options: {
  readonly reference: string;
  readonly sharedDir: string;
  readonly ffo: string;
  readonly iagoDepth: number;
}): void {
  console.log("## Othello exact endgame solver vs the C yardstick (solve-ref.c, gcc -O2 -march=native)");
  console.log("Set arena-iago2-20: seeds 1-6, 8 random plies then iago(2) self-play to 20 empties\n");
  // Warm-up: lets the JIT compile the solver and builds the edge table its move ordering uses.
  for (const state of benchPositions(2, 14)) solveExact(state);
  let cWall = 0;
  let cCpu = 0;
  let oursWall = 0;
  let oursCpu = 0;
  let cpuKnown = true;
  for (const [index, state] of benchPositions().entries()) {
    const line = Othello.formatPosition(state);
    const c = runReference(options.reference, line);
    const ours = runOurs(state);
    if (c.score !== ours.score) throw new Error(`scores differ on ${line}: C ${c.score}, ours ${ours.score}`);
    console.log(`seed${index + 1} ${line}`);
    console.log(`  C     ${format(c)}`);
    console.log(`  Arena ${format(ours)} best ${Othello.squareName(ours.bestMove)}`);
    cWall += c.wall;
    oursWall += ours.wall;
    if (c.cpu === null || ours.cpu === null) cpuKnown = false;
    else {
      cCpu += c.cpu;
      oursCpu += ours.cpu;
    }
  }
  console.log(
    `total wall: C ${cWall.toFixed(2)}s, Arena ${oursWall.toFixed(2)}s: Arena ${(cWall / oursWall).toFixed(2)}x faster`,
  );
  if (cpuKnown) {
    console.log(
      `total cpu:  C ${cCpu.toFixed(2)}s, Arena ${oursCpu.toFixed(2)}s: Arena ${(cCpu / oursCpu).toFixed(2)}x faster`,
    );
  }

  if (options.ffo !== "none") {
    const [from = 40, to = 44] = options.ffo.split("-").map(Number);
    console.log(`\n## FFO #${from}-#${to} (Arena only; exact scores and best moves checked)`);
    const text = readFileSync(join(options.sharedDir, "data", "ffo-40-59.txt"), "utf8");
    for (const raw of text.split("\n")) {
      if (raw.startsWith("#")) continue;
      const [board = "", side = "", score = "", best = "", id = ""] = raw.trim().split(/\s+/);
      const number = Number(id.replace("ffo", ""));
      if (!(number >= from && number <= to)) continue;
      const parsed = Othello.parsePosition(`${board} ${side}`);
      if (!parsed.ok) continue;
      const ours = runOurs(parsed.value);
      const move = Othello.squareName(ours.bestMove);
      const ok = ours.score === Number(score) && best.split(",").includes(move);
      const empties = Othello.discCounts(parsed.value).empty;
      console.log(
        `${id} (${empties} empties) ${format(ours)} best ${move} ${ok ? "ok" : `EXPECTED ${score} ${best}`}`,
      );
    }
  }

  console.log(`\n## Midgame: Iago (alpha-beta-searcher3 + iago-eval) at depth ${options.iagoDepth}`);
  let nodes = 0;
  let seconds = 0;
  let cpu = 0;
  iago(4)(othello.initial({}, 0), createContext(1)); // warm-up
  for (const state of benchPositions(4, 40)) {
    const context = createContext(1);
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    iago(options.iagoDepth)(state, context);
    const s = (performance.now() - started) / 1000;
    cpu += process.cpuUsage(cpuStart).user / 1e6;
    nodes += context.counter.nodes;
    seconds += s;
    console.log(`  ${Othello.formatPosition(state)} nodes ${context.counter.nodes} ${s.toFixed(2)}s`);
  }
  console.log(
    `total ${nodes} nodes in ${seconds.toFixed(2)}s wall (${Math.round(nodes / seconds)} nodes/s), ` +
      `${cpu.toFixed(2)}s cpu (${Math.round(nodes / cpu)} nodes/s)`,
  );
}
