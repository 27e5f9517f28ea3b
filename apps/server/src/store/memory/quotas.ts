import { type QuotaStore } from "../ports/quotas.js";

/** Above this many rate windows, stale ones are swept (one entry per user and address that acted). */
const SWEEP_WINDOWS_AT = 10_000;

/** Quota counts for one process: everything the embedded stores (memory, SQLite) need. */
export class MemoryQuotaStore implements QuotaStore {
  private readonly sets = new Map<string, Set<string>>();
  private readonly windows = new Map<string, { window: number; count: number; endsAt: number }>();
  private readonly connections = new Map<string, number>();
  private readonly cooldowns = new Map<string, number>();
  private readonly notes = new Map<string, number[]>();
  private readonly memories = new Map<string, { value: string; endsAt: number }>();

  hold(key: string, member: string, limit: number): Promise<boolean> {
    const set = this.sets.get(key) ?? new Set<string>();
    if (!set.has(member)) {
      if (set.size >= limit) return Promise.resolve(false);
      set.add(member);
      this.sets.set(key, set);
    }
    return Promise.resolve(true);
  }

  release(key: string, member: string): Promise<void> {
    const set = this.sets.get(key);
    if (set !== undefined) {
      set.delete(member);
      if (set.size === 0) this.sets.delete(key);
    }
    return Promise.resolve();
  }

  members(key: string): Promise<string[]> {
    return Promise.resolve([...(this.sets.get(key) ?? [])]);
  }

  hit(key: string, limit: number, windowMs: number, now: number): Promise<boolean> {
    const window = Math.floor(now / windowMs);
    const current = this.windows.get(key);
    const count = current?.window === window ? current.count + 1 : 1;
    this.windows.set(key, { window, count, endsAt: (window + 1) * windowMs });
    if (this.windows.size > SWEEP_WINDOWS_AT) {
      for (const [k, entry] of this.windows) if (entry.endsAt <= now) this.windows.delete(k);
    }
    return Promise.resolve(count <= limit);
  }

  cooldown(key: string, ms: number, now: number): Promise<number> {
    const until = this.cooldowns.get(key) ?? 0;
    if (until > now) return Promise.resolve(until - now);
    this.cooldowns.set(key, now + ms);
    if (this.cooldowns.size > SWEEP_WINDOWS_AT) {
      for (const [k, ends] of this.cooldowns) if (ends <= now) this.cooldowns.delete(k);
    }
    return Promise.resolve(0);
  }

  left(key: string, now: number): Promise<number> {
    return Promise.resolve(Math.max(0, (this.cooldowns.get(key) ?? 0) - now));
  }

  remember(key: string, value: string, ms: number, now: number): Promise<void> {
    this.memories.set(key, { value, endsAt: now + ms });
    if (this.memories.size > SWEEP_WINDOWS_AT) {
      for (const [k, entry] of this.memories) if (entry.endsAt <= now) this.memories.delete(k);
    }
    return Promise.resolve();
  }

  recall(key: string, now: number): Promise<string | null> {
    const entry = this.memories.get(key);
    return Promise.resolve(entry !== undefined && entry.endsAt > now ? entry.value : null);
  }

  note(key: string, now: number, windowMs: number): Promise<number> {
    const kept = (this.notes.get(key) ?? []).filter((at) => at > now - windowMs);
    kept.push(now);
    this.notes.set(key, kept);
    return Promise.resolve(kept.length);
  }

  connect(key: string, limit: number): Promise<boolean> {
    const open = this.connections.get(key) ?? 0;
    if (open >= limit) return Promise.resolve(false);
    this.connections.set(key, open + 1);
    return Promise.resolve(true);
  }

  disconnect(key: string): Promise<void> {
    const open = (this.connections.get(key) ?? 0) - 1;
    if (open > 0) this.connections.set(key, open);
    else this.connections.delete(key);
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
