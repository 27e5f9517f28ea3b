import { describe, expect, it } from "vitest";
import { foldTournament } from "./fold.js";
import { bergerRound, nextRoundRobinPairings, roundRobinPairings, roundRobinRounds } from "./round-robin.js";
import { LogBuilder } from "./test-support.js";
import { entrantId, type Pairing } from "./types.js";

// FIDE Handbook C.05 Annex 1, the Berger tables: white (here seat 0) first on each board.
const PUBLISHED: Record<number, string[]> = {
  4: ["1-4 2-3", "4-3 1-2", "2-4 3-1"],
  6: ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"],
  8: [
    "1-8 2-7 3-6 4-5",
    "8-5 6-4 7-3 1-2",
    "2-8 3-1 4-7 5-6",
    "8-6 7-5 1-4 2-3",
    "3-8 4-2 5-1 6-7",
    "8-7 1-6 2-5 3-4",
    "4-8 5-3 6-2 7-1",
  ],
};

const show = (boards: [number, number][]) => boards.map(([a, b]) => `${a}-${b}`).join(" ");

describe("bergerRound", () => {
  it.each([4, 6, 8])("matches the published table for %i players, board by board", (n) => {
    const rounds = Array.from({ length: n - 1 }, (_, r) => show(bergerRound(n, r + 1)));
    expect(rounds).toEqual(PUBLISHED[n]);
  });

  it.each([2, 4, 6, 10, 16, 20])("pairs every two of %i players exactly once", (n) => {
    const met = new Set<string>();
    for (let round = 1; round < n; round++) {
      const seen = new Set<number>();
      for (const [a, b] of bergerRound(n, round)) {
        seen.add(a).add(b);
        const key = `${Math.min(a, b)}-${Math.max(a, b)}`;
        expect(met.has(key)).toBe(false);
        met.add(key);
      }
      expect(seen.size).toBe(n);
    }
    expect(met.size).toBe((n * (n - 1)) / 2);
  });
});

const ids = (count: number) => Array.from({ length: count }, (_, i) => entrantId(`p${i + 1}`));
const showPairings = (pairings: Pairing[]) =>
  pairings.map((p) => (p.kind === "bye" ? `${p.entrant}:bye` : `${p.seats[0]}-${p.seats[1]}`)).join(" ");

describe("roundRobinPairings", () => {
  it("gives five players the six-player table with player 6 as the bye", () => {
    const rounds = Array.from({ length: 5 }, (_, r) =>
      showPairings(roundRobinPairings(ids(5), r + 1, false)),
    );
    expect(rounds).toEqual([
      "p1:bye p2-p5 p3-p4",
      "p4:bye p5-p3 p1-p2",
      "p2:bye p3-p1 p4-p5",
      "p5:bye p1-p4 p2-p3",
      "p3:bye p4-p2 p5-p1",
    ]);
  });

  it("plays the second cycle of a double round-robin with colours swapped", () => {
    const entrants = ids(4);
    expect(roundRobinRounds(4, true)).toBe(6);
    for (let round = 1; round <= 3; round++) {
      const first = roundRobinPairings(entrants, round, true);
      const second = roundRobinPairings(entrants, round + 3, true);
      expect(second).toEqual(
        first.map((p) => (p.kind === "game" ? { kind: "game", seats: [p.seats[1], p.seats[0]] } : p)),
      );
    }
  });

  it("keeps every entrant's colours within one over a cycle of an even count", () => {
    const entrants = ids(10);
    const firsts = new Map<string, number>();
    for (let round = 1; round <= 9; round++) {
      for (const p of roundRobinPairings(entrants, round, false)) {
        if (p.kind === "game") firsts.set(p.seats[0], (firsts.get(p.seats[0]) ?? 0) + 1);
      }
    }
    for (const id of entrants) expect([4, 5]).toContain(firsts.get(id));
  });

  it("refuses a round outside the table", () => {
    expect(() => roundRobinPairings(ids(4), 4, false)).toThrow();
  });
});

describe("a round-robin played to the end", () => {
  it("plays every pair once, points sum to the games, standings by points then BQ", () => {
    const log = new LogBuilder().join("L1", "L2", "L3", "L4");
    for (;;) {
      const pairings = nextRoundRobinPairings(foldTournament(log.events));
      if (pairings === null) break;
      log.round(...pairings.map((p) => (p.kind === "game" ? p.seats.join("-") : p.entrant)));
      // The higher level wins by as many discs as the levels differ, times eight.
      pairings.forEach((p, board) => {
        if (p.kind !== "game") return;
        const [a, b] = p.seats.map((id) => Number(id.slice(1)));
        const margin = 8 * ((b ?? 0) - (a ?? 0));
        log.result(board, { winner: margin > 0 ? 1 : 0, discs: [32 - margin / 2, 32 + margin / 2] });
      });
    }
    const state = foldTournament(log.finish().events);
    expect(state.status).toBe("finished");
    expect(state.rounds).toHaveLength(3);
    const pairs = state.rounds.flatMap((r) =>
      r.boards.map((b) => (b.pairing.kind === "game" ? [...b.pairing.seats].sort().join("-") : "")),
    );
    expect(new Set(pairs).size).toBe(6);
    expect(state.standings.reduce((sum, s) => sum + s.points, 0)).toBe(6);
    expect(state.standings.map((s) => [s.entrant, s.points])).toEqual([
      ["L4", 3],
      ["L3", 2],
      ["L2", 1],
      ["L1", 0],
    ]);
  });
});

describe("a round-robin with a withdrawal", () => {
  it("forfeits the withdrawn player's games and drops their byes", () => {
    const log = new LogBuilder().join("A", "B", "C");
    log
      .round("A", "B-C")
      .result(1, { winner: 0, discs: [40, 24] })
      .withdraw("C");
    // Berger's round 2 is C's bye (dropped) and A–B; round 3 B's bye and C–A, a forfeit.
    expect(nextRoundRobinPairings(foldTournament(log.events))).toEqual([{ kind: "game", seats: ["A", "B"] }]);
    log.round("A-B").result(0, { winner: 1, discs: [30, 34] });
    expect(nextRoundRobinPairings(foldTournament(log.events))).toEqual([
      { kind: "bye", entrant: "B" },
      { kind: "game", seats: ["C", "A"] },
    ]);
    log.round("B", "C-A");
    expect(nextRoundRobinPairings(foldTournament(log.events))).toBeNull();
    const state = foldTournament(log.finish().events);
    expect(state.standings.map((s) => [s.entrant, s.points])).toEqual([
      ["B", 3],
      ["A", 2],
      ["C", 0],
    ]);
  });
});
