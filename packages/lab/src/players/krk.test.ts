import { describe, expect, it } from "vitest";
import { Random } from "@arena/engine/core/rng";
import { type KrkState, applyToState, krk, parseKrkOptions } from "@arena/engine/games/krk/index";
import { parsePlayerSpec } from "./registry.js";
import type { PlayerContext } from "./types.js";

function state(input: object, seed = 1): KrkState {
  const options = parseKrkOptions(input);
  if (!options.ok) throw new Error(options.error.message);
  return krk.initial(options.value, seed);
}

describe("krk player specs", () => {
  const context = (seed: number): PlayerContext => ({
    now: () => 0,
    remainingMs: Infinity,
    incrementMs: 0,
    random: new Random(seed),
    nodes: { count: 0 },
  });

  it.each(["random", "level:1", "level:2", "level:3", "al0", "al0:book", "perfect"])(
    "%s plays legal moves for both sides",
    (spec) => {
      const player = parsePlayerSpec("krk", spec);
      if (!player.ok) throw new Error(player.error.message);
      expect(player.value.name).toBe(spec);
      let at = state({}, 2);
      for (let ply = 0; ply < 6 && at.status === "ongoing"; ply++) {
        const move = player.value.choose(at, context(ply)) as number;
        expect(at.moves).toContain(move);
        at = applyToState(at, move);
      }
    },
  );

  it.each([
    ["level:4", "the level must be"],
    ["al0:fast", "expected al0 or al0:book"],
    ["search:3", "unknown krk player"],
    ["perfect:2", "expected perfect"],
  ])("refuses %s", (spec, message) => {
    const player = parsePlayerSpec("krk", spec);
    expect(player.ok).toBe(false);
    if (!player.ok) expect(player.error.message).toContain(message);
  });
});
