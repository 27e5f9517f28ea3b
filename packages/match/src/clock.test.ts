import { describe, expect, it } from "vitest";
import {
  createClock,
  credit,
  firstMoveDeadline,
  flagDeadline,
  goneAfterMs,
  lagGainMs,
  lagQuotaCapMs,
  outOfTime,
  pass,
  remainingAt,
  step,
} from "./clock.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };

/** Both seats have made their free first move; seat 0 to move from t=1000. */
function started(tc = blitz) {
  let clock = createClock(tc, 2, 0, 0);
  const a = step(clock, { now: 500 }, 1);
  clock = a.clock;
  const b = step(clock, { now: 1000 }, 0);
  return b.clock;
}

describe("lag quota (docs/clocks.md §2)", () => {
  it("gains as lichess does", () => {
    expect(lagGainMs({ baseMs: 60_000, incrementMs: 0 })).toBe(390);
    expect(lagGainMs({ baseMs: 180_000, incrementMs: 0 })).toBe(870);
    expect(lagGainMs({ baseMs: 300_000, incrementMs: 0 })).toBe(1000);
    expect(lagGainMs({ baseMs: 1_800_000, incrementMs: 0 })).toBe(1000);
    expect(lagQuotaCapMs({ baseMs: 60_000, incrementMs: 0 })).toBe(7 * 390);
    expect(createClock({ baseMs: 60_000, incrementMs: 0 }, 2, 0, 0).quotaMs).toEqual([1170, 1170]);
  });

  it("compensates lag up to the quota, then refills it by the gain up to the cap", () => {
    const tc = { baseMs: 60_000, incrementMs: 0 };
    const clock = started(tc);
    // 3 s on the server, 1 s on the client: 2 s of lag, but only 1170 ms of quota.
    const moved = step(clock, { now: 4000, clientMs: 1000 }, 1);
    expect(moved.kind).toBe("moved");
    expect(moved.clock.remainingMs[0]).toBe(60_000 - (3000 - 1170));
    expect(moved.clock.quotaMs[0]).toBe(390);
    // No lag: the quota grows by the gain each move.
    const again = step({ ...moved.clock, running: 0, runningSince: 5000 }, { now: 5100, clientMs: 100 }, 1);
    expect(again.clock.quotaMs[0]).toBe(780);
  });

  it("caps the quota at 7·gain", () => {
    const tc = { baseMs: 60_000, incrementMs: 0 };
    let clock = started(tc);
    for (let i = 0; i < 10; i++) {
      clock = step({ ...clock, running: 0, runningSince: 0 }, { now: 10, clientMs: 10 }, 1).clock;
    }
    expect(clock.quotaMs[0]).toBe(lagQuotaCapMs(tc));
  });

  it("credits a claim of any size at most the quota: 3·gain at the start, then one gain a move", () => {
    const tc = { baseMs: 300_000, incrementMs: 0 };
    let clock = started(tc);
    // Every move claims 5 s of lag after 4 s on the server's clock: the quota, not the claim, is the ceiling.
    let remaining = clock.remainingMs[0] ?? 0;
    let compensated = 0;
    for (let move = 0; move < 10; move++) {
      const moved = step({ ...clock, running: 0, runningSince: 0 }, { now: 4000, lagMs: 5000 }, 1).clock;
      compensated += (moved.remainingMs[0] ?? 0) - (remaining - 4000);
      remaining = moved.remainingMs[0] ?? 0;
      clock = moved;
    }
    // The start quota (3 s at 5+0) on the first move, then the 1 s gain on each of the other nine.
    expect(compensated).toBe(3000 + 9 * 1000);
    expect(clock.quotaMs[0]).toBe(1000);
    expect(remaining).toBe(300_000 - 10 * 4000 + 3000 + 9 * 1000);
  });

  it("uses the client-reported lag when no move time is given", () => {
    const clock = started();
    const moved = step(clock, { now: 3000, lagMs: 500 }, 1);
    expect(moved.clock.remainingMs[0]).toBe(180_000 - 1500 + 2000);
  });
});

