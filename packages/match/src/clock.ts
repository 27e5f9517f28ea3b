import type { ClockState, RatingSpeed, RealtimeControl, TimeControl } from "@arena/protocol";
import { clockTerms, isCorrespondence } from "@arena/protocol/values";

/**
 * The game clock as a pure value (docs/clocks.md §1–4), stepped with an
 * explicit `now` in integer milliseconds. Nothing here reads a clock.
 */

/**
 * Lichess's speed classes by estimated duration E = base + 40·increment (seconds); correspondence games
 * (days per move or a time bank) are a class of their own.
 */
export type Speed = RatingSpeed;
type RealtimeSpeed = Exclude<Speed, "correspondence">;

export function estimatedSeconds(tc: TimeControl): number {
  const terms = clockTerms(tc);
  return (terms.baseMs + 40 * terms.incrementMs) / 1000;
}

export function speedOf(tc: TimeControl): Speed {
  if (isCorrespondence(tc)) return "correspondence";
  return realtimeSpeed(tc);
}

function realtimeSpeed(tc: RealtimeControl): RealtimeSpeed {
  const e = estimatedSeconds(tc);
  if (e < 30) return "ultrabullet";
  if (e < 180) return "bullet";
  if (e < 480) return "blitz";
  if (e < 1500) return "rapid";
  return "classical";
}

/**
 * §4: each side's first move must come within this window, else the game aborts. A correspondence clock
 * runs from the start (its seats are `started`), so the window never applies to it.
 */
export function firstMoveWindowMs(tc: RealtimeControl): number {
  const windows: Record<RealtimeSpeed, number> = {
    ultrabullet: 15_000,
    bullet: 20_000,
    blitz: 25_000,
    rapid: 30_000,
    classical: 35_000,
  };
  return windows[realtimeSpeed(tc)];
}

/**
 * §6: offline this long counts as gone (10 s when the tab was closed deliberately); null for
 * correspondence, where nobody is expected to stay (its clock alone decides: docs/clocks.md).
 */
export function goneAfterMs(tc: TimeControl, deliberate: boolean): number | null {
  if (isCorrespondence(tc)) return null;
  if (deliberate) return 10_000;
  const speed = realtimeSpeed(tc);
  if (speed === "rapid") return 80_000;
  if (speed === "classical") return 120_000;
  return 40_000;
}

/**
 * §2: gain = min(1 s, 0.4·E + 0.15 s) in lichess's centiseconds, i.e.
 * 0.4 cs per second of E: 1+0 → 390 ms, 3+0 → 870 ms, 5+0 and slower → 1000 ms.
 */
export function lagGainMs(tc: TimeControl): number {
  return Math.min(1000, Math.round(4 * estimatedSeconds(tc) + 150));
}

export function lagQuotaCapMs(tc: TimeControl): number {
  return 7 * lagGainMs(tc);
}

/** §3: the grace a flag check allows, at most 2 s. */
const MAX_GRACE_MS = 2_000;

/**
 * A fresh clock. `ai[seat]`: the seat is the computer's, which has no first-move window (§4: the window is
 * for people): its clock runs from its first turn, so a slow AI can lose on time but never abort a game.
 */
export function createClock(
  tc: TimeControl,
  seats: number,
  first: number | null,
  now: number,
  ai: readonly boolean[] = [],
): ClockState {
  const terms = clockTerms(tc);
  const correspondence = isCorrespondence(tc);
  const clock: ClockState = {
    baseMs: terms.baseMs,
    incrementMs: terms.incrementMs,
    remainingMs: Array.from({ length: seats }, () => terms.baseMs),
    quotaMs: Array.from({ length: seats }, () => (correspondence ? 0 : 3 * lagGainMs(tc))),
    // A correspondence clock runs from the start: days to think leave no first-move window to abort in.
    started: Array.from({ length: seats }, (_, seat) => correspondence || (ai[seat] ?? false)),
    running: first,
    runningSince: first === null ? null : now,
  };
  if (terms.periodMs !== undefined) clock.periodMs = terms.periodMs;
  if (terms.capMs !== undefined) clock.capMs = terms.capMs;
  return clock;
}

