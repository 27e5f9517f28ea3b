import { getGame } from "@arena/engine/registry";
import { Random } from "@arena/engine/core/rng";
import { describe, expect, it } from "vitest";
import { crosstable } from "./crosstable.js";
import { boardsInPlay, foldTournament } from "./fold.js";
import { type PairGame, pairOutcome, pairTotals, randomOpening, withOpenings } from "./pairs.js";
import { LogBuilder, TEST_OPENING } from "./test-support.js";
import { type GameResult, type TournamentSettings } from "./types.js";

const won = (discs: [number, number], winner: 0 | 1 | null, ending: GameResult["ending"] = "normal") =>
  ({ ending, winner, discs, plies: 60 }) satisfies GameResult;

describe("a pair's result: the total over both games", () => {
  it.each<[string, PairGame[], boolean, [number, number], string]>([
    [
      "discs: a win and a smaller loss",
      [
        { seat: 0, result: won([40, 24], 0) },
        { seat: 1, result: won([38, 26], 0) },
      ],
      true,
      [66, 62],
      "win",
    ],
    [
      "discs: two wins",
      [
        { seat: 0, result: won([40, 24], 0) },
        { seat: 1, result: won([20, 44], 1) },
      ],
      true,
      [84, 44],
      "win",
    ],
    [
      "discs: equal totals draw",
      [
        { seat: 0, result: won([40, 24], 0) },
        { seat: 1, result: won([40, 24], 0) },
      ],
      true,
      [64, 64],
      "draw",
    ],
    [
      "discs: a flag counts 64-0",
      [
        { seat: 0, result: won([50, 10], 1, "timeout") },
        { seat: 1, result: won([4, 60], 1) },
      ],
      true,
      [60, 68],
      "loss",
    ],
    [
      "points: a win and a loss draw",
      [
        { seat: 0, result: won([0, 0], 0) },
        { seat: 1, result: won([0, 0], 0) },
      ],
      false,
      [1, 1],
      "draw",
    ],
    [
      "points: a win and a draw win",
      [
        { seat: 0, result: won([0, 0], 0) },
        { seat: 1, result: won([0, 0], null) },
      ],
      false,
      [1.5, 0.5],
      "win",
    ],
    [
      "points: two draws draw",
      [
        { seat: 0, result: won([0, 0], null) },
        { seat: 1, result: won([0, 0], null) },
      ],
      false,
      [1, 1],
      "draw",
    ],
  ])("%s", (_, games, byDiscs, totals, outcome) => {
    expect(pairTotals(games, byDiscs)).toEqual(totals);
    expect(pairOutcome(games, byDiscs)).toBe(outcome);
  });
});

/**
 * docs/tournaments.md, "Pairs from one opening": four Othello players, two rounds of a round-robin.
 * R1 A–B 40–24 then B–A 38–26 (A 66–62); C–D 32–32 then D–C 33–31 (D 65–63).
 * R2 A–C C on time then C–A 4–60 (C 68–60); B–D 30–34 then D–B 34–30 (D 68–60).
 */
function worked(gameId: "othello" | "connect-k" = "othello") {
  return new LogBuilder({ gameId, pairsFromOneOpening: true })
    .join("A", "B", "C", "D")
    .round("A-B", "C-D")
    .result(0, { winner: 0, discs: [40, 24] })
    .result(1, { winner: 0, discs: [38, 26] })
    .result(2, { winner: null, discs: [32, 32] })
    .result(3, { winner: 0, discs: [33, 31] })
    .round("A-C", "B-D")
    .result(0, { winner: 1, ending: "timeout", discs: [40, 20] })
    .result(1, { winner: 1, discs: [4, 60] })
    .result(2, { winner: 1, discs: [30, 34] })
    .result(3, { winner: 0, discs: [34, 30] });
}

const table = (state: ReturnType<typeof foldTournament>) =>
  state.standings.map((s) => [s.entrant, s.rank, s.points, ...s.tieBreaks]);

