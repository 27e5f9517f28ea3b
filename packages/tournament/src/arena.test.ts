import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ARENA_GROUP,
  arenaPairCost,
  arenaWaitMs,
  arenaWaiting,
  type ArenaWaiting,
  pairArenaWave,
  readyToPair,
} from "./arena.js";
import { foldTournament } from "./fold.js";
import { LogBuilder } from "./test-support.js";
import { entrantId, type Seat } from "./types.js";

const waiting = (id: string, rank: number, extra: Partial<ArenaWaiting> = {}): ArenaWaiting => ({
  id: entrantId(id),
  rank,
  rating: 1500,
  since: 0,
  lastOpponent: null,
  seats: [],
  games: 1,
  ...extra,
});

const shown = (wave: ReturnType<typeof pairArenaWave>) =>
  wave.pairings.map((p) => (p.kind === "game" ? [...p.seats].sort().join("") : p.entrant)).sort();

describe("arenaWaitMs: lila's wait before pairing", () => {
  it.each<[string, number, number, number]>([
    ["Othello 1+0: total 60 s → clamp(9 s) = 15 s", 60_000, 0, 15_000],
    ["Othello 5+3: 300 + 90 = 390 s → 25.5 s", 300_000, 3_000, 25_500],
    ["Othello 10+5: 600 + 150 s → clamp(43.5 s) = 30 s", 600_000, 5_000, 30_000],
    ["a game under 30 s: 8 s", 20_000, 0, 8_000],
    ["a game under 60 s: 10 s", 45_000, 0, 10_000],
  ])("%s", (_, baseMs, incrementMs, wait) => {
    expect(arenaWaitMs({ gameId: "othello", timeControl: { baseMs, incrementMs } })).toBe(wait);
  });
});

describe("readyToPair", () => {
  it("pairs those who waited long enough, at least two", () => {
    const pool = [
      waiting("a", 1, { since: 0 }),
      waiting("b", 2, { since: 5_000 }),
      waiting("c", 3, { since: 9_000 }),
    ];
    expect(readyToPair(pool, 15_000, 15_000)).toEqual([]);
    expect(readyToPair(pool, 20_000, 15_000).map((p) => p.id)).toEqual(["a", "b"]);
  });

  it("pairs everyone at once when over 100 wait", () => {
    const pool = Array.from({ length: ARENA_GROUP + 1 }, (_, i) => waiting(`p${i}`, i + 1, { since: 1_000 }));
    expect(readyToPair(pool, 1_000, 15_000)).toHaveLength(ARENA_GROUP + 1);
  });
});

describe("arenaPairCost: lila's", () => {
  it("weighs rank distance most at the top of the table", () => {
    // maxRank 100: ranks 1 and 3 → 2 × (300 + 1700 × 99/100) = 3966, plus 100 rating points.
    expect(arenaPairCost(waiting("a", 1, { rating: 1600 }), waiting("b", 3), 100)).toBe(
      2 * (300 + 1683) + 100,
    );
    // Ranks 99 and 100: 1 × (300 + 1700 × 1/100) = 317.
    expect(arenaPairCost(waiting("a", 99), waiting("b", 100), 100)).toBe(317);
  });
});

