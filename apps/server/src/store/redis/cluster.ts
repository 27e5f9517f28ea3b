import { type MatchId } from "@arena/protocol";
import { type Cluster, type NewsRole } from "../../cluster/ports.js";
import { type RedisClient, timed } from "./connection.js";
import { leaseKey, renewLeases } from "./leases.js";
import { type RedisNews } from "./news.js";

/** The cluster on the Redis connection: leases beside the store's, news over its pub/sub subscriber. */
export class RedisCluster implements Cluster {
  constructor(
    private readonly client: RedisClient,
    private readonly news: RedisNews,
    private readonly prefix: string,
  ) {}

  renewLeases(matchIds: readonly MatchId[], owner: string, ttlMs: number, now: number): Promise<boolean[]> {
    return renewLeases(this.client, this.prefix, matchIds, owner, ttlMs, now);
  }

  async leaseHolders(matchIds: readonly MatchId[]): Promise<(string | null)[]> {
    if (matchIds.length === 0) return [];
    return timed(this.client.mGet(matchIds.map((matchId) => leaseKey(this.prefix, matchId))));
  }

  followNews(matchId: MatchId, role: NewsRole): Promise<void> {
    return this.news.followNews(matchId, role);
  }

  unfollowNews(matchId: MatchId, role: NewsRole): void {
    this.news.unfollowNews(matchId, role);
  }

  onResync(listener: () => void): () => void {
    return this.news.onResync(listener);
  }
}
