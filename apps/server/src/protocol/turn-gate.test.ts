import { describe, expect, it } from "vitest";
import { TurnGate } from "./turn-gate.js";

/** The event loop's turns, run by hand: each queued task is one later turn. */
function turns() {
  const tasks: (() => void)[] = [];
  return {
    nextTurn: (task: () => void) => tasks.push(task),
    /** Runs the next turn; false when nothing was scheduled. */
    run: (): boolean => {
      const task = tasks.shift();
      if (task === undefined) return false;
      task();
      return true;
    },
    get scheduled() {
      return tasks.length;
    },
  };
}

describe("a turn gate", () => {
  it("lets a lone caller through at once", () => {
    const loop = turns();
    const gate = new TurnGate(2, 10, loop.nextTurn);
    const passed: number[] = [];
    expect(gate.enter(() => passed.push(1))).toBe(true);
    expect(passed).toEqual([1]);
  });

  it("lets at most perTurn callers through per turn, the rest in order in later turns", () => {
    const loop = turns();
    const gate = new TurnGate(3, 100, loop.nextTurn);
    const passed: number[] = [];
    for (let i = 0; i < 8; i++) gate.enter(() => passed.push(i));
    expect(passed).toEqual([0, 1, 2]);
    expect(gate.queued).toBe(5);
    loop.run();
    expect(passed).toEqual([0, 1, 2, 3, 4, 5]);
    loop.run();
    expect(passed).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(gate.queued).toBe(0);
  });

  it("counts the callers released in a turn against that turn", () => {
    const loop = turns();
    const gate = new TurnGate(2, 100, loop.nextTurn);
    const passed: string[] = [];
    for (const name of ["a", "b", "c", "d"]) gate.enter(() => passed.push(name));
    loop.run();
    expect(passed).toEqual(["a", "b", "c", "d"]);
    // c and d passed in this turn: a newcomer waits for the next one.
    gate.enter(() => passed.push("e"));
    expect(passed).toHaveLength(4);
    loop.run();
    expect(passed).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("never lets a newcomer overtake callers already waiting", () => {
    const loop = turns();
    const gate = new TurnGate(1, 100, loop.nextTurn);
    const passed: string[] = [];
    gate.enter(() => passed.push("first"));
    gate.enter(() => passed.push("second"));
    loop.run();
    loop.run();
    // A turn with nobody passing resets the count; the gate is open again for a lone caller.
    expect(loop.run()).toBe(false);
    expect(passed).toEqual(["first", "second"]);
    gate.enter(() => passed.push("third"));
    expect(passed).toEqual(["first", "second", "third"]);
  });

  it("refuses newcomers while too many wait, and takes them again once the queue drains", () => {
    const loop = turns();
    const gate = new TurnGate(1, 2, loop.nextTurn);
    const passed: number[] = [];
    expect(gate.enter(() => passed.push(0))).toBe(true);
    expect(gate.enter(() => passed.push(1))).toBe(true);
    expect(gate.enter(() => passed.push(2))).toBe(true);
    expect(gate.enter(() => passed.push(3))).toBe(false);
    while (loop.run());
    expect(passed).toEqual([0, 1, 2]);
    expect(gate.enter(() => passed.push(4))).toBe(true);
    expect(passed).toEqual([0, 1, 2, 4]);
  });
});
