import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyRolling, rollDice } from "../../core/chance.js";
import { Random } from "../../core/rng.js";
import { type DiceOfDoomOptions, type DiceOfDoomState, PASS, diceOfDoom, isLegal } from "./index.js";

const optionsArb = (maxSize: number): fc.Arbitrary<DiceOfDoomOptions> =>
  fc
    .record({
      players: fc.integer({ min: 2, max: 4 }),
      size: fc.integer({ min: 2, max: maxSize }),
      maxDice: fc.integer({ min: 2, max: 8 }),
      rules: fc.constantFrom("classic" as const, "chance" as const),
    })
    .map((input) => {
      const parsed = diceOfDoom.parseOptions(input);
      if (!parsed.ok) throw new Error(parsed.error.message);
      return parsed.value;
    });

const seedArb = fc.integer({ min: 0, max: 0xffffffff });

/**
 * Chance games can in principle go on forever; uniform random play ends them
 * in a few thousand plies at worst (measured on 8×8), so this cap is never
 * the reason a game stops.
 */
const MAX_PLIES = 200_000;

/** Plays uniformly random legal moves through the checked `play`, calling `check` on every position. */
function playout(
  options: DiceOfDoomOptions,
  seed: number,
  pickSeed: number,
  check: (state: DiceOfDoomState, moves: readonly number[]) => void,
): { final: DiceOfDoomState; plies: number; log: { move: number; rolls: readonly number[] }[] } {
  const pick = new Random(pickSeed);
  let state = diceOfDoom.initial(options, seed);
  const log: { move: number; rolls: readonly number[] }[] = [];
  let plies = 0;
  for (; plies < MAX_PLIES; plies++) {
    const moves = diceOfDoom.legalMoves(state);
    check(state, moves);
    if (moves.length === 0) break;
    const move = moves[pick.int(moves.length)] ?? PASS;
    const rolls = rollDice(diceOfDoom.diceFor(state, move), pick);
    const played = diceOfDoom.play(state, move, state.player, rolls);
    if (!played.ok) throw new Error(played.error.message);
    log.push({ move, rolls });
    state = played.value;
  }
  return { final: state, plies, log };
}

