import { type Puzzle } from "@arena/puzzles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomId } from "../identity/tokens.js";
import { readSeedSet, seedFolder, withInitialRatings } from "../puzzles/seed-set.js";
import { overEveryBackend, type StorePair } from "../test-support/store-backends.js";
import { MemoryPuzzleStore } from "./memory/puzzles.js";
import { HISTORY_KEPT, type PuzzleAttemptRecord, type PuzzleStore } from "./ports/puzzles.js";
import { RedisPuzzleStore } from "./redis/puzzles.js";
import { SqlitePuzzleStore } from "./sqlite/puzzles.js";

const read = readSeedSet(seedFolder());
if (!read.ok) throw new Error(read.message);
const ALL = read.puzzles;
const othello = ALL.filter((puzzle) => puzzle.gameId === "othello");

const account = () => ({ id: `u_${randomId(8)}`, guest: false });
const guest = () => ({ id: `g_${randomId(8)}`, guest: true });

const attempt = (
  puzzle: Puzzle,
  at: number,
  correct: boolean,
  rating: number | null,
): PuzzleAttemptRecord => ({
  puzzleId: puzzle.id,
  at,
  correct,
  rated: rating !== null,
  rating,
  puzzleRating: 1500,
});

function contract(name: string, open: () => Promise<StorePair<PuzzleStore>>) {
  describe(`PuzzleStore contract: ${name}`, () => {
    let setup: StorePair<PuzzleStore>;
    beforeAll(async () => {
      setup = await open();
      // The whole seed set, as a start loads it; a second load (another process) adds nothing.
      expect(await setup.store.seed(withInitialRatings(ALL))).toBe(ALL.length);
      expect(await setup.other.seed(withInitialRatings(ALL))).toBe(0);
    });
    afterAll(async () => {
      await setup.close();
    });

    it("keeps each puzzle as seeded, its rating, and its themes' counts", async () => {
      const first = othello[0];
      if (first === undefined) throw new Error("the seed set has Othello puzzles");
      const stored = await setup.other.get(first.id);
      expect(stored?.puzzle).toEqual(first);
      expect(stored?.plays).toBe(0);
      expect(stored?.glicko).toEqual(withInitialRatings([first])[0]?.glicko);
      expect(await setup.store.get("othello-00000000000")).toBeNull();
      const themes = await setup.other.themes("othello");
      const corners = othello.filter((puzzle) => puzzle.themes.includes("corner")).length;
      expect(themes).toContainEqual({ theme: "corner", count: corners });
      expect(themes.map((entry) => entry.theme)).toEqual([...themes.map((entry) => entry.theme)].sort());
    });

    it("picks the nearest unseen puzzle, of the game and theme asked, never one seen", async () => {
      const { store, other } = setup;
      const solver = guest();
      const served = new Set<string>();
      let last = -Infinity;
      for (let i = 0; i < 12; i++) {
        const picked = await store.pick(solver.id, { gameId: "krk", rating: 1500, order: "near" });
        if (picked === null) throw new Error("krk has more than 12 puzzles");
        expect(picked.puzzle.gameId).toBe("krk");
        expect(served.has(picked.puzzle.id)).toBe(false);
        // Nearest first: each later pick is at least as far from 1500.
        const distance = Math.abs(picked.glicko.rating - 1500);
        expect(distance).toBeGreaterThanOrEqual(last);
        last = distance;
        served.add(picked.puzzle.id);
        await other.markSeen(solver, picked.puzzle.id, 1_000 + i);
      }
      const quiet = await other.pick(solver.id, {
        gameId: "krk",
        theme: "quiet-move",
        rating: 1500,
        order: "near",
      });
      expect(quiet?.puzzle.themes).toContain("quiet-move");
      expect(
        await store.pick(solver.id, { gameId: "krk", theme: "no-such", rating: 1500, order: "near" }),
      ).toBeNull();
    });

    it("a `from` pick is the lowest unseen at or above the rating, and none is left past the top", async () => {
      const { store, other } = setup;
      const solver = account();
      const ratings = ALL.filter((puzzle) => puzzle.gameId === "connect-k").map(
        (puzzle) => withInitialRatings([puzzle])[0]?.glicko.rating ?? 0,
      );
      const top = Math.max(...ratings);
      const low = await store.pick(solver.id, { gameId: "connect-k", rating: 0, order: "from" });
      expect(low?.glicko.rating).toBe(Math.min(...ratings));
      const high = await other.pick(solver.id, { gameId: "connect-k", rating: top, order: "from" });
      expect(high?.glicko.rating).toBe(top);
      expect(await store.pick(solver.id, { gameId: "connect-k", rating: top + 1, order: "from" })).toBeNull();
    });

    it("rates an attempt once: a stale guard writes nothing, and a completed puzzle is never rated again", async () => {
      const { store, other } = setup;
      const solver = account();
      const [puzzle, second] = othello.slice(5, 7);
      if (puzzle === undefined || second === undefined) throw new Error("two Othello puzzles");
      const start = await store.get(puzzle.id);
      if (start === null) throw new Error("seeded");
      expect(await store.player(solver.id, "othello")).toBeNull();
      const rated = {
        player: { rating: 1600, rd: 300, volatility: 0.06 },
        expectedAttempts: 0,
        puzzle: { rating: start.glicko.rating - 10, rd: 480, volatility: 0.09 },
        expectedPlays: start.plays,
      };
      // A guard that does not hold (another process rated first) writes nothing.
      expect(
        await other.record(solver, "othello", attempt(puzzle, 10, true, 1600), {
          ...rated,
          expectedAttempts: 3,
        }),
      ).toBe("stale");
      expect(await store.completed(solver.id, puzzle.id)).toBe(false);
      expect(await store.record(solver, "othello", attempt(puzzle, 10, true, 1600), rated)).toBe("recorded");
      expect(await other.player(solver.id, "othello")).toEqual({ glicko: rated.player, attempts: 1 });
      const after = await other.get(puzzle.id);
      expect(after?.glicko).toEqual(rated.puzzle);
      expect(after?.plays).toBe(start.plays + 1);
      expect(await other.completed(solver.id, puzzle.id)).toBe(true);
      // The same puzzle again: its rated write is refused, and the unrated one is recorded.
      expect(
        await other.record(solver, "othello", attempt(puzzle, 20, false, 1500), {
          ...rated,
          expectedAttempts: 1,
          expectedPlays: start.plays + 1,
        }),
      ).toBe("stale");
      expect(await other.record(solver, "othello", attempt(puzzle, 20, false, null), null)).toBe("recorded");
      expect(await store.player(solver.id, "othello")).toEqual({ glicko: rated.player, attempts: 1 });
      // The rating moved in the game's pick order too: a `from` pick at the new rating can find it.
      const fresh = account();
      const found = await store.pick(fresh.id, {
        gameId: "othello",
        rating: rated.puzzle.rating,
        order: "from",
      });
      expect(found?.glicko.rating).toBe(rated.puzzle.rating);
      // An attempted puzzle counts as seen.
      const never = await store.pick(solver.id, {
        gameId: "othello",
        rating: rated.puzzle.rating,
        order: "from",
      });
      expect(never?.puzzle.id).not.toBe(puzzle.id);
      expect(await store.history(solver.id, "othello", 10)).toEqual([
        attempt(puzzle, 20, false, null),
        attempt(puzzle, 10, true, 1600),
      ]);
    });

    it("keeps an account's latest attempts only, and no history for guests", async () => {
      const { store, other } = setup;
      const solver = account();
      const puzzle = othello[9];
      if (puzzle === undefined) throw new Error("an Othello puzzle");
      for (let i = 0; i < HISTORY_KEPT + 3; i++) {
        await store.record(solver, "othello", attempt(puzzle, i, i % 2 === 0, null), null);
      }
      const history = await other.history(solver.id, "othello", HISTORY_KEPT + 10);
      expect(history).toHaveLength(HISTORY_KEPT);
      expect(history[0]?.at).toBe(HISTORY_KEPT + 2);
      const visitor = guest();
      await other.record(visitor, "othello", attempt(puzzle, 1, true, null), null);
      expect(await store.history(visitor.id, "othello", 10)).toEqual([]);
      expect(await store.completed(visitor.id, puzzle.id)).toBe(true);
    });

    it("sets the daily puzzle once per game and day: every process then agrees", async () => {
      const { store, other } = setup;
      const day = `2026-${randomId(6)}`;
      const [a, b] = othello;
      if (a === undefined || b === undefined) throw new Error("two Othello puzzles");
      expect(await store.daily("othello", day, a.id)).toBe(a.id);
      expect(await other.daily("othello", day, b.id)).toBe(a.id);
      expect(await other.daily("krk", day, b.id)).toBe(b.id);
    });
  });
}

overEveryBackend(contract, {
  memory: () => new MemoryPuzzleStore(),
  sqlite: (connection) => new SqlitePuzzleStore(connection),
  redis: (commands, prefix) => new RedisPuzzleStore(commands, prefix),
});