describe("pairArenaWave", () => {
  it("pairs neighbours by rank before anyone has played", () => {
    const wave = ["a", "b", "c", "d"].map((id, i) => waiting(id, i + 1, { games: 0 }));
    expect(shown(pairArenaWave(wave, 4))).toEqual(["ab", "cd"]);
  });

  it("sits out the newest arrival of an odd count", () => {
    const wave = [waiting("a", 1), waiting("b", 2, { since: 9 }), waiting("c", 3, { since: 1 })];
    expect(pairArenaWave(wave, 3).unpaired).toEqual(["b"]);
  });

  it("never pairs an immediate rematch", () => {
    const wave = [
      waiting("a", 1, { lastOpponent: entrantId("b") }),
      waiting("b", 2, { lastOpponent: entrantId("a") }),
      waiting("c", 3),
      waiting("d", 4),
    ];
    expect(shown(pairArenaWave(wave, 4))).toEqual(["ac", "bd"]);
    expect(
      shown(
        pairArenaWave(
          wave.map((w) => ({ ...w, games: 0 })),
          4,
        ),
      ),
    ).toEqual(["ac", "bd"]);
  });

  it("leaves waiting a pair that may only meet again", () => {
    const wave = [
      waiting("a", 1, { lastOpponent: entrantId("b") }),
      waiting("b", 2, { lastOpponent: entrantId("a") }),
    ];
    expect(pairArenaWave(wave, 2)).toEqual({ pairings: [], unpaired: ["a", "b"] });
  });

  it("gives seat 0 to whoever had it less, and never a fourth game in a row in one seat", () => {
    const wave = [waiting("a", 1, { seats: [0, 0, 0] }), waiting("b", 2, { seats: [1, 1, 1] })];
    expect(pairArenaWave(wave, 2).pairings).toEqual([{ kind: "game", seats: ["b", "a"] }]);
    const stuck = [waiting("a", 1, { seats: [0, 0, 0] }), waiting("b", 2, { seats: [0, 0, 0] })];
    expect(pairArenaWave(stuck, 2).pairings).toEqual([]);
  });

  it("pairs by rank and rating distance later", () => {
    const wave = [
      waiting("a", 1, { rating: 2000 }),
      waiting("b", 2, { rating: 1200 }),
      waiting("c", 3, { rating: 2000 }),
      waiting("d", 4, { rating: 1200 }),
    ];
    // a–b + c–d costs 2 × 800 + 2 × rank; a–c + b–d costs 0 + 4 × rank: rank distance wins here.
    expect(shown(pairArenaWave(wave, 4))).toEqual(["ab", "cd"]);
  });

  it("pairs everyone of a random wave once, never a rematch, never a fourth seat in a row", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 250 }), fc.nat(), fc.boolean(), (count, seed, threeInRow) => {
        // Histories of three games may already run three in one seat; of two they never bind.
        const bit = (i: number, k: number) => ((seed >> ((i + k) % 24)) & 1) as Seat;
        const wave = Array.from({ length: count }, (_, i) =>
          waiting(`p${i}`, i + 1, {
            rating: 1000 + ((seed * (i + 7)) % 1000),
            since: (seed + i * 31) % 97,
            lastOpponent: entrantId(`p${(i + 1 + (seed % count)) % count}`),
            seats: threeInRow ? [bit(i, 0), bit(i, 1), bit(i, 2)] : [bit(i, 0), bit(i, 1)],
          }),
        );
        const result = pairArenaWave(wave, count);
        const seen = result.pairings.flatMap((p) => (p.kind === "game" ? [...p.seats] : []));
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen.length + result.unpaired.length).toBe(count);
        // Each player may not meet at most two others: from six up, everyone but an odd one out is paired.
        if (!threeInRow && count >= 6) expect(result.unpaired).toHaveLength(count % 2);
        const byId = new Map(wave.map((w) => [w.id, w]));
        for (const p of result.pairings) {
          if (p.kind !== "game") continue;
          const [a, b] = p.seats.map((id) => byId.get(id));
          expect(a?.lastOpponent).not.toBe(b?.id);
          expect(b?.lastOpponent).not.toBe(a?.id);
          if (a?.seats.length === 3) expect(a.seats.every((s) => s === 0)).toBe(false);
          if (b?.seats.length === 3) expect(b.seats.every((s) => s === 1)).toBe(false);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe("arenaWaiting", () => {
  it("reads ranks, last opponents and seats from the fold, and skips paused players", () => {
    const log = new LogBuilder({ format: "arena" }).join("A", "B", "C");
    log.round("A-B").result(0, { winner: 0, discs: [40, 24] });
    log.events.push({ type: "paused", at: 99, entrant: entrantId("C") });
    const pool = arenaWaiting(foldTournament(log.events), [
      { id: entrantId("B"), since: 5 },
      { id: entrantId("C"), since: 6 },
    ]);
    expect(pool).toEqual([
      { id: "B", rank: 2, rating: 1500, since: 5, lastOpponent: "A", seats: [1], games: 1 },
    ]);
  });
});
