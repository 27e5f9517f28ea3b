import { type UserId } from "@arena/protocol";

/** An account's login (docs/protocol.md, "Sessions"): what its tokens name, and what its owner is shown. */
export interface SessionRecord {
  readonly id: string;
  readonly userId: UserId;
  readonly createdAt: number;
  /** When a token of it was last accepted (kept coarse: `SESSION_TOUCH_MS`). */
  readonly lastUsedAt: number;
  /** What the browser said it is, shortened ("Firefox on Linux"); "" when it said nothing useful. */
  readonly device: string;
  /** The address it logged in from; null when unknown. */
  readonly address: string | null;
}

/**
 * Accounts' sessions, durable in every backend and shared by every process, so a session ended on one is
 * ended on all. Every method may reject when the backing service is down.
 */
export interface SessionStore {
  open(session: SessionRecord): Promise<void>;
  /** The open session; null once it ended, or if it never existed. */
  get(id: string): Promise<SessionRecord | null>;
  /** The session was used at `now`: kept only when later than the last use stored. */
  touch(id: string, now: number): Promise<void>;
  /** The user's open sessions, the last used first. */
  list(userId: UserId): Promise<SessionRecord[]>;
  /** Ends the session: whether it was open. */
  end(id: string): Promise<boolean>;
  /** Ends every open session of the user but `keep` (null: every one): the ids ended. */
  endAllBut(userId: UserId, keep: string | null): Promise<string[]>;
}

/** The order of `list`: the last used first, then the newest, then by id (a stable order for equal times). */
export function sessionOrder(a: SessionRecord, b: SessionRecord): number {
  return b.lastUsedAt - a.lastUsedAt || b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