describe("Fischer increment and first moves (§1, §4)", () => {
  it("charges nothing for first moves and starts the clock after both", () => {
    const clock = createClock(blitz, 2, 0, 0);
    expect(firstMoveDeadline(clock)).toBe(25_000);
    expect(flagDeadline(clock)).toBeNull();
    const a = step(clock, { now: 20_000 }, 1);
    expect(a.clock.remainingMs).toEqual([180_000, 180_000]);
    expect(firstMoveDeadline(a.clock)).toBe(45_000);
    const b = step(a.clock, { now: 21_000 }, 0);
    expect(b.clock.remainingMs).toEqual([180_000, 180_000]);
    expect(firstMoveDeadline(b.clock)).toBeNull();
    expect(flagDeadline(b.clock)).toBe(21_000 + 180_000 + 2000);
  });

  it("gives an AI seat no first-move window: its clock runs from its first turn (§4)", () => {
    const clock = createClock(blitz, 2, 0, 0, [true, false]);
    expect(firstMoveDeadline(clock)).toBeNull();
    expect(flagDeadline(clock)).toBe(180_000 + 2000);
    const a = step(clock, { now: 30_000 }, 1);
    expect(a.kind).toBe("moved");
    expect(a.clock.remainingMs).toEqual([152_000, 180_000]);
    // The person's first move still has its window.
    expect(firstMoveDeadline(a.clock)).toBe(30_000 + 25_000);
  });

  it("adds the increment after a charged move", () => {
    const moved = step(started(), { now: 11_000 }, 1);
    expect(moved.clock.remainingMs[0]).toBe(180_000 - 10_000 + 2_000);
    expect(moved.clock.running).toBe(1);
    expect(moved.clock.runningSince).toBe(11_000);
  });

  it("charges no time for a forced pass", () => {
    const clock = started();
    const passed = pass(clock, 1, 50_000);
    expect(passed.remainingMs).toEqual(clock.remainingMs);
    expect(passed.running).toBe(1);
  });
});

describe("flags (§3)", () => {
  const tc = { baseMs: 10_000, incrementMs: 0 };

  it("falls with grace only after min(quota, 2 s) past zero", () => {
    const clock = started(tc);
    const grace = Math.min(clock.quotaMs[0] ?? 0, 2000);
    expect(outOfTime(clock, 1000 + 10_000, false)).toBe(true);
    expect(outOfTime(clock, 1000 + 10_000, true)).toBe(false);
    expect(outOfTime(clock, 1000 + 10_000 + grace - 1, true)).toBe(false);
    expect(outOfTime(clock, 1000 + 10_000 + grace, true)).toBe(true);
    expect(flagDeadline(clock)).toBe(1000 + 10_000 + grace);
  });

  it("turns a move that arrives after the flag fell into a time loss", () => {
    const clock = started(tc);
    const late = step(clock, { now: 1000 + 10_000 + 5000 }, 1);
    expect(late.kind).toBe("flagged");
    expect(late.clock.remainingMs[0]).toBe(0);
    expect(late.clock.running).toBeNull();
  });

  it("never flags a seat still in its first-move window", () => {
    const clock = createClock(tc, 2, 0, 0);
    expect(outOfTime(clock, 1_000_000, false)).toBe(false);
  });
});

describe("display and restarts", () => {
  it("ticks down the running seat only", () => {
    expect(remainingAt(started(), 3000)).toEqual([178_000, 180_000]);
  });

  it("credits downtime and restarts the thinking time", () => {
    const clock = credit(started(), [20_000, 10_000], 5000);
    expect(clock.remainingMs).toEqual([176_000 + 20_000, 190_000]);
    expect(clock.runningSince).toBe(5000);
  });

  it("counts a player as gone after the §6 timeouts", () => {
    expect(goneAfterMs(blitz, false)).toBe(40_000);
    expect(goneAfterMs({ baseMs: 600_000, incrementMs: 5000 }, false)).toBe(80_000);
    expect(goneAfterMs({ baseMs: 1_800_000, incrementMs: 0 }, false)).toBe(120_000);
    expect(goneAfterMs(blitz, true)).toBe(10_000);
  });
});
