import type { AnalysisPresentation } from "../web-game";

const percent = (chance: number): string => `${Math.round(chance * 100)} %`;

/**
 * Dice of Doom's analysis: each seat's chance to win from playouts after the best move found (exact only
 * once the game is over), one line per seat (docs/analysis.md).
 */
export function diceAnalysis(seatName: (seat: number) => string): AnalysisPresentation {
  return {
    chartTitle: "Chance to win, per player",
    chartValues: (position) => position.values,
    chartRange: [0, 1],
    describe: (position) => position.values.map((v, seat) => `${seatName(seat)} ${percent(v)}`).join(" · "),
    mark: (move) =>
      move.loss === null || Math.round(move.loss * 100) === 0 ? null : `−${percent(move.loss)}`,
  };
}
