import { describe, expect, it } from "vitest";
import { boardsInPlay, foldTournament } from "./fold.js";
import { LogBuilder } from "./test-support.js";

/**
 * docs/tournaments.md, "A worked example": four Othello players, a round-robin.
 * R1 A–D 40–24, B–C 32–32; R2 D–C 28–36, A–B B on time; R3 B–D 50–10, C–A 35–29.
 */
function worked(gameId: "othello" | "connect-k" = "othello") {
  return new LogBuilder({ gameId })
    .join("A", "B", "C", "D")
    .round("A-D", "B-C")
    .result(0, { winner: 0, discs: [40, 24] })
    .result(1, { winner: null, discs: [32, 32] })
    .round("D-C", "A-B")
    .result(0, { winner: 1, discs: [28, 36] })
    .result(1, { winner: 1, ending: "timeout", discs: [40, 20], plies: 31 })
    .round("B-D", "C-A")
    .result(0, { winner: 0, discs: [50, 10] })
    .result(1, { winner: 0, discs: [35, 29] });
}

const table = (state: ReturnType<typeof foldTournament>) =>
  state.standings.map((s) => [s.entrant, s.rank, s.points, ...s.tieBreaks]);

describe("foldTournament: standings", () => {
  it("ranks the worked example by points, then BQ, then discs", () => {
    const state = foldTournament(worked().events);
    expect(table(state)).toEqual([
      ["B", 1, 2.5, 171, 150],
      ["C", 2, 2.5, 124, 103],
      ["A", 3, 1, 99, 69],
      ["D", 4, 0, 98, 62],
    ]);
    expect(state.standings.map((s) => s.games)).toEqual([3, 3, 3, 3]);
    expect(state.status).toBe("running");
    expect(boardsInPlay(state)).toEqual([]);
  });

  it("ranks the same games of another game by Buchholz, then Sonneborn–Berger, then join order", () => {
    expect(table(foldTournament(worked("connect-k").events))).toEqual([
      ["B", 1, 2.5, 3.5, 2.25],
      ["C", 2, 2.5, 3.5, 2.25],
      ["A", 3, 1, 5, 0],
      ["D", 4, 0, 6, 0],
    ]);
  });

  it("counts a bye as a win worth 32 + 6 × own score in BQ and 32 discs", () => {
    // docs/tournaments.md, "Byes": the three-player swiss, number for number.
    const state = foldTournament(
      new LogBuilder({ format: "swiss", rounds: 2 })
        .join("A", "B", "E")
        .round("A-B", "E")
        .result(0, { winner: 0, discs: [33, 31] })
        .round("E-A", "B")
        .result(0, { winner: 0, discs: [40, 24] }).events,
    );
    expect(table(state)).toEqual([
      ["E", 1, 2, 32 + 6 * 2 + 40 + 6 * 1, 72],
      ["B", 2, 1, 31 + 6 * 1 + 32 + 6 * 1, 63],
      ["A", 3, 1, 33 + 6 * 1 + 24 + 6 * 2, 57],
    ]);
  });

  it("counts a game against a withdrawn player as 32 + 6 × own score", () => {
    const state = foldTournament(
      new LogBuilder({ format: "swiss", rounds: 3 })
        .join("A", "B", "C", "D")
        .round("A-B", "C-D")
        .result(0, { winner: 0, discs: [40, 24] })
        .result(1, { winner: 0, discs: [36, 28] })
        .withdraw("B").events,
    );
    const a = state.standings.find((s) => s.entrant === "A");
    const c = state.standings.find((s) => s.entrant === "C");
    expect(a?.tieBreaks).toEqual([32 + 6 * 1, 40]);
    expect(c?.tieBreaks).toEqual([36 + 6 * 0, 36]);
    expect(state.standings.find((s) => s.entrant === "B")?.withdrawn).toBe(true);
  });
});

