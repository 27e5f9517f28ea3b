/**
 * A hard ceiling on one AI move's thinking, whatever the clock would allow (docs/strength.md, "Thinking
 * time ceilings"), and a way to stop a search early. Both act through the clock the search reads: once
 * the ceiling has passed or `stopped()` says so, the clock jumps far ahead at every reading, every
 * deadline of the search lies behind it (even one set after the stop), and the search answers with the best move it has finished (every timed search keeps
 * one; the first iteration, or the cheapest ordering, always yields a legal move).
 */

/** The ceiling per level, in ms (index 0 is level 1); levels above the table take its last entry. */
export const MOVE_CEILING_MS = [1_000, 1_000, 2_000, 2_000, 3_000, 3_000, 3_000, 4_000] as const;

/** How far the clock jumps at each reading once a search must stop: beyond any budget a search sets. */
const STOP_JUMP_MS = 1e9;

export function moveCeilingMs(level: number): number {
  const index = Math.min(Math.max(Math.trunc(level), 1), MOVE_CEILING_MS.length) - 1;
  return MOVE_CEILING_MS[index] ?? 4_000;
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
