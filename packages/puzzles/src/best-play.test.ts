// `bestPlay`, the refutation's source (docs/puzzles.md, "Serving and rating"): from a puzzle's position it
// opens with the puzzle's only move, and from a wrong move's position it plays legal moves to the game's end
// or the ply limit.
import { getGame } from "@arena/engine";
import { describe, expect, it } from "vitest";
import { PUZZLE_GAME_IDS, puzzleFinder } from "./registry.js";
import { seedSet } from "./test-support/seed-set.js";

const SAMPLE = 4;
const PLIES = 5;

describe("bestPlay", () => {
  it.each(PUZZLE_GAME_IDS)(
    "%s: opens with the puzzle's only move, and refutes a wrong one legally",
    (gameId) => {
      const finder = puzzleFinder(gameId);
      const game = getGame(gameId);
      if (finder === null) throw new Error(`${gameId} has puzzles`);
      // Puzzles whose first position has a wrong move (a Connect Four puzzle may start with one open column).
      const puzzles = seedSet(gameId).filter((puzzle) => (puzzle.proof[0]?.values.length ?? 0) > 1);
      const step = Math.floor(puzzles.length / SAMPLE);
      for (let i = 0; i < SAMPLE; i++) {
        const puzzle = puzzles[i * step];
        if (puzzle === undefined) throw new Error("sample out of range");
        const loaded = finder.load(puzzle.position);
        if (!loaded.ok) throw new Error(loaded.error.message);
        expect(finder.bestPlay(loaded.value, PLIES)[0]).toBe(puzzle.line[0]);
        const wrong = puzzle.proof[0]?.values.find((entry) => entry.move !== puzzle.line[0]);
        if (wrong === undefined) throw new Error(`${puzzle.id}: filtered to have a second move`);
        const move = game.parseMove(loaded.value, wrong.move);
        if (!move.ok) throw new Error(move.error.message);
        let state = game.apply(loaded.value, move.value);
        const refutation = finder.bestPlay(state, PLIES);
        expect(refutation.length).toBeGreaterThan(0);
        expect(refutation.length).toBeLessThanOrEqual(PLIES);
        for (const text of refutation) {
          const reply = game.parseMove(state, text);
          expect(reply.ok).toBe(true);
          if (reply.ok) state = game.apply(state, reply.value);
        }
        if (refutation.length < PLIES) expect(game.outcome(state).kind).toBe("finished");
      }
    },
  );
});
