import { describe, expect, it } from "vitest";
import { GAME_IDS, getGame } from "../registry.js";
import { chooseMove, effectiveClock } from "./choose-move.js";
import { trainedMidgame } from "../games/othello/ai/thread-engines.js";
import { moveAimMs, moveCeilingMs, stoppableClock } from "./move-ceiling.js";
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

describe('the thinking ceiling and the stop flag (docs/strength.md, "Time use for people")', () => {
  const othello = getGame("othello");
  // Out of the opening book: 16 plies, each the last legal move, then a position levels 7 and 8 must search.
  const midgame = (() => {
    let state = othello.initial({}, 1);
    for (let ply = 0; ply < 16; ply++) {
      const moves = othello.legalMoves(state);
      const played = othello.play(state, moves[moves.length - 1], othello.toMove(state)[0] ?? 0);
      if (!played.ok) throw new Error(played.error.message);
      state = played.value;
    }
    return { value: state };
  })();

  /** A clock that advances `step` ms per reading; `last()` reports the last time read. */
  function countingClock(step: number): { now: () => number; last: () => number } {
    let t = 0;
    return { now: () => (t += step), last: () => t };
  }

  /** The AI at `level` on the midgame with 20 minutes left, reading `clock`, stopped when `shouldStop` says. */
  function onMidgame(level: number, clock: { now: () => number }, shouldStop?: () => boolean) {
    return chooseMove(
      {
        gameId: "othello",
        state: othello.serialize(midgame.value),
        level,
        remainingMs: 1_200_000,
        incrementMs: 0,
        seed: 3,
      },
      clock.now,
      shouldStop,
    );
  }

  it.each([7, 8])("level %i thinks no longer than its ceiling on a 20-minute clock", (level) => {
    // 25 ms a reading: the ceiling is reached after a few hundred clock checks, in little real time.
    const clock = countingClock(25);
    const answer = onMidgame(level, clock);
    expect(answer.ok).toBe(true);
    // Without the ceiling the budget from 20 minutes is tens of seconds; one clock-check interval of slack.
    expect(clock.last()).toBeLessThan(moveCeilingMs(level) + 1_000);
    expect(moveCeilingMs(level)).toBeLessThanOrEqual(4_000);
  });

  it("level 8 ends its own iterations by about half its ceiling, where level 7 thinks up to it", () => {
    // Level 8 plans its iterations to end by moveAimMs (half the ceiling), so the ceiling cuts none here.
    // From a cold table, as the thread's table would otherwise hold this position from the tests above.
    trainedMidgame().clear();
    const eight = countingClock(25);
    expect(onMidgame(8, eight).ok).toBe(true);
    expect(eight.last()).toBeLessThanOrEqual(moveAimMs(moveCeilingMs(8)) * 1.5);
    expect(moveAimMs(moveCeilingMs(8))).toBe(2_000);
    const seven = countingClock(25);
    expect(onMidgame(7, seven).ok).toBe(true);
    expect(seven.last()).toBeGreaterThanOrEqual(moveCeilingMs(7));
  });

  it("thinks at most a fortieth of a short clock: level 8 with a minute left at 1+0", () => {
    const clock = countingClock(25);
    const answer = chooseMove(
      {
        gameId: "othello",
        state: othello.serialize(midgame.value),
        level: 8,
        remainingMs: 60_000,
        incrementMs: 0,
        seed: 3,
      },
      clock.now,
    );
    expect(answer.ok).toBe(true);
    expect(moveCeilingMs(8, 60_000, 0)).toBe(1_500);
    expect(clock.last()).toBeLessThan(1_500 + 1_000);
  });

  it("answers at once with a legal move once told to stop", () => {
    const clock = countingClock(1);
    const answer = onMidgame(8, clock, () => clock.last() > 50);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(othello.parseMove(midgame.value, answer.value.move).ok).toBe(true);
    expect(clock.last()).toBeLessThan(1_000);
  });

  it("jumps the clock past every deadline once stopped, keeping differences finite", () => {
    let t = 0;
    let stop = false;
    const now = stoppableClock(
      () => (t += 1),
      10_000,
      () => stop,
    );
    expect(now()).toBe(2);
    stop = true;
    const deadline = now() + 60_000;
    expect(deadline).toBeGreaterThan(1e8);
    // A deadline set after the stop has passed at the next reading.
    expect(now()).toBeGreaterThan(deadline);
    expect(Number.isFinite(now())).toBe(true);
  });

  it("answers a search stopped before it started, at once", () => {
    const clock = countingClock(1);
    const answer = onMidgame(8, clock, () => true);
    expect(answer.ok).toBe(true);
    expect(clock.last()).toBeLessThan(1_000);
  });
});
