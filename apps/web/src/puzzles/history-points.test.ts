import { describe, expect, it } from "vitest";
import { chartPointsOf } from "./history-points";

describe("the history's chart", () => {
  it("plots the rated attempts oldest first, leaving out the unrated ones", () => {
    const points = chartPointsOf({
      ok: true,
      player: { rating: 1530, deviation: 200, provisional: true, attempts: 2 },
      attempts: [
        { puzzleId: "c", at: 3, correct: true, rating: 1530, puzzleRating: 1500 },
        { puzzleId: "b", at: 2, correct: true, rating: null, puzzleRating: 1500 },
        { puzzleId: "a", at: 1, correct: false, rating: 1480, puzzleRating: 1500 },
      ],
    });
    expect(points).toEqual([
      { at: 1, rating: 1480 },
      { at: 3, rating: 1530 },
    ]);
  });
});
