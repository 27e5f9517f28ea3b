import { Othello } from "@arena/engine";
import { EndgameSolver, trainedWeights } from "@arena/engine/games/othello/ai/index";
import type { PuzzleFinder } from "../../finder.js";
import type { FoundPuzzle, ProofStep } from "../../puzzle.js";
import {
  MAX_EMPTIES,
  MAX_MOVES,
  MIN_EMPTIES,
  MIN_MOVES,
  bestReplies,
  emptiesOf,
  loadOthello,
  onlyMove,
  proofStep,
  rateMoves,
} from "./line.js";
import { othelloThemes } from "./themes.js";
import { verifyOthello } from "./verify.js";

let solver: EndgameSolver | undefined;

interface Line {
  readonly moves: readonly number[];
  readonly proof: readonly ProofStep[];
}

const NO_LINE: Line = { moves: [], proof: [] };

/**
 * The longest line from `state` of at most `left` player moves: the player's only move, then of the
 * opponent's best replies (square order) the one after which the line goes on longest. Stops when the
 * player has no only move, must pass, or the game ends.
 */
function longestLine(engine: EndgameSolver, state: Othello.OthelloState, left: number): Line {
  if (left === 0) return NO_LINE;
  const rated = rateMoves(engine, state);
  const move = onlyMove(rated);
  if (move === null) return NO_LINE;
  const step = proofStep(move, rated);
  const after = Othello.applyMove(state, move);
  if (Othello.isOver(after)) return { moves: [move], proof: [step] };
  let best = NO_LINE;
  let bestReply = -1;
  for (const reply of bestReplies(rateMoves(engine, after))) {
    const rest = longestLine(engine, Othello.applyMove(after, reply), left - 1);
    if (rest.proof.length > best.proof.length) {
      best = rest;
      bestReply = reply;
    }
  }
  if (best.proof.length === 0) return { moves: [move], proof: [step] };
  return { moves: [move, bestReply, ...best.moves], proof: [step, ...best.proof] };
}

const solverOf = (): EndgameSolver => (solver ??= new EndgameSolver({ ordering: trainedWeights() }));

/** Both sides' best moves from `state` (the first best in square order; a forced pass is `PA`). */
function bestPlay(start: Othello.OthelloState, plies: number): string[] {
  const moves: string[] = [];
  let state = start;
  while (moves.length < plies && !Othello.isOver(state)) {
    const move = bestReplies(rateMoves(solverOf(), state))[0];
    if (move === undefined) break;
    moves.push(Othello.squareName(move));
    state = Othello.applyMove(state, move);
  }
  return moves;
}

function find(state: Othello.OthelloState): FoundPuzzle | null {
  const solver = solverOf();
  const line = longestLine(solver, state, MAX_MOVES);
  const first = line.proof[0];
  if (line.proof.length < MIN_MOVES || first === undefined) return null;
  const value = Math.max(...first.values.map((entry) => entry.value ?? -64));
  const legal = Othello.legalMoves(state);
  return {
    position: Othello.formatPosition(state),
    sideToMove: state.turn,
    result: value > 0 ? "win" : value < 0 ? "loss" : "draw",
    value,
    unit: "discs",
    line: line.moves.map((move) => Othello.squareName(move)),
    proof: line.proof,
    themes: othelloThemes(state, line.moves[0] ?? -1, legal, line.moves, value),
  };
}

export const othelloPuzzles: PuzzleFinder<Othello.OthelloState> = {
  // Ten random plies, then PAIP's fixed-depth levels (Casual to Strong: no clock needed) on both sides.
  selfPlay: {
    options: {},
    randomPlies: 10,
    levels: [
      [4, 5, 6],
      [4, 5, 6],
    ],
  },
  candidate: (state) => {
    const empties = emptiesOf(state);
    return empties >= MIN_EMPTIES && empties <= MAX_EMPTIES && Othello.legalMoves(state)[0] !== Othello.PASS;
  },
  find,
  load: loadOthello,
  verify: verifyOthello,
  bestPlay,
};
