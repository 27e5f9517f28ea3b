/**
 * The independent check of a Connect Four puzzle: the line replayed from its moves, every player column
 * re-scored by a solver with a table of its own (the only winning one, with the proof's values), every
 * reply among the longest defences, and the last disc winning by the rules.
 */
import { ConnectK, type Result, err, ok } from "@arena/engine";
import { ConnectKSolver } from "@arena/engine/games/connect-k/ai/index";
import type { VerifyFailure } from "../../finder.js";
import type { Puzzle } from "../../puzzle.js";
import {
  applyColumn,
  bestReplies,
  connectFourOptions,
  loadConnectFour,
  movesToWin,
  onlyWinningColumn,
  proofStep,
  scoreColumns,
} from "./line.js";

let solver: ConnectKSolver | undefined;

function fail(code: VerifyFailure["code"], message: string): { ok: false; error: VerifyFailure } {
  return err({ code, message });
}

export function verifyConnectFour(puzzle: Puzzle): Result<true, VerifyFailure> {
  const loaded = loadConnectFour(puzzle.position);
  if (!loaded.ok) return fail("bad-position", loaded.error.message);
  let state = loaded.value;
  // Not the finder's shared solver: a table of its own, filled by this check only.
  solver ??= new ConnectKSolver(connectFourOptions(), 21);
  const player = ConnectK.seatOnTurn(state);
  if (player !== puzzle.sideToMove) return fail("bad-position", "the side to move is not the puzzle's");
  if (movesToWin(state, puzzle.value) !== puzzle.proof.length)
    return fail("wrong-value", "not a win in the line's moves");
  for (const [index, text] of puzzle.line.entries()) {
    if (state.status !== "ongoing") return fail("illegal-move", `${text} comes after the end`);
    const move = ConnectK.parseColumn(text, state.options.width);
    if (!move.ok || !ConnectK.isColumnOpen(state, move.value))
      return fail("illegal-move", `${text} is not an open column`);
    const rated = scoreColumns(solver, state);
    if (index % 2 === 0) {
      if (onlyWinningColumn(rated) !== move.value)
        return fail("not-unique", `${text} is not the only winning column`);
      if (JSON.stringify(proofStep(move.value, rated)) !== JSON.stringify(puzzle.proof[index / 2])) {
        return fail("wrong-value", `the proof of ${text} is not the solver's`);
      }
    } else if (!bestReplies(rated).includes(move.value)) {
      return fail("not-best-reply", `${text} is not one of the longest defences`);
    }
    state = applyColumn(state, move.value);
  }
  return ConnectK.winnerOf(state) === player ? ok(true) : fail("no-finish", "the line does not end in a win");
}
