import { failure, type Failure } from "@arena/protocol";
import { type Seek } from "../store/ports/seeks.js";
import { botNotRated } from "../ratings/eligibility.js";

/**
 * The rated range (docs/protocol.md, "Quick pairing"): ±150 points when entering, 50 more every 3 s of
 * waiting, at most ±500 (reached after 21 s).
 */
export const RATING_RANGE = { startPoints: 150, stepPoints: 50, stepMs: 3_000, maxPoints: 500 } as const;

/** How far from its own rating a rated seek accepts an opponent after waiting `waitedMs`. */
export function ratingRange(waitedMs: number): number {
  const steps = Math.floor(Math.max(0, waitedMs) / RATING_RANGE.stepMs);
  return Math.min(RATING_RANGE.maxPoints, RATING_RANGE.startPoints + steps * RATING_RANGE.stepPoints);
}

/**
 * Whether two seeks may be paired now: the same pool, two different users, both rated or both casual; rated:
 * neither a bot, and each rating within the other's range (both accept: the narrower range decides).
 */
export function compatible(a: Seek, b: Seek, now: number): boolean {
  if (a.poolId !== b.poolId || a.user.id === b.user.id || a.rated !== b.rated) return false;
  if (!a.rated) return true;
  if (a.bot || b.bot) return false;
  const range = Math.min(ratingRange(now - a.since), ratingRange(now - b.since));
  return Math.abs(a.rating - b.rating) <= range;
}

/** Two seeks' pair as one string, whichever comes first (`findPair`'s `apart`). */
export const pairKey = (a: Seek, b: Seek): string => (a.id < b.id ? `${a.id} ${b.id}` : `${b.id} ${a.id}`);

/**
 * The pair to make among a pool's seeks: the one who waited longest with the longest-waiting seek compatible
 * with it, or null when no two are compatible. Pairs in `apart` (`pairKey`) are passed over.
 */
export function findPair(
  seeks: readonly Seek[],
  now: number,
  apart: ReadonlySet<string> = new Set(),
): readonly [Seek, Seek] | null {
  const byWait = [...seeks].sort((a, b) => a.since - b.since || (a.id < b.id ? -1 : 1));
  for (let i = 0; i < byWait.length; i++) {
    const first = byWait[i];
    if (first === undefined) continue;
    for (let j = i + 1; j < byWait.length; j++) {
      const second = byWait[j];
      if (second === undefined || apart.has(pairKey(first, second))) continue;
      if (compatible(first, second, now)) return [first, second];
    }
  }
  return null;
}

/** Who may seek rated (as who may create a rated room, ratings/eligibility.ts): an account, never a bot. */
export function refuseSeek(rated: boolean, account: { readonly bot: boolean } | null): Failure | null {
  if (!rated) return null;
  if (account === null) return failure("not-rated-eligible", "log in to seek a rated game");
  if (account.bot) return botNotRated();
  return null;
}
