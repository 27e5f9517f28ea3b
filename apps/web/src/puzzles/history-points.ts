import type { PuzzleHistory } from "@arena/protocol";
import type { ChartPoint } from "../players/rating-chart";

/** The chart's points: the rating after each rated attempt, oldest first (the history comes newest first). */
export function chartPointsOf(history: PuzzleHistory): readonly ChartPoint[] {
  return history.attempts
    .flatMap((entry) => (entry.rating === null ? [] : [{ at: entry.at, rating: entry.rating }]))
    .reverse();
}
