import { describe, expect, it } from "vitest";
import { FakeClock } from "./scheduler.js";
import { Upkeep } from "./upkeep.js";

describe("Upkeep", () => {
  it("runs a round every period, goes on after a failed one, and stops", async () => {
    const clock = new FakeClock();
    const failures: unknown[] = [];
    let rounds = 0;
    const upkeep = new Upkeep(
      clock,
      1_000,
      () => {
        rounds++;
        return rounds === 2 ? Promise.reject(new Error("store down")) : Promise.resolve();
      },
      (error) => failures.push(error),
    );
    await upkeep.run();
    expect(rounds).toBe(1);
    clock.advance(999);
    expect(rounds).toBe(1);
    clock.advance(1);
    await Promise.resolve();
    expect(rounds).toBe(2);
    await expect.poll(() => failures).toHaveLength(1);
    clock.advance(1_000);
    await expect.poll(() => rounds).toBe(3);
    upkeep.stop();
    clock.advance(5_000);
    await Promise.resolve();
    expect(rounds).toBe(3);
  });

  it("replaces the round set when run early: one timer, never two", async () => {
    const clock = new FakeClock();
    let rounds = 0;
    const upkeep = new Upkeep(
      clock,
      1_000,
      () => Promise.resolve(void rounds++),
      () => undefined,
    );
    await upkeep.run();
    clock.advance(500);
    await upkeep.run();
    clock.advance(600);
    await Promise.resolve();
    expect(rounds).toBe(2);
    clock.advance(400);
    await expect.poll(() => rounds).toBe(3);
    upkeep.stop();
  });
});
