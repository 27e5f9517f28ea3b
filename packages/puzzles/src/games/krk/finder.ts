import { Krk, krk } from "@arena/engine";
import type { PuzzleFinder } from "../../finder.js";
import type { FoundPuzzle, ProofStep } from "../../puzzle.js";
import { MAX_MATE, MIN_MATE, loadKrk, onlyShortestMate, proofStep, rateWhiteMoves } from "./line.js";
import { verifyKrk } from "./verify.js";

interface Line {
  readonly moves: readonly string[];
  readonly proof: readonly ProofStep[];
}

/**
 * The line from a White-to-move position: White's only shortest mate, then the first of Black's longest
 * defences (in the game's move order) after which White's moves stay unique; null if there is none.
 */
function uniqueLine(position: Krk.KrkPosition): Line | null {
  const rated = rateWhiteMoves(position);
  const move = onlyShortestMate(rated);
  if (move === null) return null;
  const step = proofStep(position, move, rated);
  const after = Krk.applyMove(position, move);
  if (Krk.movesToMate(after) === 0) return { moves: [step.move], proof: [step] };
  for (const reply of Krk.bestMovesOf(after)) {
    const rest = uniqueLine(Krk.applyMove(after, reply));
    if (rest !== null) {
      return { moves: [step.move, Krk.formatSan(after, reply), ...rest.moves], proof: [step, ...rest.proof] };
    }
  }
  return null;
}

function find(state: Krk.KrkState): FoundPuzzle | null {
  const mate = Krk.movesToMate(state.position);
  if (mate === null || mate < MIN_MATE || mate > MAX_MATE) return null;
  const line = uniqueLine(state.position);
  if (line === null) return null;
  // SAN marks a check with "+".
  const quiet = !(line.moves[0] ?? "").endsWith("+");
  return {
    position: Krk.formatFen(state.position, 0, 1),
    sideToMove: Krk.WHITE,
    result: "win",
    value: mate,
    unit: "moves-to-mate",
    line: line.moves,
    proof: line.proof,
    // A quiet first move (no check) is the harder kind.
    themes: quiet ? ["mate", "quiet-move"] : ["mate"],
  };
}

/** Both sides' best moves by the oracle: White mates soonest, Black holds out longest (or draws). */
function bestPlay(start: Krk.KrkState, plies: number): string[] {
  const moves: string[] = [];
  let state = start;
  while (moves.length < plies && state.status === "ongoing") {
    const move = Krk.bestMovesOf(state.position)[0];
    if (move === undefined) break;
    moves.push(Krk.formatSan(state.position, move));
    state = krk.apply(state, move);
  }
  return moves;
}

export const krkPuzzles: PuzzleFinder<Krk.KrkState> = {
  // Bratko's AL0 (level 2) as White against the perfect defence (level 3) from random won positions:
  // AL0 mates surely but not soonest, so its games pass through every distance to mate.
  selfPlay: { options: { start: "random" }, randomPlies: 0, levels: [[2], [3]] },
  candidate: (state) => state.status === "ongoing" && state.position.side === Krk.WHITE,
  find,
  load: loadKrk,
  verify: verifyKrk,
  bestPlay,
};
