import { describe, expect, it } from "vitest";
import { Random } from "@arena/engine/core/rng";
import { connectK } from "@arena/engine/games/connect-k/index";
import { diceOfDoom } from "@arena/engine/games/dice-of-doom/index";
import { othello } from "@arena/engine/games/othello/rules";
import { parsePlayerSpec } from "./registry.js";
import type { PlayerContext } from "./types.js";

function context(seed = 1): PlayerContext {
  // A fake clock moving 100 ms a reading, so that players thinking on the clock stop soon.
  let t = 0;
  return {
    now: () => (t += 100),
    remainingMs: Infinity,
    incrementMs: 0,
    random: new Random(seed),
    nodes: { count: 0 },
  };
}

describe("parsePlayerSpec", () => {
  it.each([
    ["othello", "random", "random"],
    ["othello", "maximizer:count-difference", "maximizer:count-difference"],
    ["othello", "minimax:2:mobility", "minimax:2:mobility"],
    ["othello", "Alpha-Beta:3:Count-Difference", "alpha-beta:3:count-difference"],
    ["othello", "alpha-beta2:2:mobility", "alpha-beta2:2:mobility"],
    ["othello", "alpha-beta3:2:count-difference", "alpha-beta3:2:count-difference"],
    ["othello", "level:1", "level:1"],
    ["othello", "iago:3", "iago:3"],
    ["othello", "alpha-beta:4:weighted-squares", "alpha-beta:4:weighted-squares"],
    ["othello", "alpha-beta3:2:modified-weighted-squares", "alpha-beta3:2:modified-weighted-squares"],
    ["othello", "iago-play:4", "iago-play:4"],
    ["othello", "search:3:iago", "search:3:iago"],
    ["connect-k", "random", "random"],
    ["connect-k", "search:4", "search:4"],
    ["connect-k", "level:2", "level:2"],
    ["dice-of-doom", "search:2", "search:2"],
    ["dice-of-doom", "level:3", "level:3"],
  ] as const)("%s %s", (gameId, spec, name) => {
    const player = parsePlayerSpec(gameId, spec);
    expect(player.ok && player.value.name).toBe(name);
  });

  it.each([
    ["othello", "", "unknown othello player"],
    ["othello", "greedy", "unknown othello player"],
    ["othello", "alpha-beta:0:mobility", "depth must be a whole number"],
    ["othello", "alpha-beta:x:mobility", "depth must be a whole number"],
    ["othello", "alpha-beta:4", "expected alpha-beta:<depth>:<eval>"],
    ["othello", "maximizer:sneaky", "the evaluation is one of"],
    ["othello", "random:3", "expected random"],
    ["othello", "iago", "expected iago:<depth>"],
    ["othello", "level:99", "the level must be"],
    ["connect-k", "search", "depth must be"],
    ["connect-k", "iago:3", "unknown connect-k player"],
    ["dice-of-doom", "search:2:3", "expected search:<depth>"],
    ["dice-of-doom", "level:0", "the level must be"],
  ] as const)("%s refuses '%s'", (gameId, spec, message) => {
    const player = parsePlayerSpec(gameId, spec);
    expect(player.ok).toBe(false);
    if (!player.ok) {
      expect(player.error.code).toBe("invalid-spec");
      expect(player.error.message).toContain(message);
    }
  });

  it("builds players that return legal moves", () => {
    const tiny = connectK.parseOptions({ preset: "tiny" });
    if (!tiny.ok) throw new Error(tiny.error.message);
    const cases = [
      {
        gameId: "othello",
        game: othello,
        state: othello.initial({}, 1),
        specs: [
          "random",
          "maximizer:mobility",
          "alpha-beta2:2:count-difference",
          "minimax:2:count-difference",
          "iago:2",
          "iago-play:3",
          "search:3:weighted-squares",
          "level:2",
          "level:7",
        ],
      },
      {
        gameId: "connect-k",
        game: connectK,
        state: connectK.initial(tiny.value, 1),
        specs: ["random", "search:3", "level:3"],
      },
    ] as const;
    for (const { gameId, game, state, specs } of cases) {
      for (const spec of specs) {
        const player = parsePlayerSpec(gameId, spec);
        if (!player.ok) throw new Error(player.error.message);
        const move = player.value.choose(state, context());
        expect((game.legalMoves as (s: unknown) => readonly unknown[])(state)).toContain(move);
      }
    }
    const options = diceOfDoom.parseOptions({ players: 3, size: 3 });
    if (!options.ok) throw new Error(options.error.message);
    const dice = diceOfDoom.initial(options.value, 7);
    for (const spec of ["random", "search:2", "level:1", "level:2", "level:3"]) {
      const player = parsePlayerSpec("dice-of-doom", spec);
      if (!player.ok) throw new Error(player.error.message);
      expect(diceOfDoom.legalMoves(dice)).toContain(player.value.choose(dice, context()));
    }
  });

  it("counts the nodes a search visits", () => {
    const player = parsePlayerSpec("othello", "alpha-beta:3:count-difference");
    if (!player.ok) throw new Error(player.error.message);
    const ctx = context();
    player.value.choose(othello.initial({}, 1), ctx);
    expect(ctx.nodes.count).toBeGreaterThan(10);
  });
});
