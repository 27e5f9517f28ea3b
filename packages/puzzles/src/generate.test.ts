import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generatePuzzles, resumePoint } from "./generate.js";
import { type GeneratedPuzzle, type Puzzle, playerWorth } from "./puzzle.js";
import { PUZZLE_GAME_IDS, puzzleFinder } from "./registry.js";
import { verifyPuzzle } from "./verify.js";
import type { GameId } from "@arena/engine";

function take(
  gameId: GameId,
  count: number,
  options: Parameters<typeof generatePuzzles>[2],
): GeneratedPuzzle[] {
  const finder = puzzleFinder(gameId);
  if (finder === null) throw new Error(`${gameId} has no finder`);
  const puzzles: GeneratedPuzzle[] = [];
  for (const event of generatePuzzles(gameId, finder, options)) {
    if (event.kind === "puzzle") puzzles.push(event.puzzle);
    if (puzzles.length === count) break;
  }
  return puzzles;
}

/** How many moves share the best value of the proof's first step, by the game's own ordering. */
function bestFirstMoves(puzzle: Puzzle): number {
  const worths = (puzzle.proof[0]?.values ?? []).map(({ value }) => playerWorth(puzzle, value));
  return worths.filter((worth) => worth === Math.max(...worths)).length;
}

describe("generation", () => {
  it("is reproducible: the same seed gives the same puzzles", () => {
    expect(take("krk", 5, { seed: 7 })).toEqual(take("krk", 5, { seed: 7 }));
    expect(take("krk", 3, { seed: 8 })).not.toEqual(take("krk", 3, { seed: 7 }));
  });

  it("resumes where a stream stopped, with the same puzzles as an unbroken run", () => {
    const whole = take("connect-k", 6, { seed: 3 });
    const head = whole.slice(0, 4);
    const last = head.at(-1);
    if (last === undefined) throw new Error("no puzzle");
    const tail = take("connect-k", 2, {
      seed: 3,
      from: resumePoint(last),
      seen: new Set(head.map((p) => p.id)),
    });
    expect([...head, ...tail]).toEqual(whole);
  });

  // The property of every finder: never a puzzle whose first move shares the best value with another.
  it.each(PUZZLE_GAME_IDS)("%s: never yields two best first moves, and what it yields verifies", (gameId) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        for (const puzzle of take(gameId, gameId === "othello" ? 1 : 3, { seed })) {
          expect(bestFirstMoves(puzzle)).toBe(1);
          expect(verifyPuzzle(puzzle)).toEqual({ ok: true, value: true });
        }
      }),
      { numRuns: gameId === "othello" ? 2 : 5 },
    );
  });
});
