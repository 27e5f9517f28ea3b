import type { Words } from "../../i18n/words";
import type { AnalysisPresentation } from "../web-game";

/**
 * Dice of Doom's analysis: each seat's chance to win from playouts after the best move found (exact only
 * once the game is over), one line per seat (docs/analysis.md).
 */
export function diceAnalysis(seatName: (seat: number, words: Words) => string): AnalysisPresentation {
  return {
    chartTitle: "analysis.chart",
    chartValues: (position) => position.values,
    chartRange: [0, 1],
    describe: (position, words) =>
      position.values
        .map((chance, seat) => words("analysis.chance", { seat: seatName(seat, words), chance }))
        .join(" · "),
    mark: (move, _before, _after, words) =>
      move.loss === null || Math.round(move.loss * 100) === 0
        ? null
        : words("analysis.loss", { loss: move.loss }),
  };
}
