import { type Seek, type SeekStore } from "../ports/seeks.js";

/** Seeks of one process (memory and SQLite stores): the whole truth there, and nothing to survive a restart. */
export class MemorySeekStore implements SeekStore {
  private readonly pools = new Map<string, Map<string, Seek>>();
  private readonly byUser = new Map<string, Seek>();

  enter(seek: Seek): Promise<Seek | null> {
    const previous = this.remove(seek.user.id);
    const pool = this.pools.get(seek.poolId) ?? new Map<string, Seek>();
    pool.set(seek.id, seek);
    this.pools.set(seek.poolId, pool);
    this.byUser.set(seek.user.id, seek);
    return Promise.resolve(previous);
  }

  cancel(userId: string, socketId?: string): Promise<Seek | null> {
    const seek = this.byUser.get(userId);
    if (seek === undefined || (socketId !== undefined && seek.socketId !== socketId)) {
      return Promise.resolve(null);
    }
    return Promise.resolve(this.remove(userId));
  }

  list(poolId: string): Promise<Seek[]> {
    const seeks = [...(this.pools.get(poolId)?.values() ?? [])];
    return Promise.resolve(seeks.sort((a, b) => a.since - b.since));
  }

  claim(a: Seek, b: Seek): Promise<boolean> {
    const pool = this.pools.get(a.poolId);
    if (a.poolId !== b.poolId || pool?.get(a.id) !== a || pool.get(b.id) !== b) return Promise.resolve(false);
    this.remove(a.user.id);
    this.remove(b.user.id);
    return Promise.resolve(true);
  }

  counts(poolIds: readonly string[]): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const id of poolIds) {
      const n = this.pools.get(id)?.size ?? 0;
      if (n > 0) counts[id] = n;
    }
    return Promise.resolve(counts);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private remove(userId: string): Seek | null {
    const seek = this.byUser.get(userId);
    if (seek === undefined) return null;
    this.byUser.delete(userId);
    const pool = this.pools.get(seek.poolId);
    pool?.delete(seek.id);
    if (pool?.size === 0) this.pools.delete(seek.poolId);
    return seek;
  }
}
