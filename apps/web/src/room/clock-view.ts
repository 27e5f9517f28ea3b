import { awaitingFirstMove, firstMoveDeadline, remainingAt } from "@arena/match";
import type { ClockState } from "@arena/protocol";
import { formatClock, isUrgent } from "../lib/clock";

/** The first-move countdown turns urgent in its last five seconds. */
export const FIRST_MOVE_URGENT_MS = 5_000;

/** A countdown to an abort, in whole seconds rounded up ("0:18"): it reads "0:00" only when time is up. */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** What one seat's clock shows at a given server time. */
export interface SeatClockView {
  /** The main clock ("4:59"). */
  readonly text: string;
  /** Whether the main clock is counting down now. */
  readonly ticking: boolean;
  readonly urgent: boolean;
  /** The main clock ran out while counting: time to report the flag. */
  readonly out: boolean;
  /** While this seat is to make its first move: the time left before the game is aborted. */
  readonly firstMove: { readonly text: string; readonly urgent: boolean; readonly over: boolean } | null;
}

/**
 * The server's rules, shown (docs/clocks.md §1, §4): a seat's clock does not run before its first move;
 * instead the seat to move has a first-move window, after which the server aborts the game. So the main
 * clock is `remainingAt` from `@arena/match` (which does not count a seat that has not moved), and the
 * seat to move gets a countdown to `firstMoveDeadline` until it has moved.
 */
export function seatClockView(
  clock: ClockState,
  seat: number,
  live: boolean,
  serverNow: number,
): SeatClockView {
  const ms = remainingAt(clock, serverNow)[seat] ?? 0;
  const toMove = live && clock.running === seat && clock.runningSince !== null;
  const ticking = toMove && !awaitingFirstMove(clock);
  const deadline = toMove ? firstMoveDeadline(clock) : null;
  const left = deadline === null ? null : Math.max(0, deadline - serverNow);
  return {
    text: formatClock(ms),
    ticking,
    urgent: isUrgent(ms),
    out: ticking && ms <= 0,
    firstMove:
      left === null
        ? null
        : { text: formatCountdown(left), urgent: left <= FIRST_MOVE_URGENT_MS, over: left <= 0 },
  };
}

/** Whether two views look the same (the clock re-renders only when what it shows changes). */
export function sameView(a: SeatClockView, b: SeatClockView): boolean {
  return (
    a.text === b.text &&
    a.ticking === b.ticking &&
    a.urgent === b.urgent &&
    a.out === b.out &&
    a.firstMove?.text === b.firstMove?.text &&
    a.firstMove?.urgent === b.firstMove?.urgent &&
    a.firstMove?.over === b.firstMove?.over
  );
}

/** Whether the view changes as time passes (a clock or a countdown is running). */
export function isCounting(view: SeatClockView): boolean {
  return view.ticking || view.firstMove !== null;
}
