import { createClock, firstMoveWindowMs, step } from "@arena/match";
import { describe, expect, it } from "vitest";
import { FIRST_MOVE_URGENT_MS, formatCountdown, isCounting, sameView, seatClockView } from "./clock-view";

const blitz = { baseMs: 300_000, incrementMs: 0 };
const window = firstMoveWindowMs(blitz); // 25 s for 5+0 (docs/clocks.md §4)

/** The game started at t=10 s with seat 0 to move. */
const start = createClock(blitz, 2, 0, 10_000);

describe("before a seat's first move", () => {
  it("shows a first-move countdown instead of running the main clock", () => {
    for (const elapsed of [0, 2_000, 7_000, 13_000]) {
      const view = seatClockView(start, 0, true, 10_000 + elapsed);
      expect(view.text).toBe("5:00");
      expect(view.ticking).toBe(false);
      expect(view.firstMove?.text).toBe(formatCountdown(window - elapsed));
    }
    expect(seatClockView(start, 0, true, 12_000).firstMove?.text).toBe("0:23");
  });

  it("turns the countdown urgent in its last seconds and reports it over at the deadline", () => {
    const deadline = 10_000 + window;
    expect(seatClockView(start, 0, true, deadline - FIRST_MOVE_URGENT_MS - 1).firstMove?.urgent).toBe(false);
    expect(seatClockView(start, 0, true, deadline - FIRST_MOVE_URGENT_MS).firstMove).toEqual({
      text: "0:05",
      urgent: true,
      over: false,
    });
    expect(seatClockView(start, 0, true, deadline + 500).firstMove).toEqual({
      text: "0:00",
      urgent: true,
      over: true,
    });
    // The main clock never ran, so it has no flag to report.
    expect(seatClockView(start, 0, true, deadline + 500).out).toBe(false);
  });

  it("shows no countdown for the seat not to move, nor once the game is over", () => {
    expect(seatClockView(start, 1, true, 12_000).firstMove).toBeNull();
    expect(seatClockView(start, 0, false, 12_000).firstMove).toBeNull();
    expect(isCounting(seatClockView(start, 1, true, 12_000))).toBe(false);
  });
});

describe("after the first move", () => {
  // Seat 0 moves after 8 s (free), seat 1 after 5 s (free): seat 0's clock runs from t=23 s.
  const afterBlack = step(start, { now: 18_000 }, 1).clock;
  const running = step(afterBlack, { now: 23_000 }, 0).clock;

  it("leaves the mover's clock where it was and starts the other seat's countdown", () => {
    const black = seatClockView(afterBlack, 0, true, 20_000);
    expect(black).toMatchObject({ text: "5:00", ticking: false, firstMove: null });
    expect(seatClockView(afterBlack, 1, true, 20_000).firstMove?.text).toBe(formatCountdown(window - 2_000));
  });

  it("runs the main clock once both seats have moved", () => {
    const view = seatClockView(running, 0, true, 23_000 + 61_500);
    expect(view).toMatchObject({ text: "3:58", ticking: true, firstMove: null, out: false });
    expect(isCounting(view)).toBe(true);
    expect(seatClockView(running, 0, true, 23_000 + 300_000).out).toBe(true);
    expect(seatClockView(running, 1, true, 23_000 + 61_500)).toMatchObject({ text: "5:00", ticking: false });
  });
});

describe("formatting", () => {
  it.each([
    [25_000, "0:25"],
    [24_001, "0:25"],
    [4_200, "0:05"],
    [1, "0:01"],
    [0, "0:00"],
    [-300, "0:00"],
    [65_000, "1:05"],
  ])("a countdown of %i ms reads %s", (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });

  it("re-renders only when what is shown changes", () => {
    expect(sameView(seatClockView(start, 0, true, 12_000), seatClockView(start, 0, true, 12_400))).toBe(true);
    expect(sameView(seatClockView(start, 0, true, 12_000), seatClockView(start, 0, true, 13_100))).toBe(
      false,
    );
  });
});
