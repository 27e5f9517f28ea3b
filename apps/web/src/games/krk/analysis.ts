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
  chartTitle: "White's moves to mate (gaps: a draw)",
  chartValues: (position) => [position.outcome?.kind === "draw" ? null : (position.outcome?.moves ?? null)],
  describe: (position) => {
    const moves = position.outcome?.moves;
    if (position.outcome?.kind === "draw" || moves === undefined || moves === null) return "draw";
    return moves === 0 ? "checkmate" : `White mates in ${moves}`;
  },
  mark: (move, before) => {
    if (move.loss === null) return null;
    const white = move.seat === 0;
    if (move.loss === 0) return white ? "optimal" : before.outcome?.kind === "draw" ? "draws" : "longest";
    if (move.loss >= RESULT_LOSS) return white ? "draw" : "loses";
    return white ? `+${move.loss}` : `−${move.loss}`;
  },
};
