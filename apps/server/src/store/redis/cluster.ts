import { randomBytes } from "node:crypto";
import { type MatchId } from "@arena/protocol";
import { type Logger } from "pino";
import { z } from "zod";
import {
  type Cluster,
  ClusterMessage,
  type LeaseGrant,
  type LeaseKey,
  type NewsRole,
} from "../../cluster/ports.js";
import { type RedisClient, timed } from "./connection.js";
import { acquireLease, leaseKey, releaseLease, renewLeases } from "./leases.js";
import { type RedisNews } from "./news.js";

/** What goes on the channel: the sending process, so that it skips its own, and the message. */
const ClusterEnvelope = z.object({ from: z.string(), message: ClusterMessage });

/**
 * The cluster on the Redis connection: leases beside the store's keys, match news over its pub/sub
 * subscriber, and messages between processes on channel `cluster` ({from, message} as JSON).
 */
export class RedisCluster implements Cluster {
  /** Who this process is on the channel, so that it skips its own messages. */
  private readonly sender = randomBytes(12).toString("base64url");
  private readonly listeners = new Set<(message: ClusterMessage) => void>();

  constructor(
    private readonly client: RedisClient,
    private readonly subscriber: RedisClient,
    private readonly news: RedisNews,
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {}

  private get channel(): string {
    return `${this.prefix}cluster`;
  }

  /** Subscribes to the other processes' messages (once, before the process serves). */
  async listen(): Promise<void> {
    await this.subscriber.subscribe(this.channel, this.heard);
  }

  private readonly heard = (text: string): void => {
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: dropped below like any other malformed message.
    }
    const parsed = ClusterEnvelope.safeParse(json);
    if (!parsed.success) {
      this.logger.warn({ issues: parsed.error.issues.slice(0, 3) }, "dropping a malformed cluster message");
      return;
    }
    if (parsed.data.from === this.sender) return;
    for (const listener of this.listeners) listener(parsed.data.message);
  };

  publish(message: ClusterMessage): void {
    const text = JSON.stringify({ from: this.sender, message });
    timed(this.client.publish(this.channel, text)).catch((error: unknown) => {
      this.logger.warn({ err: error, type: message.type }, "cluster message not published");
    });
  }

  onMessage(listener: (message: ClusterMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  acquireLease(key: LeaseKey, owner: string, ttlMs: number, now: number): Promise<LeaseGrant> {
    return acquireLease(this.client, this.prefix, key, owner, ttlMs, now);
  }

  renewLeases(keys: readonly LeaseKey[], owner: string, ttlMs: number, now: number): Promise<boolean[]> {
    return renewLeases(this.client, this.prefix, keys, owner, ttlMs, now);
  }

  releaseLease(key: LeaseKey, owner: string): Promise<void> {
    return releaseLease(this.client, this.prefix, key, owner);
  }

  async leaseHolders(keys: readonly LeaseKey[]): Promise<(string | null)[]> {
    if (keys.length === 0) return [];
    return timed(this.client.mGet(keys.map((key) => leaseKey(this.prefix, key))));
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

  /** Stops telling listeners (the connections are closed by their owner). */
  close(): void {
    this.listeners.clear();
  }
}
