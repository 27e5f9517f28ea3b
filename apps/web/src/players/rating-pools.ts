import type { RatingSpeed } from "@arena/protocol";

const CORRESPONDENCE_SPEED: RatingSpeed = "correspondence";

/**
 * The real-time pools, then the correspondence pools in a table of their own (docs/web.md,
 * "Correspondence"): a days-per-move rating says nothing about a blitz one. A group with no pool is left out.
 */
export function splitPools<P extends { readonly speed: string }>(
  pools: readonly P[],
): { correspondence: boolean; pools: P[] }[] {
  const groups = [false, true].map((correspondence) => ({
    correspondence,
    pools: pools.filter((p) => (p.speed === CORRESPONDENCE_SPEED) === correspondence),
  }));
  return groups.filter((group) => group.pools.length > 0);
}
