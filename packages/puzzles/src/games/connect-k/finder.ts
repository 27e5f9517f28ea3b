import { ConnectK } from "@arena/engine";
import { solverFor } from "@arena/engine/games/connect-k/ai/index";
import type { PuzzleFinder } from "../../finder.js";
import type { FoundPuzzle, ProofStep } from "../../puzzle.js";
import {
  CONNECT_FOUR,
  MAX_WIN,
  MIN_WIN,
  applyColumn,
  bestReplies,
  loadConnectFour,
  movesToWin,
  onlyWinningColumn,
  positionOf,
  proofStep,
  scoreColumns,
} from "./line.js";
import { verifyConnectFour } from "./verify.js";

/** Positions with at most this many empty cells: room for a win in MAX_WIN, and quick exact solves. */
const MAX_EMPTY = 24;

interface Line {
  readonly moves: readonly string[];
  readonly proof: readonly ProofStep[];
}

/**
 * The player's only winning column, then the first of the opponent's longest defences (left to right)
 * after which the player's columns stay the only winning ones, to the winning disc; null if none.
 */
function uniqueLine(state: ConnectK.ConnectKState): Line | null {
  const solver = solverFor(state.options);
  const rated = scoreColumns(solver, state);
  const move = onlyWinningColumn(rated);
  if (move === null) return null;
  const step = proofStep(move, rated);
  const after = applyColumn(state, move);
  if (after.status === "won") return { moves: [step.move], proof: [step] };
  for (const reply of bestReplies(scoreColumns(solver, after))) {
    const rest = uniqueLine(applyColumn(after, reply));
    if (rest !== null) {
      return {
        moves: [step.move, ConnectK.formatColumn(reply), ...rest.moves],
        proof: [step, ...rest.proof],
      };
    }
  }
  return null;
}

function candidate(state: ConnectK.ConnectKState): boolean {
  const { width, height } = state.options;
  return state.status === "ongoing" && width * height - state.plies <= MAX_EMPTY;
}

function find(state: ConnectK.ConnectKState): FoundPuzzle | null {
  if (!candidate(state)) return null;
  // Most positions are no win for the side to move; the sign alone (a weak solve) is much cheaper.
  if (solverFor(state.options).solve(state, { weak: true }).score <= 0) return null;
  const line = uniqueLine(state);
  if (line === null) return null;
  const value = Math.max(...(line.proof[0]?.values.map((entry) => entry.value ?? 0) ?? [0]));
  const moves = movesToWin(state, value);
  if (moves < MIN_WIN || moves > MAX_WIN) return null;
  return {
    position: positionOf(state),
    sideToMove: ConnectK.seatOnTurn(state),
    result: "win",
    value,
    unit: "outcome-score",
    line: line.moves,
    proof: line.proof,
    themes: ["win"],
  };
}

/** Both sides' best columns by the solver (the first best from the left), until the game ends. */
function bestPlay(start: ConnectK.ConnectKState, plies: number): string[] {
  const moves: string[] = [];
  let state = start;
  const solver = solverFor(state.options);
  while (moves.length < plies && state.status === "ongoing") {
    const column = bestReplies(scoreColumns(solver, state))[0];
    if (column === undefined) break;
    moves.push(ConnectK.formatColumn(column));
    state = applyColumn(state, column);
  }
  return moves;
}

export const connectFourPuzzles: PuzzleFinder<ConnectK.ConnectKState> = {
  // Club against casual play (levels 2 and 3) after a few random discs: their slips leave forced wins.
  selfPlay: {
    options: CONNECT_FOUR,
    randomPlies: 4,
    levels: [
      [2, 3],
      [2, 3],
    ],
  },
  candidate,
  find,
  load: loadConnectFour,
  verify: verifyConnectFour,
  bestPlay,
};
