/** Time, injected: the real one reads Date.now and setTimeout; tests use `FakeClock`. */
export interface Clock {
  now(): number;
  /** Runs `fn` once at server time `at` (or at once if that has passed); returns a cancel function. */
  schedule(at: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule(at, fn) {
    // Node's timers may fire a millisecond before Date.now() reaches `at` (they run on a monotonic clock
    // and round), and a flag or "gone" check made then finds nothing due and arms nothing: so a timer
    // that wakes early sleeps again. setTimeout's limit is 2^31-1 ms; longer waits re-arm the same way.
    let handle: ReturnType<typeof setTimeout>;
    const arm = (): void => {
      handle = setTimeout(
        () => (Date.now() >= at ? fn() : arm()),
        Math.min(Math.max(0, at - Date.now()), 2 ** 31 - 1),
      );
      handle.unref();
    };
    arm();
    return () => clearTimeout(handle);
  },
};

/**
 * One timer for a deadline that moves, like a match's flag: re-aimed after every move. Moving the
 * deadline later keeps the timer already set (it wakes at the old time, finds nothing due and sleeps
 * again until the new one), so a game with an increment, whose deadlines mostly move later, does not
 * create a timer per move: at a thousand moves a second those timers were a fifth of what survived
 * each young-generation collection. Only a deadline earlier than the set timer sets a new one.
 */
export class Alarm {
  private due: number | null = null;
  /** When the underlying timer wakes (never after `due`), or null when none is set. */
  private wakeAt: number | null = null;
  private cancelWake: (() => void) | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly ring: () => void,
  ) {}

  /** Rings once at `at` (or at once if that has passed), instead of any time set before. */
  set(at: number): void {
    this.due = at;
    if (this.wakeAt !== null && this.wakeAt <= at) return;
    this.cancelWake?.();
    this.wakeAt = at;
    this.cancelWake = this.clock.schedule(at, this.wake);
  }

  clear(): void {
    this.due = null;
    this.wakeAt = null;
    this.cancelWake?.();
    this.cancelWake = null;
  }

  get deadline(): number | null {
    return this.due;
  }

  private readonly wake = (): void => {
    this.wakeAt = null;
    this.cancelWake = null;
    const due = this.due;
    if (due === null) return;
    if (this.clock.now() < due) {
      this.set(due);
      return;
    }
    this.due = null;
    this.ring();
  };
}

/** A clock that only moves when told to: tests advance it and timers fire in order. */
export class FakeClock implements Clock {
  private time: number;
  private nextId = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();

  constructor(start = 1_700_000_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  schedule(at: number, fn: () => void): () => void {
    const id = this.nextId++;
    this.timers.set(id, { at, fn });
    return () => this.timers.delete(id);
  }

  /** Moves time forward, firing due timers in time order. */
  advance(ms: number): void {
    const target = this.time + ms;
    for (;;) {
      let due: [number, { at: number; fn: () => void }] | undefined;
      for (const entry of this.timers) {
        if (entry[1].at <= target && (due === undefined || entry[1].at < due[1].at)) due = entry;
      }
      if (due === undefined) break;
      this.timers.delete(due[0]);
      this.time = Math.max(this.time, due[1].at);
      due[1].fn();
    }
    this.time = target;
  }

  pending(): number {
    return this.timers.size;
  }
}
