import { type Notification } from "@arena/protocol";

/**
 * Every user's inbox (docs/protocol.md, "Notifications"): memory, SQLite or Redis, like the matches. Ids are
 * deterministic, so adding the same notification twice (two processes, a restart) keeps one. Every method
 * may reject when the backing service is down.
 */
export interface NotificationStore {
  /**
   * Keeps `notification` (unread as given) unless the inbox has its id already; keeps the newest `keep`
   * (older ones are dropped). True when it was new.
   */
  add(userId: string, notification: Notification, keep: number): Promise<boolean>;
  /** The newest `limit`, newest first. */
  list(userId: string, limit: number): Promise<Notification[]>;
  /** These ids read, or every one when `ids` is null. */
  markRead(userId: string, ids: readonly string[] | null): Promise<void>;
  /** How many are unread. */
  unread(userId: string): Promise<number>;
  /** Deletes the whole inbox (a closed account's, docs/protocol.md "Closing an account"). */
  clear(userId: string): Promise<void>;
}

/** Newest first; the same time by id, so every backend lists alike. */
export function newestFirst(a: Notification, b: Notification): number {
  return b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}
