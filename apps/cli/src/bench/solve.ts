/**
 * The `solve` section of `npm run bench`, every ratio measured side by side in one run: the exact
 * endgame solver (trained and Iago ordering) against the C yardstick ../shared/bench/solve-ref.c on
 * the 20-empty set, then on a 22-empty set and FFO #40–#44; then the midgame searches' speed. To
 * compare with the solver at another commit: bench/engine/ab.sh <commit> --only solve.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Othello, Random, othello } from "@arena/engine";
import {
  EndgameSolver,
  createContext,
  iago,
  trainedMidgame,
  trainedWeights,
} from "@arena/engine/games/othello/ai/index";

/**
 * The "arena-iago2-<empties>" sets: for seeds 1..count, eight random plies (seeded mulberry32) then
 * iago(2) against itself until `empties` squares are empty. FFO #40–#44 take the C yardstick from
 * 36 s to several minutes each, too slow for every bench run, so the C ratio is measured on the
 * 20-empty set.
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
  readonly bestMove: number;
  readonly nodes: number;
  readonly wall: number;
  /** User CPU seconds: on a shared machine this is steadier than the wall clock. */
  readonly cpu: number;
}

/** Runs the C solver on one position under /usr/bin/time for its CPU time. */
function runReference(binary: string, line: string): Timed {
  const started = performance.now();
  const output = execFileSync("sh", ["-c", '/usr/bin/time -f "cpu %U" "$0" 2>&1', binary], {
    input: `${line}\n`,
    encoding: "utf8",
  });
  const wall = (performance.now() - started) / 1000;
  const match = /([+-]?\d+) nodes=(\d+)/.exec(output);
  const cpu = /cpu ([\d.]+)/.exec(output);
  if (match === null || cpu === null) throw new Error(`unexpected solve-ref output: ${output}`);
  return { score: Number(match[1]), bestMove: -1, nodes: Number(match[2]), wall, cpu: Number(cpu[1]) };
}

type Solve = (state: Othello.OthelloState) => { score: number; bestMove: number; nodes: number };

interface Contender {
  readonly name: string;
  readonly solve: Solve;
  /** Empties the table before each position, so every position starts cold as the C solver does. */
  readonly clear: () => void;
}

function timed(contender: Contender, state: Othello.OthelloState): Timed {
  contender.clear();
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const result = contender.solve(state);
  const wall = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart).user / 1e6;
  return { score: result.score, bestMove: result.bestMove, nodes: result.nodes, wall, cpu };
}

function format(name: string, t: Timed): string {
  const best = t.bestMove >= 0 ? ` ${Othello.squareName(t.bestMove)}` : "";
  return `  ${name.padEnd(9)} ${String(t.score).padStart(4)}${best.padEnd(4)} nodes ${String(t.nodes).padStart(11)} wall ${t.wall.toFixed(2).padStart(7)}s cpu ${t.cpu.toFixed(2).padStart(7)}s`;
}

interface Totals {
  wall: number;
  cpu: number;
  nodes: number;
}

/** Solves every position with every contender in turn; returns the totals per contender. */
function compare(
  positions: readonly {
    readonly state: Othello.OthelloState;
    readonly id: string;
    readonly check?: string;
  }[],
  contenders: readonly Contender[],
  reference: string | null,
): Map<string, Totals> {
  const totals = new Map<string, Totals>();
  const add = (name: string, t: Timed): void => {
    const sum = totals.get(name) ?? { wall: 0, cpu: 0, nodes: 0 };
    sum.wall += t.wall;
    sum.cpu += t.cpu;
    sum.nodes += t.nodes;
    totals.set(name, sum);
  };
  for (const { state, id, check } of positions) {
    const line = Othello.formatPosition(state);
    console.log(`${id} ${line}${check === undefined ? "" : ` (expected ${check})`}`);
    let score: number | null = null;
    if (reference !== null) {
      const c = runReference(reference, line);
      console.log(format("C", c));
      add("C", c);
      score = c.score;
    }
    for (const contender of contenders) {
      const t = timed(contender, state);
      console.log(format(contender.name, t));
      add(contender.name, t);
      if (score !== null && t.score !== score)
        throw new Error(`${id}: ${contender.name} ${t.score}, expected ${score}`);
      score = t.score;
      if (check !== undefined) {
        const [expected = "", moves = ""] = check.split(" ");
        if (t.score !== Number(expected) || !moves.split(",").includes(Othello.squareName(t.bestMove))) {
          throw new Error(
            `${id}: ${contender.name} ${t.score} ${Othello.squareName(t.bestMove)}, expected ${check}`,
          );
        }
      }
    }
  }
  return totals;
}

