import { describe, expect, it } from "vitest";
import { applyRolling } from "../../core/chance.js";
import { Random } from "../../core/rng.js";
import {
  DICE_PROBABILITY,
  PASS,
  attackProbability,
  diceOfDoom,
  exactAttackProbability,
  type DiceOfDoomState,
} from "./index.js";
import { board, move, options, rowsOf } from "./test-support/boards.js";

/** P(sum of a d6 > sum of d d6) by listing every sum with its count of ways. */
function waysToRoll(count: number): Map<number, number> {
  let ways = new Map<number, number>([[0, 1]]);
  for (let i = 0; i < count; i++) {
    const next = new Map<number, number>();
    for (const [sum, w] of ways) {
      for (let face = 1; face <= 6; face++) next.set(sum + face, (next.get(sum + face) ?? 0) + w);
    }
    ways = next;
  }
  return ways;
}

function exact(a: number, d: number): number {
  let wins = 0;
  for (const [sa, wa] of waysToRoll(a)) {
    for (const [sd, wd] of waysToRoll(d)) if (sa > sd) wins += wa * wd;
  }
  return wins / 6 ** (a + d);
}

/** Every roll of every die, for small counts. */
function bruteForce(a: number, d: number): number {
  let wins = 0;
  const total = 6 ** (a + d);
  for (let code = 0; code < total; code++) {
    let rest = code;
    let sum = 0;
    for (let i = 0; i < a + d; i++) {
      sum += (i < a ? 1 : -1) * ((rest % 6) + 1);
      rest = Math.floor(rest / 6);
    }
    if (sum > 0) wins++;
  }
  return wins / total;
}

describe("the probability table", () => {
  it("is the exact dice math rounded to two places", () => {
    expect(DICE_PROBABILITY).toHaveLength(5);
    DICE_PROBABILITY.forEach((row, i) => {
      expect(row).toHaveLength(4);
      row.forEach((p, j) => {
        const e = exact(j + 2, i + 1);
        expect(Math.abs(p - e)).toBeLessThanOrEqual(0.005);
        expect(Math.round(e * 100) / 100).toBe(p);
      });
    });
  });

  it("matches the exact values in docs/dice-of-doom.md §5", () => {
    expect(exact(2, 1)).toBeCloseTo(0.838, 3);
    expect(exact(3, 2)).toBeCloseTo(0.7785, 4);
    expect(exact(5, 5)).toBeCloseTo(0.4637, 4);
    expect(exact(2, 5)).toBeCloseTo(0.0061, 4);
  });

  it("has an exact extension that agrees with brute force", () => {
    expect(exactAttackProbability(2, 1)).toBeCloseTo(bruteForce(2, 1), 12);
    expect(exactAttackProbability(3, 3)).toBeCloseTo(bruteForce(3, 3), 12);
    expect(exactAttackProbability(4, 2)).toBeCloseTo(bruteForce(4, 2), 12);
    for (let a = 1; a <= 8; a++) {
      for (let d = 1; d <= 8; d++) expect(exactAttackProbability(a, d)).toBeCloseTo(exact(a, d), 12);
    }
  });

  it("uses the book's value where it has one and the exact value beyond", () => {
    expect(attackProbability(3, 2)).toBe(0.78);
    expect(attackProbability(4, 1)).toBe(1);
    expect(attackProbability(6, 2)).toBeCloseTo(exact(6, 2), 12);
    expect(attackProbability(2, 8)).toBeCloseTo(exact(2, 8), 12);
    expect(attackProbability(1, 1)).toBe(0);
  });
});

describe("chanceOutcomes", () => {
  const state = board({ rows: ["a3 b2", "a2 b5"], rules: "chance" });

  it("splits a chance attack into success and failure with the table's odds", () => {
    const outcomes = diceOfDoom.chanceOutcomes(state, move(state, "a1>b1"));
    expect(outcomes.map((o) => o.probability)).toEqual([0.78, 1 - 0.78]);
    const [win, loss] = outcomes;
    expect(rowsOf(win?.state ?? state)).toEqual(["a1 a2", "a2 b5"]);
    expect(rowsOf(loss?.state ?? state)).toEqual(["a1 b2", "a2 b5"]);
    // The defender's dice count as spare even when the attack fails (ignored in chance rules).
    expect(win?.state.spare).toBe(2);
    expect(loss?.state.spare).toBe(2);
    expect(loss?.state.player).toBe(0);
    expect(loss?.state.firstMove).toBe(false);
  });

  it("sums to 1 for every legal move of many positions", () => {
    for (const rules of ["classic", "chance"] as const) {
      const o = options({ players: 3, size: 5, rules, maxDice: 8 });
      for (let seed = 0; seed < 8; seed++) {
        let s: DiceOfDoomState = diceOfDoom.initial(o, seed);
        for (let ply = 0; ply < 25 && diceOfDoom.toMove(s).length > 0; ply++) {
          const moves = diceOfDoom.legalMoves(s);
          for (const m of moves) {
            const outcomes = diceOfDoom.chanceOutcomes(s, m);
            const total = outcomes.reduce((sum, x) => sum + x.probability, 0);
            expect(total).toBeCloseTo(1, 12);
            for (const x of outcomes) {
              expect(x.probability).toBeGreaterThanOrEqual(0);
              expect(x.probability).toBeLessThanOrEqual(1);
            }
            // A real roll always lands on one of the listed results.
            const real = applyRolling(diceOfDoom, s, m, new Random(seed * 100 + ply)).state;
            expect(outcomes.map((x) => x.state)).toContainEqual(real);
          }
          s = applyRolling(diceOfDoom, s, moves[(seed + ply) % moves.length] ?? PASS, new Random(ply)).state;
        }
      }
    }
  });

  it("has one certain outcome for a pass and for classic attacks", () => {
    const classic = board({ rows: ["a3 b2", "a2 b3"] });
    const attack = diceOfDoom.chanceOutcomes(classic, move(classic, "a1>b1"));
    expect(attack).toHaveLength(1);
    expect(attack[0]?.probability).toBe(1);
    const after = attack[0]?.state ?? classic;
    const pass = diceOfDoom.chanceOutcomes(after, PASS);
    expect(pass).toEqual([{ probability: 1, state: diceOfDoom.apply(after, PASS) }]);
  });
});

