import { type OthelloState, STANDARD_START, parsePosition } from "../rules.js";
import { MidgameSearch } from "../ai/midgame.js";
import { EndgameSolver } from "../ai/solver.js";
import { trainedWeights } from "../ai/thread-engines.js";

/** The standard start position. */
export function start(): OthelloState {
  const parsed = parsePosition(STANDARD_START);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** A clock that advances `step` ms at every reading. */
export function steppingClock(step: number): () => number {
  let t = 0;
  return () => (t += step);
}

/** Level 8's two searches, as a worker thread holds them (one per test file). */
export const endgame = new EndgameSolver({ ordering: trainedWeights() });
export const midgame = new MidgameSearch(trainedWeights(), 16);