describe("foldTournament: round-robin withdrawals", () => {
  it("forfeits the withdrawn player's later games: the opponent wins without playing", () => {
    const state = foldTournament(
      new LogBuilder()
        .join("A", "B", "C", "D")
        .round("A-D", "B-C")
        .result(0, { winner: 0, discs: [40, 24] })
        .result(1, { winner: 1, discs: [20, 44] })
        .withdraw("D")
        .round("D-C", "A-B")
        .result(1, { winner: 0, discs: [33, 31] }).events,
    );
    expect(state.rounds[1]?.boards[0]?.forfeited).toEqual(["D"]);
    expect(boardsInPlay(state)).toEqual([]);
    const points = Object.fromEntries(state.standings.map((s) => [s.entrant, s.points]));
    expect(points).toEqual({ A: 2, B: 0, C: 2, D: 0 });
    // Points sum to the boards decided: four games and one forfeit.
    expect(Object.values(points).reduce((a, b) => a + b)).toBe(4);
  });
});

describe("foldTournament: arena", () => {
  it("scores waves with streaks and berserk as the arena sheet does", () => {
    const log = new LogBuilder({ format: "arena", durationMs: 3_600_000, berserk: true }).join(
      "A",
      "B",
      "C",
      "D",
    );
    log
      .round("A-B", "C-D")
      .result(0, { winner: 0, discs: [40, 24] })
      .result(1, { winner: null, discs: [32, 32] });
    log
      .round("C-A", "D-B")
      .result(0, { winner: 1, discs: [20, 44] })
      .result(1, { winner: 0, discs: [35, 29] });
    log.round("A-D").result(0, { winner: 0, discs: [50, 14], berserk: [true, false] });
    const state = foldTournament(log.events);
    const row = (id: string) => state.standings.find((s) => s.entrant === id);
    expect(row("A")).toMatchObject({ points: 2 + 2 + 5, onFire: true, rank: 1 });
    expect(row("D")).toMatchObject({ points: 1 + 2 + 0, onFire: false });
  });

  it("pauses and resumes arena players only", () => {
    const arena = new LogBuilder({ format: "arena" }).join("A");
    arena.events.push({ type: "paused", at: 9, entrant: "A" as never });
    expect(foldTournament(arena.events).entrants[0]?.paused).toBe(true);
    const swiss = new LogBuilder({ format: "swiss" }).join("A");
    swiss.events.push({ type: "paused", at: 9, entrant: "A" as never });
    expect(() => foldTournament(swiss.events)).toThrow(/paused outside an arena/);
  });
});

describe("foldTournament: impossible logs are bugs", () => {
  it.each<[string, (b: LogBuilder) => LogBuilder]>([
    ["a second join", (b) => b.join("A", "A")],
    ["a late round-robin entry", (b) => b.join("A", "B").round("A-B").join("C")],
    ["an entrant twice in a round", (b) => b.join("A", "B").round("A-B", "A")],
    ["an unknown entrant", (b) => b.join("A").round("A-Z")],
    [
      "a result twice",
      (b) => b.join("A", "B").round("A-B").result(0, { winner: 0 }).result(0, { winner: 1 }),
    ],
    ["a result for a bye", (b) => b.join("A").round("A").result(0, { winner: 0 })],
    ["events after the end", (b) => b.join("A").finish().join("B")],
    [
      "berserk outside an arena",
      (b) =>
        b
          .join("A", "B")
          .round("A-B")
          .result(0, { winner: 0, berserk: [true, false] }),
    ],
  ])("%s", (_, build) => {
    expect(() => foldTournament(build(new LogBuilder()).events)).toThrow(/impossible tournament log/);
  });

  it("refuses to pair a withdrawn swiss entrant", () => {
    const log = new LogBuilder({ format: "swiss" }).join("A", "B", "C").withdraw("C").round("A-C");
    expect(() => foldTournament(log.events)).toThrow(/withdrawn C paired/);
  });
});
