import { type MatchId, type TournamentId } from "@arena/protocol";
import { type ClusterMessage } from "./messages.js";

export { ClusterMessage } from "./messages.js";

/**
 * How a process follows a match's news: it keeps a `copy` of a room another process runs (every append),
 * or it is the `holder` of the match's lease (only the appends of other processes).
 */
export type NewsRole = "copy" | "holder";

/** What a lease is held on: a live match (its room), or an unfinished tournament (its director). */
export type LeaseKey = MatchId | TournamentId;

export interface LeaseGrant {
  readonly acquired: boolean;
  /** When the match was last run, if it was before this grant: the start of any downtime to credit. */
  readonly previousHeartbeat: number | null;
}

/**
 * What only several processes sharing one store need (docs/architecture.md, "Several processes"), behind
 * one port in the way of colyseus's `Presence`: `LocalCluster` (cluster/local.ts) for one process,
 * `RedisCluster` (store/redis/cluster.ts) on the Redis connection.
 */
export interface Cluster {
  /**
   * One process owns (runs the flag timer and AI of) a live match; leases expire unless renewed. `now` is
   * the caller's clock: heartbeats measure downtime in the same time base as the game clocks.
   */
  acquireLease(key: LeaseKey, owner: string, ttlMs: number, now: number): Promise<LeaseGrant>;
  /** Renews many of `owner`'s leases in one round trip (true for each renewed): every ttl/3. */
  renewLeases(keys: readonly LeaseKey[], owner: string, ttlMs: number, now: number): Promise<boolean[]>;
  /** Hands a lease back (if `owner` holds it), so another process may take the match at once. */
  releaseLease(key: LeaseKey, owner: string): Promise<void>;
  /** Who holds each match's lease now (null: nobody, or not known), in one round trip: takeover tries the free ones. */
  leaseHolders(keys: readonly LeaseKey[]): Promise<(string | null)[]>;
  /**
   * Hears the news of a match's appends in a role (the store's `onAppend` tells it); resolves once news
   * published from then on will be heard, so a log read after it misses nothing. Each follow is ended by
   * one `unfollowNews` of the same role.
   */
  followNews(matchId: MatchId, role: NewsRole): Promise<void>;
  unfollowNews(matchId: MatchId, role: NewsRole): void;
  /** Called when news of appends may have been missed (the channel reconnected): copies read their logs again. */
  onResync(listener: () => void): () => void;
  /** Tells every other process (never this one); fire and forget, like the rest of pub/sub. */
  publish(message: ClusterMessage): void;
  /** Hears what the other processes publish. */
  onMessage(listener: (message: ClusterMessage) => void): () => void;
}