function timeControlOf(clock: ClockState): RealtimeControl {
  return { baseMs: clock.baseMs, incrementMs: clock.incrementMs };
}

/** Whether the clock counts days (days per move or a time bank): no lag allowance, no first-move window. */
export function isCorrespondenceClock(clock: ClockState): boolean {
  return clock.periodMs !== undefined || clock.capMs !== undefined;
}

function at<T>(list: readonly T[], index: number, fallback: T): T {
  return list[index] ?? fallback;
}

/**
 * A list with one entry replaced; the same list when that entry is unchanged (a lag quota at its cap).
 * Clock values are never mutated, so they share lists (as they share `started`).
 */
function replace<T>(list: T[], index: number, value: T): T[] {
  if (list[index] === value) return list;
  const copy = list.slice();
  copy[index] = value;
  return copy;
}

/** How long the seat to move has been thinking: nothing while it is on vacation (its clock stands still). */
export function elapsedMs(clock: ClockState, now: number): number {
  if (clock.runningSince === null || onVacation(clock, clock.running)) return 0;
  return Math.max(0, now - clock.runningSince);
}

/** Whether the seat's clock stands still for its vacation. */
export function onVacation(clock: ClockState, seat: number | null): boolean {
  return seat !== null && clock.vacation?.[seat] === true;
}

/** Whether the running seat is still inside its first-move window (its clock not yet running). */
export function awaitingFirstMove(clock: ClockState): boolean {
  return clock.running !== null && !at(clock.started, clock.running, true);
}

/** Remaining time per seat as of `now` (the running seat's clock ticking down), for display and the AI. */
export function remainingAt(clock: ClockState, now: number): number[] {
  return clock.remainingMs.map((ms, seat) =>
    seat === clock.running && at(clock.started, seat, false) ? Math.max(0, ms - elapsedMs(clock, now)) : ms,
  );
}

/**
 * §3: `remaining ≤ elapsed − min(quota, 2 s)`; without grace (a player
 * claiming their own flag) the quota term is 0. A seat still in its
 * first-move window cannot flag.
 */
export function outOfTime(clock: ClockState, now: number, withGrace: boolean): boolean {
  const seat = clock.running;
  if (seat === null || !at(clock.started, seat, true)) return false;
  const grace = withGrace ? Math.min(at(clock.quotaMs, seat, 0), MAX_GRACE_MS) : 0;
  return at(clock.remainingMs, seat, 0) <= elapsedMs(clock, now) - grace;
}

/** When the server's flag timer must fire for the running seat (with grace), or null. */
export function flagDeadline(clock: ClockState): number | null {
  const seat = clock.running;
  if (seat === null || clock.runningSince === null || !at(clock.started, seat, true)) return null;
  if (onVacation(clock, seat)) return null;
  const grace = Math.min(at(clock.quotaMs, seat, 0), MAX_GRACE_MS);
  return clock.runningSince + at(clock.remainingMs, seat, 0) + grace;
}

/** When the running seat's first-move window closes (§4), or null once its clock runs. */
export function firstMoveDeadline(clock: ClockState): number | null {
  if (!awaitingFirstMove(clock) || clock.runningSince === null) return null;
  return clock.runningSince + firstMoveWindowMs(timeControlOf(clock));
}

export interface MoveTiming {
  /** Server time the move arrived. */
  readonly now: number;
  /** How long the move took on the client's own clock, if it said. */
  readonly clientMs?: number | undefined;
  /** The client's own lag estimate, used when `clientMs` is missing. */
  readonly lagMs?: number | undefined;
}

export type StepResult =
  | { readonly kind: "moved"; readonly clock: ClockState }
  | { readonly kind: "flagged"; readonly clock: ClockState };

