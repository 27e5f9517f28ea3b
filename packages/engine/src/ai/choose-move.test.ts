import { describe, expect, it } from "vitest";
import { GAME_IDS, getGame } from "../registry.js";
import { chooseMove, effectiveClock } from "./choose-move.js";
import { aiFor } from "./registry.js";

/** A clock that advances 1 ms per reading, so budgets are honoured without real time. */
function fakeClock(): () => number {
  let t = 0;
  return () => (t += 1);
}

describe("chooseMove", () => {
  it.each(GAME_IDS)("plays a legal move at every level of %s", (gameId) => {
    const game = getGame(gameId);
    const options = game.parseOptions({});
    if (!options.ok) throw new Error("default options");
    const state = game.initial(options.value, 7);
    const levels = aiFor(gameId).levels;
    expect(levels.length).toBeGreaterThan(0);
    for (const level of levels) {
      expect(level.name.length).toBeGreaterThan(0);
      expect(level.description.length).toBeGreaterThan(0);
    }
    for (let level = 1; level <= levels.length; level++) {
      const answer = chooseMove(
        { gameId, state: game.serialize(state), level, remainingMs: 60_000, incrementMs: 0, seed: level },
        fakeClock(),
      );
      expect(answer.ok).toBe(true);
      if (!answer.ok) continue;
      const move = game.parseMove(state, answer.value.move);
      expect(move.ok).toBe(true);
      if (move.ok) expect(game.play(state, move.value).ok).toBe(true);
    }
  });

  it("refuses a state that does not deserialize and a finished game", () => {
    expect(
      chooseMove(
        {
          gameId: "othello",
          state: { nonsense: true },
          level: 1,
          remainingMs: 1000,
          incrementMs: 0,
          seed: 1,
        },
        fakeClock(),
      ),
    ).toMatchObject({ ok: false, error: { code: "invalid-state" } });
    const finished = getGame("othello").deserialize({
      v: 1,
      game: "othello",
      position: `${"X".repeat(64)} O`,
      ply: 60,
      options: {},
    });
    if (!finished.ok) throw new Error("state");
    expect(
      chooseMove(
        {
          gameId: "othello",
          state: getGame("othello").serialize(finished.value),
          level: 3,
          remainingMs: 1000,
          incrementMs: 0,
          seed: 1,
        },
        fakeClock(),
      ),
    ).toMatchObject({ ok: false, error: { code: "game-over" } });
  });

  it("budgets with the clock as it leaves the queue: the wait taken off, then the share applied", () => {
    const base = { gameId: "othello" as const, state: null, level: 7, seed: 1 };
    expect(effectiveClock({ ...base, remainingMs: 60_000, incrementMs: 2_000 }, 5_000)).toEqual({
      remainingMs: 60_000,
      incrementMs: 2_000,
    });
    expect(
      effectiveClock(
        { ...base, remainingMs: 60_000, incrementMs: 2_000, queuedAt: 1_000, share: 0.25 },
        5_000,
      ),
    ).toEqual({ remainingMs: 14_000, incrementMs: 500 });
    // a wait longer than the clock leaves nothing to think with (the search then plays its quickest move)
    expect(
      effectiveClock({ ...base, remainingMs: 3_000, incrementMs: 0, queuedAt: 0 }, 9_000).remainingMs,
    ).toBe(0);
  });

  it("still answers, at once, when the wait has used the whole clock", () => {
    const othello = getGame("othello");
    const state = othello.serialize(othello.initial({}, 3));
    let readings = 0;
    const clock = () => ++readings;
    const answer = chooseMove(
      {
        gameId: "othello",
        state,
        level: aiFor("othello").levels.length,
        remainingMs: 0,
        incrementMs: 0,
        seed: 4,
      },
      clock,
    );
    expect(answer.ok).toBe(true);
    expect(readings).toBeLessThan(1_000);
  });
});
