import { describe, expect, it } from "vitest";
import { systemClock } from "./scheduler.js";

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
