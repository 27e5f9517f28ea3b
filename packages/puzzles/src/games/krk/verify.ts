/**
 * The independent check of a KRK puzzle: the line replayed from its FEN, each player move re-rated by the
 * oracle (White: the only shortest mate; Black: the only longest defence) with the proof's values, each
 * reply among the opponent's best, and a mate line ending in checkmate by the rules, not by the table.
 */
import { Krk, type Result, err, ok } from "@arena/engine";
import type { VerifyFailure } from "../../finder.js";
import type { Puzzle } from "../../puzzle.js";
import { loadKrk, onlyLongestDefence, onlyShortestMate, proofStep, rateMoves } from "./line.js";

function fail(code: VerifyFailure["code"], message: string): { ok: false; error: VerifyFailure } {
  return err({ code, message });
}

export function verifyKrk(puzzle: Puzzle): Result<true, VerifyFailure> {
  const loaded = loadKrk(puzzle.position);
  if (!loaded.ok) return fail("bad-position", loaded.error.message);
  let position = loaded.value.position;
  const defence = position.side === Krk.BLACK;
  if (puzzle.sideToMove !== position.side) return fail("bad-position", "the side to move is the FEN's");
  if (Krk.movesToMate(position) !== puzzle.value) return fail("wrong-value", `not a mate in ${puzzle.value}`);
  for (const [index, text] of puzzle.line.entries()) {
    const move = Krk.parseMoveText(position, text);
    if (!move.ok) return fail("illegal-move", `${text}: ${move.error.message}`);
    if (index % 2 === 0) {
      const rated = rateMoves(position);
      const only = defence ? onlyLongestDefence(rated) : onlyShortestMate(rated);
      if (only !== move.value) {
        return fail("not-unique", `${text} is not the only ${defence ? "longest defence" : "shortest mate"}`);
      }
      const step = proofStep(position, move.value, rated);
      if (JSON.stringify(step) !== JSON.stringify(puzzle.proof[index / 2])) {
        return fail("wrong-value", `the proof of ${text} is not the oracle's`);
      }
    } else if (!Krk.bestMovesOf(position).includes(move.value)) {
      return fail("not-best-reply", `${text} is not one of the opponent's best moves`);
    }
    position = Krk.applyMove(position, move.value);
  }
  if (defence) return ok(true);
  const mated = Krk.legalMovesOf(position).length === 0 && Krk.blackInCheck(position);
  return mated ? ok(true) : fail("no-finish", "the line does not end in checkmate");
}
