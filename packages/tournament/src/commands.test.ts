import { describe, expect, it } from "vitest";
import {
  arenaWave,
  type Decision,
  join,
  nextRound,
  setPaused,
  TOURNAMENT_REFUSALS,
  type TournamentRefusal,
  withdraw,
} from "./commands.js";
import { foldTournament } from "./fold.js";
import { checkSettings } from "./settings.js";
import { LogBuilder } from "./test-support.js";
import { entrantId, type TournamentSettings } from "./types.js";

const A = entrantId("A");
const Z = entrantId("Z");
const state = (build: LogBuilder) => foldTournament(build.events);
const refused = (decision: Decision): TournamentRefusal | null => (decision.ok ? null : decision.code);
const types = (decision: Decision) => (decision.ok ? decision.events.map((e) => e.type) : decision.code);
const person = (id: string) => ({ id: entrantId(id), name: id, kind: "human" as const, rating: 1500 });

describe("commands: every refusal has a case", () => {
  const cases: Record<TournamentRefusal, () => Decision> = {
    finished: () => join(state(new LogBuilder().finish()), person("A"), 9, 16),
    "already-entered": () => join(state(new LogBuilder().join("A")), person("A"), 9, 16),
    full: () => join(state(new LogBuilder({ format: "swiss", rounds: 3 }).join("A", "B")), person("C"), 9, 2),
    "not-entered": () => withdraw(state(new LogBuilder().join("A")), Z, 9),
    withdrawn: () => withdraw(state(new LogBuilder().join("A").withdraw("A")), A, 9),
    "entries-closed": () => join(state(new LogBuilder().join("A", "B").round("A-B")), person("C"), 9, 16),
    "not-an-arena": () => setPaused(state(new LogBuilder().join("A")), A, true, 9),
    "already-paused": () => {
      const log = new LogBuilder({ format: "arena", durationMs: 60_000 }).join("A");
      log.events.push({ type: "paused", at: 5, entrant: A });
      return setPaused(state(log), A, true, 9);
    },
    "not-paused": () =>
      setPaused(state(new LogBuilder({ format: "arena", durationMs: 60_000 }).join("A")), A, false, 9),
    "too-few-entrants": () => nextRound(state(new LogBuilder().join("A")), 9),
    "round-in-play": () => nextRound(state(new LogBuilder().join("A", "B").round("A-B")), 9),
    "nobody-to-pair": () =>
      arenaWave(
        state(new LogBuilder({ format: "arena", durationMs: 60_000 }).join("A")),
        [{ id: A, since: 0 }],
        9,
      ),
  };

  it.each(TOURNAMENT_REFUSALS.map((code) => [code]))("%s", (code) => {
    expect(refused(cases[code]())).toBe(code);
  });
});

describe("commands: accepted", () => {
  it("joins, withdraws, pauses and resumes", () => {
    expect(types(join(state(new LogBuilder()), person("A"), 1, 16))).toEqual(["joined"]);
    expect(
      types(
        join(
          state(new LogBuilder({ format: "swiss", rounds: 3 }).join("A", "B").round("A-B")),
          person("C"),
          1,
          16,
        ),
      ),
    ).toEqual(["joined"]);
    expect(types(withdraw(state(new LogBuilder().join("A")), A, 1))).toEqual(["withdrew"]);
    const arena = new LogBuilder({ format: "arena", durationMs: 60_000 }).join("A");
    expect(types(setPaused(state(arena), A, true, 1))).toEqual(["paused"]);
  });

  it("counts only present entrants against the places: a withdrawal frees one", () => {
    const log = new LogBuilder({ format: "swiss", rounds: 3 }).join("A", "B");
    expect(refused(join(state(log), person("C"), 1, 2))).toBe("full");
    expect(types(join(state(log.withdraw("B")), person("C"), 1, 2))).toEqual(["joined"]);
  });

  it("runs a swiss round by round to its last, then finishes", () => {
    const log = new LogBuilder({ format: "swiss", rounds: 2 }).join("A", "B", "C", "D");
    for (let round = 1; round <= 2; round++) {
      const decision = nextRound(state(log), round);
      if (!decision.ok) throw new Error(decision.code);
      log.events.push(...decision.events);
      log.result(0, { winner: 0, discs: [40, 24] }).result(1, { winner: 1, discs: [24, 40] });
    }
    expect(types(nextRound(state(log), 9))).toEqual(["finished"]);
  });

  it("finishes a round-robin when its table is played out", () => {
    const log = new LogBuilder().join("A", "B");
    expect(types(nextRound(state(log), 1))).toEqual(["round-started"]);
    log.round("A-B").result(0, { winner: 0 });
    expect(types(nextRound(state(log), 2))).toEqual(["finished"]);
  });

  it("pairs an arena wave of those not playing, and ends the arena when its time is up", () => {
    const log = new LogBuilder({ format: "arena", durationMs: 60_000 }).join("A", "B", "C", "D");
    const pool = ["A", "B", "C", "D"].map((id) => ({ id: entrantId(id), since: 0 }));
    const first = arenaWave(state(log), pool, 1_000);
    expect(first.ok && first.events[0]).toEqual({
      type: "round-started",
      at: 1_000,
      pairings: [
        { kind: "game", seats: ["A", "B"] },
        { kind: "game", seats: ["C", "D"] },
      ],
    });
    log.round("A-B", "C-D").result(0, { winner: 0 });
    expect(refused(arenaWave(state(log), pool, 2_000))).toBe("nobody-to-pair");
    expect(types(arenaWave(state(log), pool, 61_002))).toEqual(["finished"]);
  });
});

describe("checkSettings", () => {
  const base: TournamentSettings = {
    gameId: "othello",
    format: "round-robin",
    timeControl: { baseMs: 60_000, incrementMs: 0 },
  };
  it.each<[string, Partial<TournamentSettings>, string | null]>([
    ["a round-robin", {}, null],
    ["a double round-robin", { double: true }, null],
    ["a swiss of 7 rounds", { format: "swiss", rounds: 7 }, null],
    ["an arena with berserk", { format: "arena", durationMs: 3_600_000, berserk: true }, null],
    ["an unknown game", { gameId: "chess" as never }, "unknown-game"],
    ["an unknown format", { format: "knockout" as never }, "unknown-format"],
    ["no base time", { timeControl: { baseMs: 0, incrementMs: 2_000 } }, "bad-time-control"],
    ["a swiss without rounds", { format: "swiss" }, "rounds-required"],
    ["a swiss of 31 rounds", { format: "swiss", rounds: 31 }, "rounds-required"],
    ["an arena without a duration", { format: "arena" }, "duration-required"],
    ["berserk outside an arena", { berserk: true }, "option-not-for-format"],
    ["double outside a round-robin", { format: "swiss", rounds: 3, double: true }, "option-not-for-format"],
    ["rounds for a round-robin", { rounds: 3 }, "option-not-for-format"],
    ["pairs from one opening in a swiss", { format: "swiss", rounds: 3, pairsFromOneOpening: true }, null],
    [
      "pairs from one opening with berserk",
      { format: "arena", durationMs: 3_600_000, berserk: true, pairsFromOneOpening: true },
      "option-not-for-format",
    ],
    [
      "pairs from one opening of a drawn start",
      { gameId: "krk", pairsFromOneOpening: true },
      "option-not-for-game",
    ],
  ])("%s", (_, change, code) => {
    const checked = checkSettings({ ...base, ...change });
    expect(checked.ok ? null : checked.code).toBe(code);
  });
});
