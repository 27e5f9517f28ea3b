/**
 * Counts that every process of a deployment shares, so that a user's or an address's quota holds however
 * many processes serve them (docs/architecture.md, "Quotas"): in Redis when scaled out, in memory for one
 * process (the embedded stores, memory and SQLite, serve one process, so memory counts are the whole truth).
 * Every method may reject when the backing service is down.
 */
export interface QuotaStore {
  /**
   * Puts `member` in the set `key` unless the set already holds `limit` others: true when `member` is in
   * the set afterwards. Holding a member twice counts it once.
   */
  hold(key: string, member: string, limit: number): Promise<boolean>;
  release(key: string, member: string): Promise<void>;
  members(key: string): Promise<string[]>;
  /**
   * Counts one event for `key` in the current window of `windowMs`: false once `limit` were counted.
   * Windows start at multiples of `windowMs` (so a refusal's wait is known: `Quotas.chatLine`).
   */
  hit(key: string, limit: number, windowMs: number, now: number): Promise<boolean>;
  /**
   * Starts a cooldown of `ms` for `key` at `now` unless one runs: 0 when it was started, else the
   * milliseconds left of the running one (which is kept as it is).
   */
  cooldown(key: string, ms: number, now: number): Promise<number>;
  /** The milliseconds left of `key`'s cooldown at `now`; 0 when none runs. */
  left(key: string, now: number): Promise<number>;
  /** Keeps `value` under `key` for `ms` from `now` (replacing what was there). */
  remember(key: string, value: string, ms: number, now: number): Promise<void>;
  /** What `remember` kept under `key`, while it lasts at `now`; null otherwise. */
  recall(key: string, now: number): Promise<string | null>;
  /** Records one event for `key` at `now`: how many it holds within the last `windowMs`, this one included. */
  note(key: string, now: number, windowMs: number): Promise<number>;
  /**
   * One more connection of this process counts for `key`, unless `limit` are open across the live
   * processes: true when it was counted. A process that dies stops counting without a word.
   */
  connect(key: string, limit: number): Promise<boolean>;
  /** One connection this process counted for `key` closed. */
  disconnect(key: string): Promise<void>;
  close(): Promise<void>;
}
