/**
 * The independent check of an Othello puzzle: the line replayed from its position, every legal move of
 * every player step solved exactly by a solver of its own with another move ordering (Iago's, level 7's)
 * and a cold table, the line's move the only one by the rule with the proof's values, every reply a best
 * reply.
 */
import { Othello, type Result, err, ok } from "@arena/engine";
import { EndgameSolver } from "@arena/engine/games/othello/ai/index";
import type { VerifyFailure } from "../../finder.js";
import type { Puzzle } from "../../puzzle.js";
import { bestReplies, loadOthello, onlyMove, proofStep, rateMoves } from "./line.js";

let solver: EndgameSolver | undefined;

function fail(code: VerifyFailure["code"], message: string): { ok: false; error: VerifyFailure } {
  return err({ code, message });
}

export function verifyOthello(puzzle: Puzzle): Result<true, VerifyFailure> {
  const loaded = loadOthello(puzzle.position);
  if (!loaded.ok) return fail("bad-position", loaded.error.message);
  let state = loaded.value;
  if (state.turn !== puzzle.sideToMove) return fail("bad-position", "the side to move is not the puzzle's");
  solver ??= new EndgameSolver({ ordering: "iago" });
  solver.clear();
  for (const [index, text] of puzzle.line.entries()) {
    const move = Othello.parseSquare(text);
    if (!Othello.legalMoves(state).includes(move)) return fail("illegal-move", `${text} is not legal here`);
    const rated = rateMoves(solver, state);
    if (index % 2 === 0) {
      if (onlyMove(rated) !== move) return fail("not-unique", `${text} is not the only move`);
      if (JSON.stringify(proofStep(move, rated)) !== JSON.stringify(puzzle.proof[index / 2])) {
        return fail("wrong-value", `the proof of ${text} is not the solver's`);
      }
      if (index === 0 && Math.max(...rated.map(({ value }) => value)) !== puzzle.value) {
        return fail("wrong-value", `the position is not worth ${puzzle.value}`);
      }
    } else if (!bestReplies(rated).includes(move)) {
      return fail("not-best-reply", `${text} is not a best reply`);
    }
    state = Othello.applyMove(state, move);
  }
  return puzzle.line.length % 2 === 1 ? ok(true) : fail("no-finish", "the line ends with a reply");
}