function summary(totals: Map<string, Totals>, base: string): void {
  const reference = totals.get(base);
  if (reference === undefined) return;
  for (const [name, t] of totals) {
    console.log(
      `total ${name.padEnd(9)} cpu ${t.cpu.toFixed(2).padStart(7)}s wall ${t.wall.toFixed(2).padStart(7)}s nodes ${String(t.nodes).padStart(12)}` +
        (name === base ? "" : `  ${base}/${name}: ${(reference.cpu / t.cpu).toFixed(2)}x cpu`),
    );
  }
}

export function solveBench(options: {
  readonly reference: string;
  readonly sharedDir: string;
  readonly ffo: string;
  readonly set22: boolean;
  readonly iagoDepth: number;
}): void {
  const solver = new EndgameSolver({ ordering: trainedWeights() });
  const level7 = new EndgameSolver({ ordering: "iago" });
  const contenders: Contender[] = [
    { name: "level 7", solve: (s) => level7.solve(s), clear: () => level7.clear() },
    { name: "Arena", solve: (s) => solver.solve(s), clear: () => solver.clear() },
  ];
  // Warm-up: lets the JIT compile the solvers and builds the tables their move ordering uses.
  for (const state of benchPositions(2, 14)) for (const c of contenders) c.solve(state);

  console.log("## Othello exact endgame solver (Arena = trained ordering; level 7 = Iago ordering)");
  console.log("");
  console.log("Set arena-iago2-20: seeds 1-6, 8 random plies then iago(2) self-play to 20 empties");
  const set20 = benchPositions().map((state, i) => ({ state, id: `seed${i + 1}` }));
  summary(compare(set20, contenders, options.reference), "C");

  if (options.set22) {
    console.log("\nSet arena-iago2-22: the same games to 22 empties");
    const set22 = benchPositions(6, 22).map((state, i) => ({ state, id: `seed${i + 1}` }));
    summary(compare(set22, contenders, null), "level 7");
  }

  if (options.ffo !== "none") {
    const [from = 40, to = 44] = options.ffo.split("-").map(Number);
    console.log(`\nFFO #${from}-#${to} (exact scores and best moves checked)`);
    const text = readFileSync(join(options.sharedDir, "data", "ffo-40-59.txt"), "utf8");
    const ffo: { state: Othello.OthelloState; id: string; check: string }[] = [];
    for (const raw of text.split("\n")) {
      if (raw.startsWith("#")) continue;
      const [board = "", side = "", score = "", best = "", id = ""] = raw.trim().split(/\s+/);
      const number = Number(id.replace("ffo", ""));
      if (!(number >= from && number <= to)) continue;
      const parsed = Othello.parsePosition(`${board} ${side}`);
      if (parsed.ok) ffo.push({ state: parsed.value, id, check: `${Number(score)} ${best}` });
    }
    summary(compare(ffo, contenders, null), "level 7");
  }

  console.log(`\n## Midgame: Iago (alpha-beta-searcher3 + iago-eval) at depth ${options.iagoDepth}`);
  midgame("Iago", options.iagoDepth, (state) => {
    const context = createContext(1);
    iago(options.iagoDepth)(state, context);
    return context.counter.nodes;
  });
  const search = trainedMidgame();
  console.log(`\n## Midgame: level 8's search (PVS + trained evaluation) at depth ${options.iagoDepth + 2}`);
  midgame("trained", options.iagoDepth + 2, (state) => {
    const [pl, ph, ol, oh] =
      state.turn === Othello.BLACK
        ? [state.blackLo, state.blackHi, state.whiteLo, state.whiteHi]
        : [state.whiteLo, state.whiteHi, state.blackLo, state.blackHi];
    search.clear();
    return search.search(pl, ph, ol, oh, { maxDepth: options.iagoDepth + 2 }).nodes;
  });
}

function midgame(name: string, depth: number, run: (state: Othello.OthelloState) => number): void {
  let nodes = 0;
  let seconds = 0;
  let cpu = 0;
  run(othello.initial({}, 0)); // warm-up
  for (const state of benchPositions(4, 40)) {
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    const n = run(state);
    const s = (performance.now() - started) / 1000;
    cpu += process.cpuUsage(cpuStart).user / 1e6;
    nodes += n;
    seconds += s;
    console.log(`  ${Othello.formatPosition(state)} nodes ${n} ${s.toFixed(2)}s`);
  }
  console.log(
    `${name} depth ${depth}: ${nodes} nodes in ${seconds.toFixed(2)}s wall (${Math.round(nodes / seconds)} nodes/s), ` +
      `${cpu.toFixed(2)}s cpu (${Math.round(nodes / cpu)} nodes/s)`,
  );
}