// Plain checks that throw, rather than `expect`, inside the per-position
// loops: they run hundreds of thousands of times and must stay cheap.
function assert(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

function sameArray<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function sameState(a: DiceOfDoomState, b: DiceOfDoomState): boolean {
  return (
    JSON.stringify(a.options) === JSON.stringify(b.options) &&
    a.size === b.size &&
    sameArray(a.owner, b.owner) &&
    sameArray(a.dice, b.dice) &&
    a.player === b.player &&
    a.spare === b.spare &&
    a.firstMove === b.firstMove &&
    sameArray(a.eliminated, b.eliminated) &&
    a.over === b.over &&
    Object.keys(a).length === Object.keys(b).length
  );
}

function checkInvariants(state: DiceOfDoomState, moves: readonly number[]): void {
  const toMove = diceOfDoom.toMove(state);
  const over = toMove.length === 0;
  assert((moves.length === 0) === over, "no legal moves exactly when the game is over");
  assert(diceOfDoom.outcome(state).kind === (over ? "finished" : "ongoing"), "outcome matches toMove");
  if (!over) {
    assert(sameArray(toMove, [state.player]), "the player to move is the one seat in toMove");
    assert(state.eliminated[state.player] === false, "the player to move is live");
    assert(moves.includes(PASS) === !state.firstMove, "pass is legal exactly after the first action");
  }
  for (let seat = 0; seat < state.options.players; seat++) {
    assert(state.eliminated[seat] === !state.owner.includes(seat), `seat ${seat} is out iff it owns no hex`);
  }
}

describe("random playouts", () => {
  it("apply every legal move without throwing, end, finish with live winners, and replay", () => {
    fc.assert(
      fc.property(optionsArb(5), seedArb, seedArb, (options, seed, pickSeed) => {
        const { final, plies, log } = playout(options, seed, pickSeed, () => undefined);
        expect(plies).toBeLessThan(MAX_PLIES);
        const replayed = log.reduce(
          (s, { move, rolls }) => diceOfDoom.apply(s, move, rolls),
          diceOfDoom.initial(options, seed),
        );
        expect(sameState(replayed, final)).toBe(true);
        const outcome = diceOfDoom.outcome(final);
        if (outcome.kind !== "finished") throw new Error("game did not finish");
        expect(outcome.scores.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(options.size ** 2);
        expect(outcome.winners.length).toBeGreaterThan(0);
        const best = Math.max(...outcome.winners.map((w) => outcome.scores[w] ?? -1));
        outcome.scores.forEach((score, seat) => {
          const live = final.eliminated[seat] === false;
          expect(outcome.winners.includes(seat)).toBe(live && score === best);
        });
      }),
      { numRuns: 2000 },
    );
  });

  it("keep the invariants; notation, serialization and hashing agree at every position", () => {
    fc.assert(
      fc.property(optionsArb(8), seedArb, seedArb, (options, seed, pickSeed) => {
        const { plies } = playout(options, seed, pickSeed, (state, moves) => {
          checkInvariants(state, moves);
          const texts = new Set<string>();
          for (const m of moves) {
            const text = diceOfDoom.formatMove(state, m);
            texts.add(text);
            const parsed = diceOfDoom.parseMove(state, text);
            assert(parsed.ok && parsed.value === m, `parse(format(${m})) is ${m}`);
            assert(isLegal(state, m), `isLegal agrees with legalMoves on ${text}`);
          }
          assert(texts.size === moves.length, "every legal move has its own text");
          const back = diceOfDoom.deserialize(JSON.parse(JSON.stringify(diceOfDoom.serialize(state))));
          assert(back.ok && sameState(back.value, state), "serialize/deserialize round-trips");
          assert(
            back.ok && diceOfDoom.hash(back.value) === diceOfDoom.hash(state),
            "hash survives a round trip",
          );
        });
        expect(plies).toBeLessThan(MAX_PLIES);
      }),
      { numRuns: 300 },
    );
  });

  it("go on without an eliminated seat, which never moves again", () => {
    fc.assert(
      fc.property(
        optionsArb(6).filter((o) => o.players > 2),
        seedArb,
        seedArb,
        fc.nat(),
        (options, seed, pickSeed, when) => {
          const pick = new Random(pickSeed);
          let state = diceOfDoom.initial(options, seed);
          let out = -1;
          for (let ply = 0; ply < MAX_PLIES && diceOfDoom.toMove(state).length > 0; ply++) {
            if (ply === when % 50) {
              out = pick.int(options.players);
              state = diceOfDoom.eliminate(state, out);
              assert(!state.owner.includes(out), "an eliminated seat's hexes go neutral");
              continue;
            }
            assert(out < 0 || !diceOfDoom.toMove(state).includes(out), "an eliminated seat never moves");
            const moves = diceOfDoom.legalMoves(state);
            checkInvariants(state, moves);
            state = applyRolling(diceOfDoom, state, moves[pick.int(moves.length)] ?? PASS, pick).state;
          }
          const outcome = diceOfDoom.outcome(state);
          if (out >= 0 && outcome.kind === "finished") expect(outcome.winners).not.toContain(out);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("untrusted input never throws", () => {
  const state = diceOfDoom.initial({ players: 3, size: 4, maxDice: 3, rules: "classic" }, 11);

  it("play refuses garbage numbers and values with a typed error", () => {
    const legal = new Set(diceOfDoom.legalMoves(state));
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.double(), fc.string(), fc.anything()),
        fc.option(fc.integer()),
        (move, seat) => {
          const result = diceOfDoom.play(state, move as number, seat ?? undefined);
          if (!result.ok) {
            expect(["illegal-move", "malformed-move", "wrong-seat"]).toContain(result.error.code);
          } else {
            expect(legal.has(move as number)).toBe(true);
          }
          expect(isLegal(state, move as number)).toBe(legal.has(move as number));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("parseMove answers any string with a move or invalid-notation", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[a-j][0-9][>-][a-j][0-9]$/)), (text) => {
        const parsed = diceOfDoom.parseMove(state, text);
        if (parsed.ok)
          expect(diceOfDoom.parseMove(state, diceOfDoom.formatMove(state, parsed.value))).toEqual(parsed);
        else expect(parsed.error.code).toBe("invalid-notation");
      }),
      { numRuns: 3000 },
    );
  });

  it("deserialize refuses garbage and corrupted states with invalid-state", () => {
    const json = diceOfDoom.serialize(state) as Record<string, unknown>;
    const keys = Object.keys(json);
    fc.assert(
      fc.property(
        fc.oneof(fc.anything(), fc.jsonValue()),
        fc.constantFrom(...keys),
        fc.boolean(),
        (junk, key, replace) => {
          const input = replace ? { ...json, [key]: junk } : junk;
          const result = diceOfDoom.deserialize(input);
          if (result.ok) expect(diceOfDoom.serialize(result.value)).toEqual(input);
          else expect(result.error.code).toBe("invalid-state");
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("parseOptions answers anything with options or invalid-options", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.dictionary(fc.constantFrom("players", "size", "maxDice", "rules", "x"), fc.jsonValue()),
        ),
        (input) => {
          const result = diceOfDoom.parseOptions(input);
          if (!result.ok) expect(result.error.code).toBe("invalid-options");
        },
      ),
      { numRuns: 2000 },
    );
  });
});
