import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maySit, preferredSeat, seatBalance } from "./colours.js";
import { foldTournament } from "./fold.js";
import { pairSwiss, type SwissPlayer, swissPlayers } from "./swiss.js";
import { LogBuilder } from "./test-support.js";
import { entrantId, type EntrantId, type Pairing, type Seat } from "./types.js";

/** A small deterministic generator for results (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Plays a swiss of `count` players over `rounds` rounds with random results; returns its rounds. */
function playSwiss(count: number, rounds: number, seed: number) {
  const next = random(seed);
  const names = Array.from({ length: count }, (_, i) => `p${i}`);
  const log = new LogBuilder({ format: "swiss", rounds }).join(...names);
  const played: { pairings: Pairing[]; colourRule: string }[] = [];
  for (let round = 1; round <= rounds; round++) {
    const paired = pairSwiss(swissPlayers(foldTournament(log.events)));
    if (!paired.ok) break;
    played.push(paired);
    log.round(...paired.pairings.map((p) => (p.kind === "bye" ? p.entrant : p.seats.join("-"))));
    paired.pairings.forEach((p, board) => {
      if (p.kind !== "game") return;
      const r = next();
      const winner: Seat | null = r < 0.45 ? 0 : r < 0.9 ? 1 : null;
      const black = 20 + Math.floor(next() * 25);
      log.result(board, {
        winner,
        discs:
          winner === null ? [32, 32] : winner === 0 ? [black + 20, 44 - black] : [44 - black, black + 20],
      });
    });
  }
  return { names, played, state: foldTournament(log.events) };
}

describe("pairSwiss: over random results", () => {
  it("pairs everyone once a round, nobody twice, colours balanced, byes to the lowest without one", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 6, max: 40 }),
        fc.integer({ min: 1, max: 7 }),
        fc.nat(),
        (count, rounds, seed) => {
          const target = Math.min(rounds, count - 1);
          const { names, played } = playSwiss(count, target, seed);
          // With more players than rounds + 2, a valid pairing always exists in practice.
          if (count >= target + 4) expect(played.length).toBe(target);
          const met = new Set<string>();
          const seats = new Map<string, Seat[]>(names.map((n) => [n, []]));
          const byes = new Set<EntrantId>();
          for (const { pairings, colourRule } of played) {
            const seen = pairings.flatMap((p) => (p.kind === "bye" ? [p.entrant] : [...p.seats]));
            expect([...seen].sort()).toEqual([...names].sort());
            for (const p of pairings) {
              if (p.kind === "bye") {
                expect(byes.has(p.entrant)).toBe(false);
                byes.add(p.entrant);
                continue;
              }
              const key = [...p.seats].sort().join("|");
              expect(met.has(key)).toBe(false);
              met.add(key);
              p.seats.forEach((id, seat) => {
                const history = seats.get(id) ?? [];
                expect(
                  maySit(history, seat as Seat, colourRule === "balanced" ? "balanced" : "no-three-in-a-row"),
                ).toBe(true);
                history.push(seat as Seat);
              });
            }
          }
          for (const history of seats.values()) {
            expect(Math.abs(seatBalance(history))).toBeLessThanOrEqual(
              played.every((p) => p.colourRule === "balanced") ? 1 : 2,
            );
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("pairSwiss: issue 29's six-entrant swiss", () => {
  it("plays three rounds with nobody paired twice and every entrant's colours within one, whatever the results", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const { played, state } = playSwiss(6, 3, seed);
      expect(played.map((p) => p.colourRule)).toEqual(["balanced", "balanced", "balanced"]);
      for (const records of state.records.values()) {
        const seats = records.flatMap((r) => (r.kind === "game" ? [r.seat] : []));
        expect(new Set(records.map((r) => (r.kind === "bye" ? "bye" : r.opponent))).size).toBe(3);
        expect(Math.abs(seatBalance(seats))).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe("pairSwiss: rules", () => {
  const player = (id: string, points: number, extra: Partial<SwissPlayer> = {}): SwissPlayer => ({
    id: entrantId(id),
    points,
    seats: [],
    opponents: new Set(),
    hadBye: false,
    ...extra,
  });

  it("pairs within score groups", () => {
    const paired = pairSwiss([
      player("a", 2),
      player("b", 2),
      player("c", 1),
      player("d", 1),
      player("e", 0),
      player("f", 0),
    ]);
    expect(
      paired.ok && paired.pairings.map((p) => (p.kind === "game" ? [...p.seats].sort().join("") : "")),
    ).toEqual(["ab", "cd", "ef"]);
  });

  it("floats one player down rather than pair twice", () => {
    const paired = pairSwiss([
      player("a", 2, { opponents: new Set([entrantId("b")]) }),
      player("b", 2, { opponents: new Set([entrantId("a")]) }),
      player("c", 1),
      player("d", 1),
    ]);
    expect(
      paired.ok && paired.pairings.map((p) => (p.kind === "game" ? [...p.seats].sort().join("") : "")),
    ).toEqual(["ac", "bd"]);
  });

  it("gives the bye to the lowest-ranked player without one", () => {
    const paired = pairSwiss([player("a", 1), player("b", 1), player("c", 0, { hadBye: true })]);
    expect(paired.ok && paired.pairings.at(-1)).toEqual({ kind: "bye", entrant: "b" });
  });

  it("lets the matching choose the bye when the three lowest cannot have it", () => {
    // b has met everyone: only with b on the bye can the rest be paired (a–c, d–e).
    const met = (...ids: string[]) => ({ opponents: new Set(ids.map(entrantId)) });
    const paired = pairSwiss([
      player("a", 2, met("b", "d", "e")),
      player("b", 2, met("a", "c", "d", "e")),
      player("c", 1, met("b", "d", "e")),
      player("d", 1, met("a", "b", "c")),
      player("e", 0, met("a", "b", "c")),
    ]);
    expect(
      paired.ok && paired.pairings.map((p) => (p.kind === "game" ? [...p.seats].sort().join("") : p.entrant)),
    ).toEqual(["ac", "de", "b"]);
  });

  it("ends the event when no pairing is left", () => {
    const everyone = new Set(["a", "b"].map(entrantId));
    expect(
      pairSwiss([player("a", 1, { opponents: everyone }), player("b", 0, { opponents: everyone })]),
    ).toEqual({
      ok: false,
      reason: "no-valid-pairing",
    });
  });

  it("seats first the player who moved first less often, then the one who moved second last", () => {
    expect(preferredSeat([0], [1])).toBe(1);
    expect(preferredSeat([1], [0])).toBe(0);
    expect(preferredSeat([0, 1], [1, 0])).toBe(0);
    expect(preferredSeat([1, 0], [0, 1])).toBe(1);
    expect(maySit([0, 0], 0, "no-three-in-a-row")).toBe(false);
    expect(maySit([0, 1, 0], 0, "balanced")).toBe(false);
    expect(maySit([0, 1, 0], 0, "no-three-in-a-row")).toBe(true);
  });
});
