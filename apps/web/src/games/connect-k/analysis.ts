import type { AnalysedPosition } from "@arena/protocol";
import type { AnalysisPresentation } from "../web-game";

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
  chartTitle: "analysis.chart",
  chartValues: (position) => [position.exact ? (position.values[0] ?? null) : null],
  describe: (position, words) => {
    const { outcome } = position;
    if (!position.exact || outcome === undefined) return words("analysis.estimate");
    if (outcome.kind === "draw") return words("analysis.draw");
    const winner = outcome.kind === "win" ? position.seat : 1 - position.seat;
    const seat = words("seat", { seat: String(winner), number: winner + 1 });
    if (outcome.moves === 0) return words("analysis.won", { seat });
    return outcome.moves === null
      ? words("analysis.wins", { seat })
      : words("analysis.winsWith", { seat, discs: outcome.moves });
  },
  mark: (move, before, after, words) => {
    if (move.loss === null || move.loss === 0) return null;
    const was = resultOf(before, move.seat);
    const is = resultOf(after, move.seat);
    if (was !== null && is !== null && was !== is) {
      return words("analysis.change", { was: words(`analysis.${was}`), is: words(`analysis.${is}`) });
    }
    return `−${move.loss}`;
  },
};
