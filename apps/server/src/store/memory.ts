import { type MatchId, type RoomSummary, type VersionedEvent } from "@arena/protocol";
import { type AppendResult, type LeaseGrant, type MatchStore } from "./ports.js";

interface Lease {
  owner: string;
  expiresAt: number;
}

/** The embedded default: one process, nothing survives a restart. */
export class MemoryStore implements MatchStore {
  private readonly logs = new Map<MatchId, VersionedEvent[]>();
  private readonly summaries = new Map<MatchId, RoomSummary>();
  private readonly live = new Set<MatchId>();
  private readonly leases = new Map<MatchId, Lease>();
  private readonly heartbeats = new Map<MatchId, number>();
  private readonly listeners = new Set<(matchId: MatchId, version: number) => void>();

  append(
    matchId: MatchId,
    expectedVersion: number,
    events: readonly VersionedEvent[],
  ): Promise<AppendResult> {
    const log = this.logs.get(matchId) ?? [];
    if (log.length !== expectedVersion) return Promise.resolve({ ok: false, reason: "conflict" });
    log.push(...events.map((event) => structuredClone(event)));
    this.logs.set(matchId, log);
    const version = log.length;
    // Listeners run after the caller's await resumes, as they would over Redis pub/sub.
    queueMicrotask(() => {
      for (const listener of this.listeners) listener(matchId, version);
    });
    return Promise.resolve({ ok: true });
  }

  read(matchId: MatchId, sinceVersion: number): Promise<VersionedEvent[] | null> {
    const log = this.logs.get(matchId);
    return Promise.resolve(log === undefined ? null : structuredClone(log.slice(sinceVersion)));
  }

  putSummary(matchId: MatchId, summary: RoomSummary | null): Promise<void> {
    if (summary === null) this.summaries.delete(matchId);
    else this.summaries.set(matchId, structuredClone(summary));
    return Promise.resolve();
  }

  listSummaries(): Promise<RoomSummary[]> {
    return Promise.resolve([...this.summaries.values()].map((s) => structuredClone(s)));
  }

  setLive(matchId: MatchId, live: boolean): Promise<void> {
    if (live) this.live.add(matchId);
    else this.live.delete(matchId);
    return Promise.resolve();
  }

  listLive(): Promise<MatchId[]> {
    return Promise.resolve([...this.live]);
  }

  acquireLease(matchId: MatchId, owner: string, ttlMs: number, now: number): Promise<LeaseGrant> {
    const current = this.leases.get(matchId);
    const previousHeartbeat = this.heartbeats.get(matchId) ?? null;
    if (current !== undefined && current.expiresAt > now && current.owner !== owner) {
      return Promise.resolve({ acquired: false, previousHeartbeat });
    }
    this.leases.set(matchId, { owner, expiresAt: now + ttlMs });
    this.heartbeats.set(matchId, now);
    return Promise.resolve({ acquired: true, previousHeartbeat });
  }

  renewLease(matchId: MatchId, owner: string, ttlMs: number, now: number): Promise<boolean> {
    const current = this.leases.get(matchId);
    if (current === undefined || current.owner !== owner || current.expiresAt <= now) {
      return Promise.resolve(false);
    }
    current.expiresAt = now + ttlMs;
    this.heartbeats.set(matchId, now);
    return Promise.resolve(true);
  }

  releaseLease(matchId: MatchId, owner: string): Promise<void> {
    if (this.leases.get(matchId)?.owner === owner) this.leases.delete(matchId);
    return Promise.resolve();
  }

  onAppend(listener: (matchId: MatchId, version: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): Promise<void> {
    this.listeners.clear();
    return Promise.resolve();
  }
}
