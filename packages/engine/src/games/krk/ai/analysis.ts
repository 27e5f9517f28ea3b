/**
 * King and rook against king's position analysis (docs/strength.md, "Position analysis"): the oracle's
 * exact distance to mate, as an outcome score that best play leaves unchanged, with the line it expects.
 * The oracle's tables are built once per thread on the first call; after that an analysis takes
 * microseconds, so the budget is never the limit.
 */
import type { PositionAnalysis } from "../../../ai/game-ai.js";
import { zeroSumValues } from "../../../ai/analysis.js";
import { bestMoves, distanceToMate } from "../analysis.js";
import { BLACK } from "../position.js";
import { type KrkState, applyToState } from "../state.js";

/**
 * White's score for a mate on its move number m is `KRK_MATE_SCORE − m`: counted on the game's move
 * numbers rather than from the position, so the score stays the same along best play and a move's loss
 * is the number of moves it delays (or hastens) the mate. Far above any reachable move number.
 */
export const KRK_MATE_SCORE = 10_000;

/** The move number on which White mates with best play, or null for a draw. */
function mateMoveNumber(state: KrkState): number | null {
  const distance = distanceToMate(state);
  if (distance === null) return null;
  // `distance` is −n with Black to move (mated in n, 0 once mated): White mates n moves after this
  // move number, which goes up after Black's move. With White to move it mates on this move plus n − 1.
  return state.position.side === BLACK ? state.fullmove - distance : state.fullmove + distance - 1;
}

/** The oracle's line from `state`: the first best move at every ply until the game ends. */
function principalVariation(state: KrkState): number[] {
  const pv: number[] = [];
  let current = state;
  for (;;) {
    const move = bestMoves(current)[0];
    if (move === undefined) return pv;
    pv.push(move);
    current = applyToState(current, move);
  }
}

/** The oracle's analysis of `state`; it needs no budget (`GameAi.analyze` passes none). */
export function analyzeKrk(state: KrkState): PositionAnalysis {
  const seat = state.position.side;
  const mate = mateMoveNumber(state);
  const whiteScore = mate === null ? 0 : KRK_MATE_SCORE - mate;
  const value = seat === BLACK ? 0 - whiteScore : whiteScore;
  const pv = principalVariation(state);
  const distance = distanceToMate(state);
  return {
    unit: "outcome-score",
    seat,
    values: zeroSumValues(seat, value),
    value,
    exact: true,
    bestMove: pv[0] ?? null,
    pv,
    depth: pv.length,
    nodes: 0,
    outcome:
      distance === null
        ? { kind: "draw", moves: null }
        : { kind: seat === BLACK ? "loss" : "win", moves: Math.abs(distance) },
  };
}