/**
 * One move by the running seat, then the clock passes to `next` (null when the
 * game is over). §1: moveTime = max(0, elapsed − comp); within time it is
 * charged minus the increment, otherwise the seat has flagged: the clock stops
 * with no increment. A first move is free (the clock was not running).
 */
export function step(clock: ClockState, timing: MoveTiming, next: number | null): StepResult {
  const seat = clock.running;
  if (seat === null) return { kind: "moved", clock };
  const tc = timeControlOf(clock);
  const elapsed = elapsedMs(clock, timing.now);
  if (isCorrespondenceClock(clock)) return correspondenceStep(clock, elapsed, timing.now, next);
  if (!at(clock.started, seat, true)) {
    return {
      kind: "moved",
      clock: {
        ...clock,
        started: replace(clock.started, seat, true),
        running: next,
        runningSince: next === null ? null : timing.now,
      },
    };
  }
  // The client's lag claim is believed only up to the seat's quota, which the server alone fills by a fixed
  // gain per move: nothing the client sends or delays (its claim, its pongs, its sockets) raises the ceiling.
  const lag = Math.max(0, timing.clientMs !== undefined ? elapsed - timing.clientMs : (timing.lagMs ?? 0));
  const quota = at(clock.quotaMs, seat, 0);
  const comp = Math.min(lag, quota);
  const nextQuota = Math.min(lagQuotaCapMs(tc), quota + lagGainMs(tc) - comp);
  const moveTime = Math.max(0, elapsed - comp);
  const remaining = at(clock.remainingMs, seat, 0);
  if (moveTime >= remaining) {
    return {
      kind: "flagged",
      clock: {
        ...clock,
        remainingMs: replace(clock.remainingMs, seat, 0),
        running: null,
        runningSince: null,
      },
    };
  }
  const increment = clock.berserk?.[seat] === true ? 0 : clock.incrementMs;
  // Every field written out: one object of the clock's own shape per move, not a spread then reshaped.
  const moved: ClockState = {
    baseMs: clock.baseMs,
    incrementMs: clock.incrementMs,
    remainingMs: replace(clock.remainingMs, seat, remaining - moveTime + increment),
    quotaMs: replace(clock.quotaMs, seat, nextQuota),
    started: clock.started,
    running: next,
    runningSince: next === null ? null : timing.now,
  };
  if (clock.berserk !== undefined) moved.berserk = clock.berserk;
  return { kind: "moved", clock: moved };
}

/**
 * A correspondence move: what the mover used is charged with no lag allowance; then days per move sets
 * their clock back to the whole period, and a time bank adds its increment up to its cap (docs/clocks.md).
 */
function correspondenceStep(
  clock: ClockState,
  elapsed: number,
  now: number,
  next: number | null,
): StepResult {
  const seat = clock.running ?? 0;
  const remaining = at(clock.remainingMs, seat, 0);
  if (elapsed >= remaining) return { kind: "flagged", clock: flag(clock) };
  const after =
    clock.periodMs !== undefined
      ? clock.periodMs
      : Math.min(clock.capMs ?? Number.MAX_SAFE_INTEGER, remaining - elapsed + clock.incrementMs);
  return {
    kind: "moved",
    clock: {
      ...clock,
      remainingMs: replace(clock.remainingMs, seat, after),
      running: next,
      runningSince: next === null ? null : now,
    },
  };
}

/**
 * When the running correspondence seat has used 80% of its period (days per move) or of its starting bank,
 * the moment lichess's alarm rings: "your time runs out" (docs/clocks.md, "Correspondence"). Null when the
 * clock is real-time, stopped, standing still for a vacation, or already past that point when the turn began.
 */
export function alarmAt(clock: ClockState): number | null {
  const seat = clock.running;
  if (!isCorrespondenceClock(clock) || seat === null || clock.runningSince === null) return null;
  if (onVacation(clock, seat)) return null;
  const warnBelow = Math.floor((clock.periodMs ?? clock.baseMs) / 5);
  const remaining = at(clock.remainingMs, seat, 0);
  if (remaining <= warnBelow) return null;
  return clock.runningSince + remaining - warnBelow;
}

