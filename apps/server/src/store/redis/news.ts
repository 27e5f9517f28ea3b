import { type MatchId, VersionedEvent, asMatchId } from "@arena/protocol";
import { type Logger } from "pino";
import { type NewsRole } from "../../cluster/ports.js";
import { type AppendListener } from "../ports/matches.js";
import { type RedisClient, timed } from "./connection.js";

/**
 * Reads an append's news: "<id> <version>", followed by the entries as a JSON array when the appender
 * sent them (a process of an earlier release sends only the version; its followers read the log then).
 */
export function parseAppendNews(
  message: string,
): { matchId: MatchId; version: number; entries: VersionedEvent[] | null } | null {
  const idEnd = message.indexOf(" ");
  if (idEnd <= 0) return null;
  const versionEnd = message.indexOf(" ", idEnd + 1);
  const version = Number(message.slice(idEnd + 1, versionEnd < 0 ? undefined : versionEnd));
  if (!Number.isInteger(version)) return null;
  const matchId = asMatchId(message.slice(0, idEnd));
  if (versionEnd < 0) return { matchId, version, entries: null };
  const parsed = VersionedEvent.array().safeParse(JSON.parse(message.slice(versionEnd + 1)));
  const entries = parsed.success ? parsed.data : null;
  return { matchId, version, entries: entries?.at(-1)?.version === version ? entries : null };
}

/**
 * Append news over pub/sub: channel `news:<id>` carries every append's news, `news:<id>:holder` those whose
 * appender is not the lease holder, and `appended` the news of a process of the earlier release.
 */
export class RedisNews {
  /** Each listener, with the matches it wants news of (all when undefined). */
  private readonly listeners = new Map<
    AppendListener,
    ((matchId: MatchId, version: number) => boolean) | undefined
  >();
  private readonly resyncListeners = new Set<() => void>();
  /** The channels this process is subscribed to, with how many follow each and the subscription's ack. */
  private readonly subscribed = new Map<string, { count: number; acked: Promise<unknown> }>();

  constructor(
    private readonly subscriber: RedisClient,
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {}

  /** The channel of a match's news: every append's, or (`holder`) only those of other processes. */
  newsChannel(matchId: MatchId, role: NewsRole): string {
    const channel = `${this.prefix}news:${matchId}`;
    return role === "holder" ? `${channel}:holder` : channel;
  }

  private readonly heard = (message: string): void => {
    // A room's own appends come back when it appends without the lease (or after its lease expired in
    // Redis), as do versions it already read: skipped on the news' head, not decoded.
    if (!this.wanted(message)) return;
    let news: ReturnType<typeof parseAppendNews>;
    try {
      news = parseAppendNews(message);
    } catch (error) {
      this.logger.warn({ err: error }, "unreadable append news");
      return;
    }
    if (news === null) return;
    for (const listener of this.listeners.keys()) listener(news.matchId, news.version, news.entries);
  };

  async listen(): Promise<void> {
    // A process of the earlier release (during a rolling upgrade) publishes every append on one channel.
    await this.subscriber.subscribe(`${this.prefix}appended`, this.heard);
    // Pub/sub delivers nothing sent while the subscriber was away: after a reconnect (which subscribes to
    // every followed channel again), followers read again.
    let connectedBefore = this.subscriber.isReady;
    this.subscriber.on("ready", () => {
      if (connectedBefore) for (const listener of this.resyncListeners) listener();
      connectedBefore = true;
    });
  }

  followNews(matchId: MatchId, role: NewsRole): Promise<void> {
    const channel = this.newsChannel(matchId, role);
    let subscription = this.subscribed.get(channel);
    if (subscription === undefined) {
      subscription = { count: 0, acked: this.subscriber.subscribe(channel, this.heard) };
      this.subscribed.set(channel, subscription);
    }
    subscription.count++;
    return timed(subscription.acked).then(() => undefined);
  }

  unfollowNews(matchId: MatchId, role: NewsRole): void {
    const channel = this.newsChannel(matchId, role);
    const subscription = this.subscribed.get(channel);
    if (subscription === undefined || --subscription.count > 0) return;
    this.subscribed.delete(channel);
    this.subscriber.unsubscribe(channel, this.heard).catch((error: unknown) => {
      this.logger.warn({ err: error, channel }, "unsubscribe failed");
    });
  }

  onAppend(listener: AppendListener, follows?: (matchId: MatchId, version: number) => boolean): () => void {
    this.listeners.set(listener, follows);
    return () => this.listeners.delete(listener);
  }

  /** Whether a listener wants this news ("<id> <version> …"), read from its head only. */
  private wanted(message: string): boolean {
    const idEnd = message.indexOf(" ");
    if (idEnd <= 0) return false;
    const versionEnd = message.indexOf(" ", idEnd + 1);
    const version = Number(message.slice(idEnd + 1, versionEnd < 0 ? undefined : versionEnd));
    const matchId = asMatchId(message.slice(0, idEnd));
    for (const follows of this.listeners.values()) {
      if (follows === undefined || follows(matchId, version)) return true;
    }
    return false;
  }

  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  /** The subscriber is connected (readiness). */
  isConnected(): boolean {
    return this.subscriber.isReady;
  }

  close(): void {
    this.listeners.clear();
    this.resyncListeners.clear();
    this.subscribed.clear();
  }
}
