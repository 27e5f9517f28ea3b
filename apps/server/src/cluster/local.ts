import { type MatchId } from "@arena/protocol";
import { type ServerHeartbeat } from "../store/ports/heartbeat.js";
import { type Cluster, type ClusterMessage, type LeaseGrant, type LeaseKey } from "./ports.js";

/** What a process left behind: when it was last alive, and its live matches then. */
export interface PreviousRun {
  readonly lastAlive: number | null;
  readonly live: readonly MatchId[];
}

/**
 * The cluster of one process: it holds every match it runs, so it keeps no lease table; its store tells
 * it every append, so news needs no following and nothing is ever missed; nobody else hears its messages.
 * What survives a restart is one heartbeat: the games live when the process started were last run then.
 */
export class LocalCluster implements Cluster {
  /** The matches live at start-up not yet taken again, credited from the heartbeat read then. */
  private readonly inherited: Set<LeaseKey>;
  private readonly lastAlive: number | null;

  constructor(
    private readonly heartbeat: ServerHeartbeat,
    before: PreviousRun,
  ) {
    this.lastAlive = before.lastAlive;
    this.inherited = new Set<LeaseKey>(before.lastAlive === null ? [] : before.live);
  }

  /** Reads when the process was last alive and which matches it left live (the store's live set). */
  static async open<T>(
    this: new (heartbeat: ServerHeartbeat, before: PreviousRun) => T,
    heartbeat: ServerHeartbeat,
    store: { listLive(): Promise<MatchId[]> },
  ): Promise<T> {
    const [lastAlive, live] = await Promise.all([heartbeat.readHeartbeat(), store.listLive()]);
    return new this(heartbeat, { lastAlive, live });
  }

  async acquireLease(key: LeaseKey, _owner: string, _ttlMs: number, now: number): Promise<LeaseGrant> {
    await this.heartbeat.writeHeartbeat(now);
    const inherited = this.inherited.delete(key);
    return { acquired: true, previousHeartbeat: inherited ? this.lastAlive : null };
  }

  async renewLeases(
    keys: readonly LeaseKey[],
    _owner: string,
    _ttlMs: number,
    now: number,
  ): Promise<boolean[]> {
    if (keys.length > 0) await this.heartbeat.writeHeartbeat(now);
    return keys.map(() => true);
  }

  releaseLease(): Promise<void> {
    return Promise.resolve();
  }

  leaseHolders(keys: readonly LeaseKey[]): Promise<(string | null)[]> {
    return Promise.resolve(keys.map(() => null));
  }

  followNews(): Promise<void> {
    return Promise.resolve();
  }

  unfollowNews(): void {}

  onResync(): () => void {
    return () => undefined;
  }

  publish(_message: ClusterMessage): void {}

  onMessage(): () => void {
    return () => undefined;
  }
}