describe("real dice rolls", () => {
  it("win about as often as exact dice math says", () => {
    const random = new Random(7);
    for (const [a, d] of [
      [3, 2],
      [2, 2],
      [5, 5],
    ] as const) {
      let wins = 0;
      const trials = 4000;
      const s = board({ rows: [`a${a} b${d}`, "a1 b1"], rules: "chance" });
      for (let i = 0; i < trials; i++) {
        const after = applyRolling(diceOfDoom, s, move(s, "a1>b1"), random).state;
        if (after.owner[1] === 0) wins++;
      }
      expect(Math.abs(wins / trials - exact(a, d))).toBeLessThan(0.03);
    }
  });

  it("are asked for per chance attack: the attacker's dice first, then the defender's, all six-sided", () => {
    const s = board({ rows: ["a3 b2", "a1 b1"], rules: "chance" });
    expect(diceOfDoom.diceFor(s, move(s, "a1>b1"))).toEqual([6, 6, 6, 6, 6]);
    expect(diceOfDoom.diceFor(s, PASS)).toEqual([]);
    const classic = board({ rows: ["a3 b2", "a1 b1"] });
    expect(diceOfDoom.diceFor(classic, move(classic, "a1>b1"))).toEqual([]);
    // Malformed moves roll nothing (and are refused by play).
    expect(diceOfDoom.diceFor(s, 10_000)).toEqual([]);
    expect(diceOfDoom.diceFor(s, Number.NaN)).toEqual([]);
  });

  it("decide the attack: the attacker's sum must beat the defender's, ties to the defender", () => {
    const s = board({ rows: ["a3 b2", "a1 b1"], rules: "chance" });
    const attack = move(s, "a1>b1");
    const win = diceOfDoom.play(s, attack, 0, [6, 1, 1, 3, 4]);
    const tie = diceOfDoom.play(s, attack, 0, [2, 2, 3, 3, 4]);
    expect(win.ok && rowsOf(win.value)).toEqual(["a1 a2", "a1 b1"]);
    expect(tie.ok && rowsOf(tie.value)).toEqual(["a1 b2", "a1 b1"]);
  });

  it("must be given, and fit the attack, or the move is refused as malformed", () => {
    const s = board({ rows: ["a3 b2", "a1 b1"], rules: "chance" });
    const attack = move(s, "a1>b1");
    for (const rolls of [
      undefined,
      [],
      [6, 6, 6, 6],
      [6, 6, 6, 6, 6, 6],
      [0, 1, 1, 1, 1],
      [7, 1, 1, 1, 1],
      [1.5, 1, 1, 1, 1],
    ]) {
      const result = diceOfDoom.play(s, attack, 0, rolls);
      expect(result.ok ? "ok" : result.error.code).toBe("malformed-move");
    }
    // A move without chance takes no dice.
    const after = diceOfDoom.play(s, attack, 0, [6, 6, 6, 1, 1]);
    if (!after.ok) throw new Error(after.error.message);
    expect(diceOfDoom.play(after.value, PASS, 0, [3]).ok).toBe(false);
    expect(diceOfDoom.play(after.value, PASS, 0).ok).toBe(true);
    expect(() => diceOfDoom.apply(s, attack)).toThrow(RangeError);
  });

  it("are nowhere in the state: equal positions serialize equally whatever the dice before them", () => {
    const s = board({ rows: ["a3 b2", "a1 b1"], rules: "chance" });
    const attack = move(s, "a1>b1");
    const a = diceOfDoom.play(s, attack, 0, [6, 6, 6, 1, 1]);
    const b = diceOfDoom.play(s, attack, 0, [5, 4, 3, 2, 1]);
    if (!a.ok || !b.ok) throw new Error("refused");
    expect(diceOfDoom.serialize(a.value)).toEqual(diceOfDoom.serialize(b.value));
  });

  it("replay a game exactly from its seed, its moves and their dice", () => {
    const o = options({ players: 4, size: 6, rules: "chance" });
    const seed = 20240601;
    const pick = new Random(1);
    const dice = new Random(2);
    let state = diceOfDoom.initial(o, seed);
    const log: { text: string; rolls: readonly number[] }[] = [];
    while (diceOfDoom.toMove(state).length > 0 && log.length < 3000) {
      const moves = diceOfDoom.legalMoves(state);
      const m = moves[pick.int(moves.length)] ?? PASS;
      const text = diceOfDoom.formatMove(state, m);
      const played = applyRolling(diceOfDoom, state, m, dice);
      log.push({ text, rolls: played.rolls });
      state = played.state;
    }
    expect(log.length).toBeGreaterThan(20);

    let replay = diceOfDoom.initial(o, seed);
    for (const { text, rolls } of log) {
      const parsed = diceOfDoom.parseMove(replay, text);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const played = diceOfDoom.play(replay, parsed.value, undefined, rolls);
      if (!played.ok) throw new Error(played.error.message);
      replay = played.value;
    }
    expect(replay).toEqual(state);
    expect(diceOfDoom.serialize(replay)).toEqual(diceOfDoom.serialize(state));
  });
});
