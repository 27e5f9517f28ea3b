import { describe, expect, it } from "vitest";
import { Alarm, FakeClock, systemClock } from "./scheduler.js";

describe("systemClock.schedule", () => {
  it("never runs a timer before its time has come by Date.now(), which setTimeout alone does", async () => {
    // Node rounds timers on a monotonic clock, so a bare setTimeout fires ~1 ms early a few times in a
    // hundred; a flag check made then sees nothing due and arms nothing. 300 short real timers, one after
    // another with a little work between them (under a second in all).
    const early: number[] = [];
    for (let i = 0; i < 300; i++) {
      const busyUntil = performance.now() + (i % 10) / 10;
      while (performance.now() < busyUntil);
      const at = Date.now() + 1 + (i % 3);
      await new Promise<void>((done) =>
        systemClock.schedule(at, () => {
          if (Date.now() < at) early.push(at - Date.now());
          done();
        }),
      );
    }
    expect(early).toEqual([]);
  });

  it("cancels", async () => {
    let ran = false;
    const cancel = systemClock.schedule(Date.now() + 5, () => (ran = true));
    cancel();
    await new Promise((done) => setTimeout(done, 20));
    expect(ran).toBe(false);
  });
});

describe("Alarm", () => {
  /** An alarm on a fake clock at 0 that records the times it rang. */
  function alarmAtZero() {
    const clock = new FakeClock(0);
    const rang: number[] = [];
    return { clock, rang, alarm: new Alarm(clock, () => rang.push(clock.now())) };
  }

  it("rings once at its deadline, and a later deadline reuses the timer already set", () => {
    const { clock, rang, alarm } = alarmAtZero();
    alarm.set(1_000);
    alarm.set(1_500);
    alarm.set(2_000);
    expect(clock.pending()).toBe(1);
    clock.advance(1_999);
    expect(rang).toEqual([]);
    clock.advance(1);
    expect(rang).toEqual([2_000]);
    clock.advance(10_000);
    expect(rang).toEqual([2_000]);
    expect(clock.pending()).toBe(0);
  });

  it("rings at an earlier deadline set after a later one", () => {
    const { clock, rang, alarm } = alarmAtZero();
    alarm.set(5_000);
    alarm.set(800);
    clock.advance(10_000);
    expect(rang).toEqual([800]);
  });

  it("does not ring once cleared, nor ring early on a timer that wakes early", () => {
    const { clock, rang, alarm } = alarmAtZero();
    alarm.set(1_000);
    alarm.clear();
    clock.advance(5_000);
    expect(rang).toEqual([]);
    expect(alarm.deadline).toBeNull();

    // A timer that fires up to 3 ms before its time (Node's may, against Date.now): the alarm sleeps again.
    const early = {
      now: () => clock.now(),
      schedule: (at: number, fn: () => void) => clock.schedule(Math.max(clock.now() + 1, at - 3), fn),
    };
    const skewed = new Alarm(early, () => rang.push(clock.now()));
    skewed.set(6_000);
    clock.advance(2_000);
    expect(rang).toEqual([6_000]);
  });
});
