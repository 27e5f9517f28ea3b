import { describe, expect, it } from "vitest";
import { refute } from "./refute.js";
import { seedSet } from "./test-support/seed-set.js";

describe("refute", () => {
  const puzzle = seedSet("krk")[0];
  if (puzzle === undefined) throw new Error("the seed set has KRK puzzles");
  const wrong = puzzle.proof[0]?.values.find((entry) => entry.move !== puzzle.line[0])?.move ?? "";

  it("is the wrong move, then best play from the position after it", () => {
    const answer = refute({ gameId: "krk", position: puzzle.position, moves: [wrong], plies: 4 });
    expect(answer.ok && answer.value[0]).toBe(wrong);
    expect(answer.ok && answer.value.length).toBeGreaterThan(1);
    expect(answer.ok && answer.value.length).toBeLessThanOrEqual(5);
  });

  it("refuses a game without puzzles and a move the rules refuse", () => {
    expect(refute({ gameId: "dice-of-doom", position: "", moves: ["x"], plies: 4 }).ok).toBe(false);
    expect(refute({ gameId: "nope", position: "", moves: ["x"], plies: 4 }).ok).toBe(false);
    expect(refute({ gameId: "krk", position: puzzle.position, moves: ["Ka9"], plies: 4 }).ok).toBe(false);
  });
});
