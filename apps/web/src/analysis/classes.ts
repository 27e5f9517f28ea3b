import type { AnalysedMove, AnalysedPosition, AnalysisUnitName } from "@arena/protocol";

/*
 * How bad a move was, from its loss against the best move, by unit (docs/analysis.md, "Classes"). Units
 * are the engine's, not games: a game's web module only words the marks.
 */

export const MOVE_CLASSES = ["best", "good", "inaccuracy", "mistake", "blunder", "unknown"] as const;
export type MoveClass = (typeof MOVE_CLASSES)[number];

/** Losses from which a move is an inaccuracy, a mistake, a blunder; null: the unit has no scale. */
const THRESHOLDS: Readonly<Record<AnalysisUnitName, readonly [number, number, number] | null>> = {
  // Final disc difference: 1–3 discs, 4–9, 10 and more.
  discs: [1, 4, 10],
  // Same result, the win put off (or the loss brought closer) by 1–2 moves, or by 3 and more (Connect-k
  // counts the winner's discs, king and rook White's moves); a worse result is a blunder.
  "outcome-score": [1, 3, Infinity],
  // Chance to win, 0–1: 5, 10 and 20 points of percentage.
  "win-chance": [0.05, 0.1, 0.2],
  // A search's own scale, comparable only within a game: never classified.
  heuristic: null,
};

/** The mover's result in a position from its value: win, draw or loss (exact values only). */
function resultFor(position: AnalysedPosition, seat: number): number | null {
  if (!position.exact) return null;
  const value = position.values[seat];
  return value === undefined ? null : Math.sign(value);
}

export function classify(move: AnalysedMove, before: AnalysedPosition, after: AnalysedPosition): MoveClass {
  if (move.loss === null) return "unknown";
  if (move.loss === 0) return "best";
  // A proven result thrown away (a win to a draw or a loss, a draw to a loss) is a blunder in every unit.
  const was = resultFor(before, move.seat);
  const is = resultFor(after, move.seat);
  if (was !== null && is !== null && is < was && before.unit !== "win-chance") return "blunder";
  const thresholds = THRESHOLDS[before.unit];
  if (thresholds === null) return "unknown";
  const [inaccuracy, mistake, blunder] = thresholds;
  if (move.loss >= blunder) return "blunder";
  if (move.loss >= mistake) return "mistake";
  if (move.loss >= inaccuracy) return "inaccuracy";
  return "good";
}

/** How many moves of each class a seat played, for the summary under the chart. */
export function countClasses(
  moves: readonly AnalysedMove[],
  positions: readonly AnalysedPosition[],
  seat: number,
): Record<MoveClass, number> {
  const counts = Object.fromEntries(MOVE_CLASSES.map((c) => [c, 0])) as Record<MoveClass, number>;
  moves.forEach((move, i) => {
    const before = positions[i];
    const after = positions[i + 1];
    if (move.seat !== seat || before === undefined || after === undefined) return;
    counts[classify(move, before, after)]++;
  });
  return counts;
}
