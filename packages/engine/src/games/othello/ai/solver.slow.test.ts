import { describe, expect, it } from "vitest";
import { type OthelloState, parsePosition } from "../rules.js";
import { parseSquare, squareName } from "../squares.js";
import { FFO_40_49 } from "./ffo-fixture.js";
import { EndgameSolver } from "./solver.js";
import { trainedWeights } from "./thread-engines.js";

const trainedSolver = new EndgameSolver({ ordering: trainedWeights() });

declare const process: { env: Record<string, string | undefined> };

function position(text: string): OthelloState {
  const parsed = parsePosition(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

const SLOW = process.env.ARENA_TEST_SLOW === "1";

describe("FFO endgame suite", () => {
  // #40 (20 empties) takes seconds; #41–#49 (22–26 empties) take many minutes in total, so they run with
  // ARENA_TEST_SLOW=1, and `arena solve` over the whole file is recorded in docs/benchmarks.md.
  for (const line of SLOW ? FFO_40_49 : FFO_40_49.slice(0, 1)) {
    const [board = "", side = "", score = "", best = "", id = ""] = line.split(/\s+/);
    it(`${id}: ${score} by ${best}`, () => {
      const result = trainedSolver.solve(position(`${board} ${side}`));
      expect(result.score).toBe(Number(score));
      expect(best.split(",").map(parseSquare)).toContain(result.bestMove);
      expect(squareName(result.bestMove)).toMatch(/^[a-h][1-8]$/);
    }, 600_000);
  }
});
