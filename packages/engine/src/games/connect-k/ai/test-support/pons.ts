import { expect } from "vitest";
import { type ConnectKState } from "../../board.js";
import { positionFromSequence } from "../../index.js";
import { type ConnectKOptions, parseOptions } from "../../options.js";
import { ConnectKSolver } from "../solver.js";

export function opts(input: object): ConnectKOptions {
  const parsed = parseOptions(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

export const C4 = opts({ preset: "connect-four" });

export function position(options: ConnectKOptions, sequence: string): ConnectKState {
  const parsed = positionFromSequence(options, sequence);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

export interface TestLine {
  readonly sequence: string;
  readonly score: number;
}

/** Where Pons's test sets are (the test files read them: the engine's own modules touch no files). */
export const SETS = new URL("../fixtures/", import.meta.url);

/** A test set's lines: a move sequence and its score. */
export function parseSet(text: string): TestLine[] {
  return text
    .split("\n")
    .filter((line) => line.length > 0)
    .map((line) => {
      const [sequence = "", score = ""] = line.split(" ");
      return { sequence, score: Number(score) };
    });
}

/** Runs a test set with one solver (its table kept across positions); returns mean ms and nodes per position. */
export function runSet(lines: readonly TestLine[], weak = false): { meanMs: number; meanNodes: number } {
  const solver = new ConnectKSolver(C4);
  let nodes = 0;
  const start = performance.now();
  for (const line of lines) {
    const state = position(C4, line.sequence);
    const result = solver.solve(state, { weak });
    expect(result.score, line.sequence).toBe(weak ? Math.sign(line.score) : line.score);
    nodes += result.nodes;
  }
  const elapsed = performance.now() - start;
  return { meanMs: elapsed / lines.length, meanNodes: nodes / lines.length };
}