describe("foldTournament with pairs from one opening", () => {
  it("makes two boards per pairing, seats swapped, sharing the round's opening", () => {
    const state = foldTournament(
      new LogBuilder({ pairsFromOneOpening: true }).join("A", "B", "C").round("A-B", "C").events,
    );
    expect(state.rounds[0]?.boards.map((b) => [b.pairing, b.pair])).toEqual([
      [
        { kind: "game", seats: ["A", "B"] },
        { game: 0, opening: TEST_OPENING },
      ],
      [
        { kind: "game", seats: ["B", "A"] },
        { game: 1, opening: TEST_OPENING },
      ],
      [{ kind: "bye", entrant: "C" }, undefined],
    ]);
    expect(boardsInPlay(state)).toEqual([
      { round: 1, board: 0 },
      { round: 1, board: 1 },
    ]);
  });

  it("scores a pair once both games are over, by the pair's discs", () => {
    const half = foldTournament(worked().events.slice(0, 5));
    expect(half.records.get("A" as never)).toBeUndefined();
    const state = foldTournament(worked().events);
    expect(
      state.records.get("A" as never)?.map((r) => [r.kind, r.kind === "bye" ? null : r.outcome]),
    ).toEqual([
      ["pair", "win"],
      ["pair", "loss"],
    ]);
  });

  it("ranks by pair points, then BQ over each game's discs, then discs", () => {
    // BQ: D 65 + 6×1 + 68 + 6×0 = 139; C 63 + 6×2 + 68 + 6×1 = 149; A 66 + 0 + 60 + 6×1 = 132;
    // B 62 + 6×1 + 60 + 6×2 = 140.
    expect(table(foldTournament(worked().events))).toEqual([
      ["D", 1, 2, 139, 133],
      ["C", 2, 1, 149, 131],
      ["A", 3, 1, 132, 126],
      ["B", 4, 0, 140, 122],
    ]);
  });

  it("decides a game without discs by the two games' points", () => {
    // Connect-K: A–B a win each (drawn pair); C–D ½ then D (D); A–C a win each (drawn); B–D D twice.
    // B and C tie on Buchholz (3) and SB (½): join order.
    const state = foldTournament(worked("connect-k").events);
    expect(state.standings.map((s) => [s.entrant, s.points])).toEqual([
      ["D", 2],
      ["A", 1],
      ["B", 0.5],
      ["C", 0.5],
    ]);
  });

  it("counts a bye as two games' discs (2 × 32) in the BQ and discs", () => {
    const state = foldTournament(
      new LogBuilder({ format: "swiss", rounds: 1, pairsFromOneOpening: true })
        .join("A", "B", "C")
        .round("A-B", "C").events,
    );
    const c = state.standings.find((s) => s.entrant === "C");
    expect([c?.points, ...(c?.tieBreaks ?? [])]).toEqual([1, 64 + 6, 64]);
  });

  it("scores a forfeited pair once", () => {
    const state = foldTournament(
      new LogBuilder({ pairsFromOneOpening: true }).join("A", "B").withdraw("B").round("A-B").events,
    );
    expect(state.records.get("A" as never)?.map((r) => r.kind)).toEqual(["forfeit"]);
    expect(state.standings.map((s) => [s.entrant, s.points, s.games])).toEqual([
      ["A", 1, 1],
      ["B", 0, 1],
    ]);
  });

  it("counts a pair as one result for arena streaks", () => {
    const log = new LogBuilder({ format: "arena", durationMs: 3_600_000, pairsFromOneOpening: true }).join(
      "A",
      "B",
    );
    for (let i = 0; i < 3; i++)
      log
        .round("A-B")
        .result(0, { winner: 0, discs: [40, 24] })
        .result(1, { winner: 1, discs: [30, 34] });
    const a = foldTournament(log.events).standings.find((s) => s.entrant === "A");
    expect([a?.points, a?.onFire]).toEqual([2 + 2 + 4, true]);
  });

  it("shows a decided pair in the crosstable with its outcome and no seat", () => {
    const rows = crosstable(foldTournament(worked().events));
    expect(rows.find((r) => r.entrant === "A")?.rounds).toEqual([
      { opponent: "B", seat: null, outcome: "win", kind: "game" },
      { opponent: "C", seat: null, outcome: "loss", kind: "game" },
    ]);
  });

  it("refuses a pairs round without openings, and openings without pairs", () => {
    const plain = new LogBuilder({ pairsFromOneOpening: true }).join("A", "B");
    plain.events.push({
      type: "round-started",
      at: 9,
      pairings: [{ kind: "game", seats: ["A", "B"] as never }],
    });
    expect(() => foldTournament(plain.events)).toThrow(/openings/);
    const extra = new LogBuilder().join("A", "B");
    extra.events.push({
      type: "round-started",
      at: 9,
      pairings: [{ kind: "game", seats: ["A", "B"] as never }],
      openings: [[]],
    });
    expect(() => foldTournament(extra.events)).toThrow(/openings/);
  });
});

describe("randomOpening", () => {
  const settings = (gameId: "othello" | "connect-k"): TournamentSettings => ({
    gameId,
    format: "round-robin",
    timeControl: { baseMs: 60_000, incrementMs: 0 },
    pairsFromOneOpening: true,
  });
  const seeded = (seed: number) => {
    const random = new Random(seed);
    return () => random.int(1_000_000) / 1_000_000;
  };

  it.each([
    ["othello", 8],
    ["connect-k", 4],
  ] as const)("draws %s openings of %i legal plies, the same for the same seed", (gameId, plies) => {
    const game = getGame(gameId);
    const options = game.parseOptions({});
    if (!options.ok) throw new Error("options");
    const seen = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      const opening = randomOpening(settings(gameId), seeded(seed));
      expect(opening).toEqual(randomOpening(settings(gameId), seeded(seed)));
      expect(opening).toHaveLength(plies);
      let state = game.initial(options.value, 0);
      for (const text of opening) {
        const move = game.parseMove(state, text);
        if (!move.ok) throw new Error(`${text}: ${move.error.message}`);
        const played = game.play(state, move.value);
        if (!played.ok) throw new Error(`${text}: ${played.error.message}`);
        state = played.value;
      }
      expect(game.outcome(state).kind).toBe("ongoing");
      seen.add(opening.join(" "));
    }
    expect(seen.size).toBeGreaterThan(20);
  });

  it("gives every game pairing of a new round an opening, and a bye none", () => {
    const events = withOpenings(
      settings("othello"),
      [
        {
          type: "round-started",
          at: 1,
          pairings: [
            { kind: "game", seats: ["A", "B"] as never },
            { kind: "bye", entrant: "C" as never },
          ],
        },
      ],
      seeded(3),
    );
    const [started] = events;
    expect(started?.type === "round-started" ? started.openings?.map((o) => o.length) : null).toEqual([8, 0]);
    expect(
      withOpenings({ ...settings("othello"), pairsFromOneOpening: false }, events.slice(0, 0), seeded(3)),
    ).toEqual([]);
  });
});
