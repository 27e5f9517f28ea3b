import { describe, expect, it } from "vitest";
import { Random } from "../../../core/rng.js";
import { type KrkState, applyToState, distanceToMate, krk, parseKrkOptions } from "../index.js";
import { al0Decision } from "./al0/session.js";
import { PRODUCT_VARIANT } from "./al0/table.js";
import { chooseKrkMove, krkLevels } from "./levels.js";

function state(input: object, seed = 1): KrkState {
  const options = parseKrkOptions(input);
  if (!options.ok) throw new Error(options.error.message);
  return krk.initial(options.value, seed);
}

function choose(at: KrkState, level: number, seed = 1): number {
  const random = new Random(seed);
  return chooseKrkMove(at, level, {
    remainingMs: 1000,
    incrementMs: 0,
    now: () => 0,
    random: () => random.float(),
  }).move;
}

describe("krk levels", () => {
  it("are random, AL0 and perfect, each described", () => {
    expect(krkLevels.map((level) => [level.level, level.strategy])).toEqual([
      [1, "random"],
      [2, "al0"],
      [3, "perfect"],
    ]);
    for (const level of krkLevels) expect(level.description.length).toBeGreaterThan(20);
  });

  it("level 3 as White mates in the oracle's distance, every move one nearer", () => {
    let at = state({ distance: 16 }, 4);
    for (let left = 16; left > 0; left--) {
      expect(distanceToMate(at)).toBe(left);
      at = applyToState(at, choose(at, 3, left));
      if (at.status !== "ongoing") break;
      at = applyToState(at, choose(at, 3, left));
    }
    expect(at.status).toBe("checkmate");
  });

  it("levels 2 and 3 as Black hold out longest, and take a loose rook", () => {
    const at = state({ distance: 12 }, 9);
    const white = applyToState(
      at,
      at.moves.find((move) => distanceToMate(applyToState(at, move)) === -11) ?? -1,
    );
    for (const level of [2, 3]) {
      const reply = applyToState(white, choose(white, level));
      expect(distanceToMate(reply)).toBe(11);
    }
    const loose = state({ fen: "8/8/8/8/8/8/1k6/R3K3 b" });
    for (const level of [2, 3]) expect(krk.formatMove(loose, choose(loose, level))).toBe("Kxa1");
  });

  it("level 2 as White is AL0 with its tree rebuilt from the game", () => {
    let at = state({});
    for (let ply = 0; ply < 12 && at.status === "ongoing"; ply++) {
      const move = choose(at, 2, ply);
      if (at.position.side === 0) expect(move).toBe(al0Decision(at, PRODUCT_VARIANT)?.move);
      at = applyToState(at, move);
    }
  });

  it("level 1 plays legal moves, seeded", () => {
    const at = state({});
    const moves = [1, 2, 3, 4, 5, 6].map((seed) => choose(at, 1, seed));
    expect(moves).toEqual([1, 2, 3, 4, 5, 6].map((seed) => choose(at, 1, seed)));
    for (const move of moves) expect(at.moves).toContain(move);
    expect(new Set(moves).size).toBeGreaterThan(1);
  });

  it("refuses a finished game", () => {
    const mated = state({ fen: "k7/2K5/8/8/8/8/8/R7 b" });
    expect(() => choose(mated, 3)).toThrow(RangeError);
  });
});
