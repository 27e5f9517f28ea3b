/**
 * A hard ceiling on one AI move's thinking, whatever the clock would allow (docs/strength.md, "Thinking
 * time ceilings"), and a way to stop a search early. Both act through the clock the search reads: once
 * the ceiling has passed or `stopped()` says so, the clock jumps far ahead at every reading, every
 * deadline of the search lies behind it (even one set after the stop), and the search answers with the best move it has finished (every timed search keeps
 * one; the first iteration, or the cheapest ordering, always yields a legal move).
 */

/**
 * The cap per level, in ms (index 0 is level 1); levels above the table take its last entry. Low levels
 * answer fast: a person playing them wants a quick game, not a long think.
 */
export const MOVE_CAP_MS = [500, 700, 1_000, 1_500, 2_000, 2_500, 3_000, 4_000] as const;

/**
 * The share of the clock a move may take: a fortieth of what is left plus half the increment. At 5+0 that
 * is 7.5 s for the first move and 1.5 s with one minute left, so no level spends a quarter of its time in
 * six moves; long clocks leave the level's cap to bind.
 */
export const CLOCK_DIVISOR = 40;
export const INCREMENT_SHARE = 0.5;
/** Whatever the clock: a move is given at least this much (the search still answers at once when it must). */
export const MIN_CEILING_MS = 50;

/**
 * The share of its ceiling a move aims at (`ChooseOptions.aimMs`): a level that plans its iterations
 * (level 8) ends them by half the ceiling, so that at 5+0 it thinks about 2 s a move and 4 s at most,
 * instead of being cut at the ceiling in every middlegame move (docs/strength.md, "Time use for people").
 */
export const AIM_SHARE = 0.5;

/** What a move under `ceilingMs` aims at. */
export function moveAimMs(ceilingMs: number): number {
  return ceilingMs * AIM_SHARE;
}

/** How far the clock jumps at each reading once a search must stop: beyond any budget a search sets. */
const STOP_JUMP_MS = 1e9;

function capOf(level: number): number {
  const index = Math.min(Math.max(Math.trunc(level), 1), MOVE_CAP_MS.length) - 1;
  return MOVE_CAP_MS[index] ?? 4_000;
}

/**
 * One AI move's ceiling for a person's game (docs/strength.md, "Time use for people"): the level's cap, or
 * the clock's share when smaller; without a clock (`remainingMs` Infinity) the cap alone.
 */
export function moveCeilingMs(level: number, remainingMs = Infinity, incrementMs = 0): number {
  const share = Math.max(0, remainingMs) / CLOCK_DIVISOR + Math.max(0, incrementMs) * INCREMENT_SHARE;
  return Math.max(MIN_CEILING_MS, Math.min(capOf(level), share));
}

/**
 * `now`, as a search reads it: true time until `ceilingMs` after the first reading or until `stopped()`,
 * then true time plus a jump that grows at every reading, so that any deadline, even one computed from a
 * reading after the stop, has passed at the next (differences stay finite).
 */
export function stoppableClock(
  now: () => number,
  ceilingMs: number,
  stopped: () => boolean = () => false,
): () => number {
  const start = now();
  let jump = 0;
  return () => {
    const t = now();
    if (jump > 0 || t - start >= ceilingMs || stopped()) jump += STOP_JUMP_MS;
    return t + jump;
  };
}
