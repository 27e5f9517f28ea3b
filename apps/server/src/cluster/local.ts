import { type MatchId } from "@arena/protocol";
import { type MatchStore } from "../store/ports/matches.js";
import { type Cluster } from "./ports.js";

/**
 * The cluster of one process: its store tells it every append and no other process holds a lease, so
 * news needs no following and nothing is ever missed; leases are renewed one by one in the store.
 */
export class LocalCluster implements Cluster {
  constructor(private readonly store: Pick<MatchStore, "renewLease">) {}

  renewLeases(matchIds: readonly MatchId[], owner: string, ttlMs: number, now: number): Promise<boolean[]> {
    return Promise.all(matchIds.map((matchId) => this.store.renewLease(matchId, owner, ttlMs, now)));
  }

  leaseHolders(matchIds: readonly MatchId[]): Promise<(string | null)[]> {
    return Promise.resolve(matchIds.map(() => null));
  }

  followNews(): Promise<void> {
    return Promise.resolve();
  }

  unfollowNews(): void {}

  onResync(): () => void {
    return () => undefined;
  }
}
