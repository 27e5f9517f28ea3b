import type { TimeControl } from "@arena/protocol";

/** Below this a clock turns urgent (red) and the low-time sound plays. */
export const URGENT_MS = 10_000;

/**
 * Clock text: a correspondence clock from a day up in days and hours ("1d 23h"), "1:02:03" from an hour up, "4:05" down to 10 s, then tenths
 * ("9.4") so the last seconds read smoothly. Never negative.
 */
export function formatClock(ms: number): string {
  const clamped = Math.max(0, ms);
  if (clamped < URGENT_MS) {
    const tenths = Math.floor(clamped / 100);
    return `${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const totalSeconds = Math.floor(clamped / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const ss = String(seconds).padStart(2, "0");
  if (hours >= 24) return `${Math.floor(hours / 24)}d ${hours % 24}h`;
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, "0")}:${ss}`;
  return `${minutes}:${ss}`;
}

/**
 * "3+2" for a base of 3 minutes and a 2 s increment; seconds for bases under a minute ("30s+0").
 * Correspondence in days, the same in every language: "2d" per move, a bank "3d+1d≤7d" (docs/web.md).
 */
export function formatTimeControl(tc: TimeControl): string {
  if ("daysPerMove" in tc) return `${tc.daysPerMove}d`;
  if ("bankDays" in tc) return `${tc.bankDays}d+${tc.incrementDays}d≤${tc.capDays}d`;
  const base = tc.baseMs % 60_000 === 0 ? String(tc.baseMs / 60_000) : `${tc.baseMs / 1000}s`;
  return `${base}+${tc.incrementMs / 1000}`;
}

export function isUrgent(ms: number): boolean {
  return ms < URGENT_MS;
}

/**
 * The client's estimate of (server clock − local clock). Each sample is a
 * server timestamp seen at local time `localNow`; network delay only makes a
 * sample too small, so the largest sample is the best.
 */
export function updateOffset(previous: number | null, serverTime: number, localNow: number): number {
  const sample = serverTime - localNow;
  return previous === null ? sample : Math.max(previous, sample);
}
