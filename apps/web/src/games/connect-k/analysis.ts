import type { AnalysedPosition } from "@arena/protocol";
import type { AnalysisPresentation } from "../web-game";

const SEATS = ["Red", "Yellow"] as const;
const RESULTS = ["loss", "draw", "win"] as const;

/** The mover's result after a position, from its exact value: "win", "draw" or "loss". */
function resultOf(position: AnalysedPosition, seat: number): string | null {
  const value = position.values[seat];
  return !position.exact || value === undefined ? null : (RESULTS[Math.sign(value) + 1] ?? null);
}

/**
 * Connect-k's analysis: the solver's exact result (Pascal Pons's score, for Red) with the winner's discs
 * still to play; positions the solver could not finish within the budget are estimates and left off the
 * chart (docs/analysis.md).
 */
export const connectKAnalysis: AnalysisPresentation = {
  chartTitle: "Solver's score for Red (above 0: Red wins, the sooner the higher)",
  chartValues: (position) => [position.exact ? (position.values[0] ?? null) : null],
  describe: (position) => {
    const { outcome } = position;
    if (!position.exact || outcome === undefined) return "estimate (beyond the solver's budget)";
    if (outcome.kind === "draw") return "draw";
    const winner = outcome.kind === "win" ? position.seat : 1 - position.seat;
    const discs =
      outcome.moves === null ? "" : ` with ${outcome.moves} more disc${outcome.moves === 1 ? "" : "s"}`;
    return outcome.moves === 0 ? `${SEATS[winner] ?? "?"} won` : `${SEATS[winner] ?? "?"} wins${discs}`;
  },
  mark: (move, before, after) => {
    if (move.loss === null || move.loss === 0) return null;
    const was = resultOf(before, move.seat);
    const is = resultOf(after, move.seat);
    if (was !== null && is !== null && was !== is) return `${was} → ${is}`;
    return `−${move.loss}`;
  },
};
