import type { AnalysisPresentation } from "../web-game";

/**
 * A loss this large is a result thrown away (a win to a draw, a draw to a loss), not moves: the engine
 * scores a mate 10,000 minus its move number (docs/analysis.md, "King and rook").
 */
const RESULT_LOSS = 1_000;

/**
 * King and rook's analysis, exact from the oracle: the distance to mate in White moves, and each White
 * move marked "optimal" or by how many moves it put the mate off, each Black move "longest" or by how
 * many it brought the mate closer (issue 16; docs/analysis.md).
 */
export const krkAnalysis: AnalysisPresentation = {
  chartTitle: "analysis.chart",
  chartValues: (position) => [position.outcome?.kind === "draw" ? null : (position.outcome?.moves ?? null)],
  describe: (position, words) => {
    const moves = position.outcome?.moves;
    if (position.outcome?.kind === "draw" || moves === undefined || moves === null) {
      return words("analysis.draw");
    }
    return moves === 0 ? words("analysis.checkmate") : words("analysis.mateIn", { moves });
  },
  mark: (move, before, _after, words) => {
    if (move.loss === null) return null;
    const white = move.seat === 0;
    if (move.loss === 0) {
      if (white) return words("analysis.optimal");
      return before.outcome?.kind === "draw" ? words("analysis.draws") : words("analysis.longest");
    }
    if (move.loss >= RESULT_LOSS) return white ? words("analysis.draw") : words("analysis.loses");
    return white ? `+${move.loss}` : `−${move.loss}`;
  },
};
