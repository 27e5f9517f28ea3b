/**
 * King and rook against king's position analysis (docs/analysis.md, "King and rook"): exact, from the
 * oracle's table, in the "mate-distance" unit. White's value is `KRK_MATE_SCORE` minus the number of
 * the full move on which White mates under best play, 0 for a draw; Black's is its negation. Counting
 * the mating move from the game's own move number (not from the position) keeps the value unchanged
 * along a best line, so a move's loss (`moveLoss`) is exactly the White moves it put the mate off
 * by, or, for Black, the moves it brought the mate closer by. `outcome.moves` is the distance to
 * mate in White moves, the figure the chart shows.
 */
import type { AnalyzeOptions, PositionAnalysis } from "../../../ai/game-ai.js";
import { bestMoves, distanceToMate } from "../analysis.js";
import { BLACK, WHITE } from "../position.js";
import { type KrkState, applyToState } from "../state.js";

/** A won position is worth this minus the mating move's number: far above any move number a game reaches. */
export const KRK_MATE_SCORE = 10_000;

/** The longest best line followed for the principal variation: the longest mate is 16 White moves. */
const PV_PLIES = 34;

/** The number of the full move on which White mates, `distance` White moves from `state` (docs/krk.md §6). */
function matingMove(state: KrkState, distance: number): number {
  // White to move mates with its distance-th move from now, counting this one; with Black to move the
  // next White move comes in the next full move.
  return state.position.side === WHITE ? state.fullmove + distance - 1 : state.fullmove + distance;
}

function bestLine(state: KrkState): number[] {
  const pv: number[] = [];
  let at = state;
  while (pv.length < PV_PLIES) {
    // The first of the equally good moves, so that the line replays.
    const move = bestMoves(at)[0];
    if (move === undefined) break;
    pv.push(move);
    at = applyToState(at, move);
  }
  return pv;
}

export function analyzeKrk(state: KrkState, _options: AnalyzeOptions): PositionAnalysis {
  const seat = state.position.side === BLACK ? 1 : 0;
  const signed = distanceToMate(state);
  const distance = signed === null ? null : Math.abs(signed);
  const whiteValue = distance === null ? 0 : KRK_MATE_SCORE - matingMove(state, distance);
  // Built by hand rather than by negation, so that a draw is 0 for both and never −0.
  const values = [whiteValue, whiteValue === 0 ? 0 : -whiteValue];
  const pv = bestLine(state);
  const whiteWins = distance !== null;
  return {
    unit: "mate-distance",
    seat,
    values,
    value: values[seat] ?? 0,
    exact: true,
    bestMove: pv[0] ?? null,
    pv,
    depth: pv.length,
    nodes: 0,
    outcome: whiteWins
      ? { kind: seat === 0 ? "win" : "loss", moves: distance }
      : { kind: "draw", moves: null },
  };
}
