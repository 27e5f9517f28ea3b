import { type ClockState, DAY_MS } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import {
  alarmAt,
  createClock,
  endVacation,
  flagDeadline,
  firstMoveDeadline,
  outOfTime,
  remainingAt,
  startVacation,
  step,
} from "./clock.js";
import { deadlinesOf } from "./view.js";

const HOUR = 3_600_000;

function moved(clock: ClockState, now: number, next: number): ClockState {
  const result = step(clock, { now }, next);
  expect(result.kind).toBe("moved");
  return result.clock;
}

describe("days per move (docs/clocks.md, Correspondence)", () => {
  it("runs from the start with no first-move window, and a move sets the mover's clock back to the period", () => {
    const clock = createClock({ daysPerMove: 2 }, 2, 0, 0);
    expect(clock.started).toEqual([true, true]);
    expect(firstMoveDeadline(clock)).toBeNull();
    expect(flagDeadline(clock)).toBe(2 * DAY_MS);
    // Black thinks 30 hours, then moves: back to two whole days; White's clock runs from then.
    const after = moved(clock, 30 * HOUR, 1);
    expect(after.remainingMs).toEqual([2 * DAY_MS, 2 * DAY_MS]);
    expect(deadlinesOf(after, 2)).toEqual([null, 30 * HOUR + 2 * DAY_MS]);
  });

  it("flags exactly when the period is used up, however long the lag claimed", () => {
    const clock = createClock({ daysPerMove: 1 }, 2, 0, 0);
    expect(outOfTime(clock, DAY_MS - 1, false)).toBe(false);
    expect(outOfTime(clock, DAY_MS, false)).toBe(true);
    // No lag allowance: a client claiming the move took nothing is charged the server's elapsed time.
    expect(step(clock, { now: DAY_MS, clientMs: 0 }, 1).kind).toBe("flagged");
  });
});

describe("the time bank", () => {
  const bank = { bankDays: 3, incrementDays: 1, capDays: 5 };

  it("charges what the move used, adds the increment and never holds more than the cap", () => {
    let clock = createClock(bank, 2, 0, 0);
    expect(clock.remainingMs).toEqual([3 * DAY_MS, 3 * DAY_MS]);
    // Black uses 12 hours: 3 d − 12 h + 1 d = 3.5 d.
    clock = moved(clock, 12 * HOUR, 1);
    expect(clock.remainingMs[0]).toBe(3.5 * DAY_MS);
    // White moves at once: 3 d + 1 d = 4 d; then at once again: 5 d, the cap; and again: still 5 d.
    clock = moved(clock, 12 * HOUR, 0);
    expect(clock.remainingMs[1]).toBe(4 * DAY_MS);
    clock = moved(clock, 12 * HOUR, 1);
    clock = moved(clock, 12 * HOUR, 0);
    expect(clock.remainingMs[1]).toBe(5 * DAY_MS);
    clock = moved(clock, 12 * HOUR, 1);
    clock = moved(clock, 12 * HOUR, 0);
    expect(clock.remainingMs[1]).toBe(5 * DAY_MS);
  });

  it("flags when the bank runs dry", () => {
    const clock = createClock(bank, 2, 0, 0);
    expect(step(clock, { now: 3 * DAY_MS }, 1).kind).toBe("flagged");
  });
});

describe("the alarm at 80% used", () => {
  it("rings when a fifth of the period is left, and not again once below it", () => {
    const clock = createClock({ daysPerMove: 5 }, 2, 0, 0);
    expect(alarmAt(clock)).toBe(4 * DAY_MS);
    // A bank counts a fifth of its starting days: 3 d → the alarm with 0.6 d left.
    const bank = createClock({ bankDays: 3, incrementDays: 0, capDays: 3 }, 2, 0, 0);
    expect(alarmAt(bank)).toBe(2.4 * DAY_MS);
    // A turn that begins with less than a fifth left has no alarm of its own (it rang in an earlier turn).
    const low = { ...bank, remainingMs: [0.5 * DAY_MS, 3 * DAY_MS] };
    expect(alarmAt(low)).toBeNull();
  });

  it("never rings for a real-time clock", () => {
    expect(alarmAt(createClock({ baseMs: 300_000, incrementMs: 0 }, 2, 0, 0))).toBeNull();
  });
});

describe("vacation (docs/clocks.md, Vacation)", () => {
  it("stops the clock of the seat to move: no flag while away, the time used before it kept", () => {
    const clock = createClock({ daysPerMove: 2 }, 2, 0, 0);
    const away = startVacation(clock, 0, 10 * HOUR);
    expect(away.vacation).toEqual([true, false]);
    expect(remainingAt(away, 10 * HOUR)[0]).toBe(2 * DAY_MS - 10 * HOUR);
    // Ten days later nothing has moved, and no flag is due.
    expect(remainingAt(away, 10 * DAY_MS)[0]).toBe(2 * DAY_MS - 10 * HOUR);
    expect(flagDeadline(away)).toBeNull();
    expect(outOfTime(away, 10 * DAY_MS, false)).toBe(false);
    expect(alarmAt(away)).toBeNull();
    expect(deadlinesOf(away, 2)).toEqual([null, null]);
    // Back on day 10: the clock runs again from then with what was left.
    const back = endVacation(away, 0, 10 * DAY_MS);
    expect(back.vacation).toBeUndefined();
    expect(flagDeadline(back)).toBe(10 * DAY_MS + 2 * DAY_MS - 10 * HOUR);
  });

  it("holds a waiting seat's clock from the moment its turn comes", () => {
    const clock = startVacation(createClock({ daysPerMove: 1 }, 2, 0, 0), 1, HOUR);
    // Black is not away: their clock keeps running.
    expect(remainingAt(clock, 2 * HOUR)[0]).toBe(DAY_MS - 2 * HOUR);
    const whiteToMove = moved(clock, 2 * HOUR, 1);
    expect(flagDeadline(whiteToMove)).toBeNull();
    expect(remainingAt(whiteToMove, 30 * DAY_MS)[1]).toBe(DAY_MS);
  });

  it("is idempotent: starting twice or ending when not away changes nothing", () => {
    const clock = createClock({ daysPerMove: 1 }, 2, 0, 0);
    const away = startVacation(clock, 0, HOUR);
    expect(startVacation(away, 0, 2 * HOUR)).toBe(away);
    expect(endVacation(clock, 0, HOUR)).toBe(clock);
  });
});
