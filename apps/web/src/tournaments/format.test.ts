import { describe, expect, it } from "vitest";
import {
  countdown,
  crosstableRows,
  newerView,
  playersOf,
  pointsText,
  progressOf,
  resultText,
  roundRobinRounds,
  tieBreakNames,
  tieBreakText,
} from "./format";

describe("countdown", () => {
  it("shows minutes and seconds, then hours, rounding a started second up", () => {
    expect(countdown(65_000, 0)).toBe("1:05");
    expect(countdown(1_000, 1)).toBe("0:01");
    expect(countdown(3_723_000, 0)).toBe("1:02:03");
    expect(countdown(30 * 3_600_000, 0)).toBe("30:00:00");
  });

  it("is null once the time has come", () => {
    expect(countdown(1_000, 1_000)).toBeNull();
    expect(countdown(1_000, 5_000)).toBeNull();
  });
});

describe("roundRobinRounds", () => {
  it("follows Berger tables: n − 1 rounds when even, n when odd (a bye each), twice when double", () => {
    expect(roundRobinRounds(4, false)).toBe(3);
    expect(roundRobinRounds(5, false)).toBe(5);
    expect(roundRobinRounds(4, true)).toBe(6);
    expect(roundRobinRounds(0, false)).toBe(0);
  });
});

const base = {
  status: "running",
  format: "swiss",
  startsAt: null,
  startedAt: 1_000,
  durationMs: null,
  rounds: 3,
  double: false,
  roundsPlayed: [{ number: 1, startedAt: 1_000, pairings: [] }],
  standings: [1, 2, 3, 4],
} as const;

describe("progressOf", () => {
  it("counts down to a set start, and waits for the creator without one", () => {
    expect(progressOf({ ...base, status: "waiting", startsAt: 61_000, roundsPlayed: [] }, 1_000)).toEqual({
      kind: "startsIn",
      left: "1:00",
    });
    expect(progressOf({ ...base, status: "waiting", startsAt: 500, roundsPlayed: [] }, 1_000)).toEqual({
      kind: "startsSoon",
    });
    expect(progressOf({ ...base, status: "waiting", roundsPlayed: [] }, 0)).toEqual({
      kind: "waitingForCreator",
    });
  });

  it("says the round of a swiss and of a round-robin (its rounds from the entrants when not sent)", () => {
    expect(progressOf(base, 2_000)).toEqual({ kind: "round", round: 1, of: 3 });
    expect(progressOf({ ...base, format: "round-robin", rounds: null, double: true }, 2_000)).toEqual({
      kind: "round",
      round: 1,
      of: 6,
    });
  });

  it("says the time left of an arena", () => {
    const arena = { ...base, format: "arena", rounds: null, durationMs: 600_000 } as const;
    expect(progressOf(arena, 1_000)).toEqual({ kind: "timeLeft", left: "10:00" });
    expect(progressOf(arena, 601_000)).toEqual({ kind: "ending" });
  });

  it("says a finished tournament is finished", () => {
    expect(progressOf({ ...base, status: "finished" }, 0)).toEqual({ kind: "finished" });
  });
});

describe("texts", () => {
  it("shows a result as sent, and a game still on as *", () => {
    expect(resultText("½-½")).toBe("½-½");
    expect(resultText(null)).toBe("*");
  });

  it("writes half points with ½", () => {
    expect(pointsText(0)).toBe("0");
    expect(pointsText(0.5)).toBe("½");
    expect(pointsText(2.5)).toBe("2½");
    expect(pointsText(12)).toBe("12");
  });

  it("writes a tie-break whole, or to one decimal", () => {
    expect(tieBreakText(230)).toBe("230");
    expect(tieBreakText(4.25)).toBe("4.3");
  });

  it("names the tie-breaks from the standings", () => {
    expect(
      tieBreakNames([
        {
          tieBreaks: [
            { name: "BQ", value: 3 },
            { name: "discs", value: 40 },
          ],
        },
      ]),
    ).toEqual(["BQ", "discs"]);
    expect(tieBreakNames([])).toEqual([]);
  });
});

describe("crosstableRows", () => {
  it("puts names and points from the standings on the server's grid, with the diagonal marked", () => {
    const rows = crosstableRows(
      {
        entrants: ["u1", "ai-1", "ai-2"],
        cells: [
          [null, "1", "½ 1"],
          ["0", null, null],
          ["½ 0", null, null],
        ],
      },
      [
        { entrant: "u1", name: "ann", rank: 1, points: 2.5 },
        { entrant: "ai-1", name: "AI 1", rank: 2, points: 0 },
        { entrant: "ai-2", name: "AI 2", rank: 3, points: 0.5 },
      ],
    );
    expect(rows).toEqual([
      { rank: 1, entrant: "u1", name: "ann", points: 2.5, cells: ["self", "1", "½ 1"] },
      { rank: 2, entrant: "ai-1", name: "AI 1", points: 0, cells: ["0", "self", null] },
      { rank: 3, entrant: "ai-2", name: "AI 2", points: 0.5, cells: ["½ 0", null, "self"] },
    ]);
  });
});

describe("playersOf", () => {
  it("finds a game's players by its match id, latest round first", () => {
    const rounds = [
      {
        number: 1,
        startedAt: 0,
        pairings: [
          { names: ["ann", "AI 1"], entrants: ["u1", "ai-1"], matchId: "m1", result: "1-0", points: [1, 0] },
        ],
      },
    ] as never;
    expect(playersOf(rounds, "m1")).toEqual(["ann", "AI 1"]);
    expect(playersOf(rounds, "m2")).toBeNull();
  });
});

describe("newerView", () => {
  it("keeps the held view unless the one that came is newer", () => {
    const held = { version: 5 };
    expect(newerView(null, { version: 1 })).toEqual({ version: 1 });
    expect(newerView(held, { version: 4 })).toBe(held);
    expect(newerView(held, { version: 5 })).toBe(held);
    expect(newerView(held, { version: 6 })).toEqual({ version: 6 });
  });
});