/**
 * The seat goes on vacation: what its clock used so far is charged, and it stands still from `now`
 * (docs/clocks.md, "Vacation"). The same clock when it already is.
 */
export function startVacation(clock: ClockState, seat: number, now: number): ClockState {
  if (onVacation(clock, seat)) return clock;
  const charged =
    seat === clock.running ? { ...clock, remainingMs: remainingAt(clock, now), runningSince: now } : clock;
  return { ...charged, vacation: replace(clock.vacation ?? clock.remainingMs.map(() => false), seat, true) };
}

/** The seat is back: its clock, if it is to move, runs again from `now`. */
export function endVacation(clock: ClockState, seat: number, now: number): ClockState {
  if (!onVacation(clock, seat)) return clock;
  const vacation = replace(clock.vacation ?? [], seat, false);
  const back: ClockState = { ...clock, vacation };
  if (vacation.every((away) => !away)) delete back.vacation;
  return seat === clock.running ? { ...back, runningSince: now } : back;
}

/**
 * What a berserk takes from the seat's time (lichess's `berserkPenalty`): half the base, or nothing when the
 * increment outweighs the base (base < 40 × increment), where the lost increment is the penalty.
 */
export function berserkPenaltyMs(tc: RealtimeControl): number {
  return tc.baseMs < 40 * tc.incrementMs ? 0 : Math.floor(tc.baseMs / 2);
}

/** Whether the seat berserked: its time was cut and it gets no increment (docs/tournaments.md, "Berserk"). */
export function isBerserk(clock: ClockState | null, seat: number): boolean {
  return clock?.berserk?.[seat] === true;
}

/**
 * The seat berserks: `berserkPenaltyMs` off its time and no increment from now on. Taken before the seat's
 * first move, while its clock is not running, so the time cut is exact.
 */
export function berserk(clock: ClockState, seat: number): ClockState {
  const remaining = at(clock.remainingMs, seat, 0);
  return {
    ...clock,
    remainingMs: replace(
      clock.remainingMs,
      seat,
      Math.max(0, remaining - berserkPenaltyMs(timeControlOf(clock))),
    ),
    berserk: replace(clock.berserk ?? clock.remainingMs.map(() => false), seat, true),
  };
}

/**
 * A move made for the seat with no choice (Othello's forced pass): no time
 * charged, no increment; the clock simply passes on (docs/clocks.md §1).
 */
export function pass(clock: ClockState, next: number | null, now: number): ClockState {
  return { ...clock, running: next, runningSince: next === null ? null : now };
}

/** Stops the clock, charging the running seat what it used (game end, flag). */
export function stop(clock: ClockState, now: number): ClockState {
  return { ...clock, remainingMs: remainingAt(clock, now), running: null, runningSince: null };
}

/** The running seat's clock stops at zero: its flag fell. */
export function flag(clock: ClockState): ClockState {
  const seat = clock.running;
  if (seat === null) return clock;
  return { ...clock, remainingMs: replace(clock.remainingMs, seat, 0), running: null, runningSince: null };
}

/**
 * Hands the clock to another seat without a move (a seat was eliminated while
 * to move). The new seat starts thinking now.
 */
export function handOver(clock: ClockState, next: number | null, now: number): ClockState {
  const charged = clock.running === null ? clock : stop(clock, now);
  return { ...charged, running: next, runningSince: next === null ? null : now };
}

/** §7: credits seats after downtime; the running seat restarts its think time from `now`. */
export function credit(clock: ClockState, creditsMs: readonly number[], now: number): ClockState {
  const current = remainingAt(clock, now);
  return {
    ...clock,
    remainingMs: current.map((ms, seat) => ms + at(creditsMs, seat, 0)),
    runningSince: clock.running === null ? null : now,
  };
}
