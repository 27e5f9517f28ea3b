import type { AnalysisPresentation } from "../web-game";

/** "+6", "−4", "0": a signed figure with a true minus sign. */
export function signed(value: number): string {
  const rounded = Math.round(value);
  return rounded > 0 ? `+${rounded}` : rounded < 0 ? `−${-rounded}` : "0";
}

/** Othello's analysis: the final disc difference for Black, exact from 20 empties down (docs/analysis.md). */
export const othelloAnalysis: AnalysisPresentation = {
  chartTitle: "analysis.chart",
  chartValues: (position) => [position.values[0] ?? null],
  chartRange: [-64, 64],
  describe: (position, words) =>
    words("analysis.describe", {
      value: signed(position.values[0] ?? 0),
      exact: position.exact ? "yes" : "no",
    }),
  mark: (move) => (move.loss === null || Math.round(move.loss) === 0 ? null : `−${Math.round(move.loss)}`),
};
