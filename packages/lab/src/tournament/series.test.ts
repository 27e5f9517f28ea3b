import { describe, expect, it } from "vitest";
import { connectK } from "@arena/engine/games/connect-k/index";
import { diceOfDoom } from "@arena/engine/games/dice-of-doom/index";
import { othello } from "@arena/engine/games/othello/rules";
import { parsePlayerSpec } from "../players/registry.js";
import type { AnyPlayer } from "../players/types.js";
import { fitElo } from "./elo.js";
import { roundRobin } from "./round-robin.js";
import { series } from "./series.js";

function player(gameId: "othello" | "connect-k", spec: string): AnyPlayer {
  const parsed = parsePlayerSpec(gameId, spec);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

const opening = (summary: { record: { moves: readonly { kind: string; move: string }[] } }): string[] =>
  summary.record.moves.filter((move) => move.kind === "opening").map((move) => move.move);

describe("series", () => {
  it("swaps colours within each pair (PAIP's othello-series)", () => {
    const a = player("othello", "maximizer:count-difference");
    const b = player("othello", "random");
    const result = series(othello, {}, [a, b], { pairs: 3, seed: 1 });
    expect(result.games.map((game) => game.seats)).toEqual([
      [0, 1],
      [1, 0],
      [0, 1],
      [1, 0],
      [0, 1],
      [1, 0],
    ]);
    expect(result.games[1]?.record.players).toEqual(["random", "maximizer:count-difference"]);
    // Own scores follow the player, not the seat.
    const second = result.games[1];
    expect(second?.scores[0]).toBe(second?.record.result.scores[1]);
  });

  it("starts both games of a pair from the same random opening (random-othello-series)", () => {
    const a = player("othello", "alpha-beta:2:count-difference");
    const b = player("othello", "maximizer:mobility");
    const result = series(othello, {}, [a, b], { pairs: 3, seed: 7, randomStart: 10 });
    const openings = result.games.map(opening);
    expect(openings[0]).toHaveLength(10);
    expect(openings[0]).toEqual(openings[1]);
    expect(openings[2]).toEqual(openings[3]);
    expect(openings[0]).not.toEqual(openings[2]);
    expect(series(othello, {}, [a, b], { pairs: 3, seed: 7, randomStart: 10 })).toEqual(result);
  });

  it("adds up wins, losses, draws, points and the score difference", () => {
    const a = player("othello", "maximizer:count-difference");
    const b = player("othello", "random");
    let progress = 0;
    const result = series(othello, {}, [a, b], {
      pairs: 4,
      seed: 2,
      randomStart: 4,
      onGame: (done, total) => {
        progress = done;
        expect(total).toBe(8);
      },
    });
    expect(progress).toBe(8);
    const [ta, tb] = result.totals;
    if (ta === undefined || tb === undefined) throw new Error("two totals");
    expect(ta.games).toBe(8);
    expect(ta.wins + ta.losses + ta.draws).toBe(8);
    expect(ta.wins).toBe(tb.losses);
    expect(ta.draws).toBe(tb.draws);
    expect(ta.points + tb.points).toBe(8);
    expect(ta.points).toBe(ta.wins + ta.draws / 2);
    expect(ta.scoreDiff).toBe(-tb.scoreDiff);
    const diffs = result.games.map((game) => (game.scores[0] ?? 0) - (game.scores[1] ?? 0));
    expect(ta.scoreDiff).toBe(diffs.reduce((x, y) => x + y, 0));
  });
});

describe("roundRobin", () => {
  it("plays every pair and keeps the table consistent", () => {
    const tiny = connectK.parseOptions({ preset: "tiny" });
    if (!tiny.ok) throw new Error(tiny.error.message);
    const players = ["random", "search:1", "search:9"].map((spec) => player("connect-k", spec));
    const result = roundRobin(connectK, tiny.value, players, { pairs: 4, seed: 3, randomStart: 1 });
    expect(result.gameCount).toBe(3 * 2 * 4);
    for (let i = 0; i < 3; i++) {
      expect(result.totals[i]?.games).toBe(16);
      const rowSum = (result.points[i] ?? []).reduce((x, y) => x + y, 0);
      expect(result.totals[i]?.points).toBeCloseTo(rowSum);
      for (let j = 0; j < 3; j++) {
        if (i === j) continue;
        expect(result.games[i]?.[j]).toBe(8);
        expect((result.points[i]?.[j] ?? 0) + (result.points[j]?.[i] ?? 0)).toBe(8);
      }
    }
    expect(result.totals.reduce((sum, total) => sum + total.points, 0)).toBe(result.gameCount);
    expect(result.elo[0]?.rating).toBe(1500);
    // 3×3 k=3 is a draw with perfect play: the full-depth searcher never loses.
    expect(result.totals[2]?.losses).toBe(0);
    expect(result.rank[2]).toBe(0);
  });

  it("rotates seats and compares every pair at a multi-seat table", () => {
    const options = diceOfDoom.parseOptions({ players: 3, size: 3 });
    if (!options.ok) throw new Error(options.error.message);
    const specs = ["random", "search:1", "search:2", "random"];
    const players = specs.map((spec) => {
      const parsed = parsePlayerSpec("dice-of-doom", spec);
      if (!parsed.ok) throw new Error(parsed.error.message);
      return parsed.value;
    });
    const result = roundRobin(diceOfDoom, options.value, players, { pairs: 1, seed: 5 });
    // Four tables of three (every 3-subset of 4 players), each playing all three rotations.
    expect(result.gameCount).toBe(12);
    expect(result.summaries.slice(0, 3).map((game) => game.seats)).toEqual([
      [0, 1, 2],
      [1, 2, 0],
      [2, 0, 1],
    ]);
    for (let i = 0; i < 4; i++) {
      expect(result.totals[i]?.games).toBe(9);
      for (let j = 0; j < 4; j++) {
        if (i === j) continue;
        expect((result.points[i]?.[j] ?? 0) + (result.points[j]?.[i] ?? 0)).toBe(result.games[i]?.[j]);
      }
    }
  });
});

describe("fitElo", () => {
  it("orders players by strength on a synthetic table and anchors the first at 1500", () => {
    // Player 2 beats 1 beats 0, 75% each, 40 games per pair.
    const points = [
      [0, 10, 4],
      [30, 0, 10],
      [36, 30, 0],
    ];
    const games = [
      [0, 40, 40],
      [40, 0, 40],
      [40, 40, 0],
    ];
    const elo = fitElo(points, games);
    expect(elo[0]).toEqual({ rating: 1500, low: 1500, high: 1500 });
    const [, one, two] = elo;
    if (one === undefined || two === undefined) throw new Error("three ratings");
    expect(one.rating).toBeGreaterThan(1600);
    expect(two.rating).toBeGreaterThan(one.rating + 100);
    expect(one.low).toBeLessThan(one.rating);
    expect(one.high).toBeGreaterThan(one.rating);
    expect(two.high - two.low).toBeGreaterThan(one.high - one.low);
  });

  it("rates equal players equally and survives a clean sweep", () => {
    const even = fitElo(
      [
        [0, 5],
        [5, 0],
      ],
      [
        [0, 10],
        [10, 0],
      ],
    );
    expect(even[1]?.rating).toBeCloseTo(1500, 6);
    const sweep = fitElo(
      [
        [0, 0],
        [20, 0],
      ],
      [
        [0, 20],
        [20, 0],
      ],
    );
    expect(Number.isFinite(sweep[1]?.rating)).toBe(true);
    expect(sweep[1]?.rating).toBeGreaterThan(1900);
  });
});
