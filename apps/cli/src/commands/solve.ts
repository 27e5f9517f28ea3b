/**
 * `arena solve --file F [--threads 1]`: solves every position of F exactly.
 * F holds one position per line in the FFO format (64 squares, side to
 * move, then optional score, best moves and id); lines starting with # and
 * blank lines are skipped. Prints `id score best_move nodes seconds` per
 * position, the id being the fifth field or else the line number.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { Othello } from "@arena/engine";
import { EndgameSolver, trainedWeights } from "@arena/engine/games/othello/ai/index";
import type { Output } from "../io.js";

function fail(io: Output, message: string): number {
  io.stderr(`arena solve: ${message}\n`);
  return 2;
}

function signed(score: number): string {
  return score > 0 ? `+${score}` : String(score);
}

export function solveCommand(
  args: string[],
  io: Output,
  now: () => number = () => performance.now(),
): number {
  let values: { file?: string; threads?: string };
  try {
    values = parseArgs({ args, options: { file: { type: "string" }, threads: { type: "string" } } }).values;
  } catch (error) {
    return fail(io, error instanceof Error ? error.message : String(error));
  }
  if (values.file === undefined) return fail(io, "--file is required");
  const threads = Number(values.threads ?? "1");
  if (!Number.isInteger(threads) || threads < 1) return fail(io, "--threads must be a positive integer");
  // The solver is single-threaded; more threads are accepted for compatibility and ignored.
  if (threads > 1) io.stderr(`arena solve: using 1 thread (the solver is single-threaded)\n`);
  let text: string;
  try {
    text = readFileSync(values.file, "utf8");
  } catch (error) {
    return fail(io, `cannot read ${values.file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const solver = new EndgameSolver({ ordering: trainedWeights() });
  let status = 0;
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const fields = line.split(/\s+/);
    const position = Othello.parsePosition(`${fields[0] ?? ""} ${fields[1] ?? ""}`);
    if (!position.ok) {
      io.stderr(`arena solve: line ${index + 1}: ${position.error.message}\n`);
      status = 1;
      continue;
    }
    const id = fields[4] ?? String(index + 1);
    const started = now();
    const result = solver.solve(position.value);
    const seconds = (now() - started) / 1000;
    const move = result.bestMove < 0 ? "--" : Othello.squareName(result.bestMove);
    io.stdout(`${id} ${signed(result.score)} ${move} ${result.nodes} ${seconds.toFixed(3)}\n`);
  }
  return status;
}
