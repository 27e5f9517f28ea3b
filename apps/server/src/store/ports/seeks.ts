import { type UserRef } from "@arena/protocol";

/** One player waiting in a pool (docs/protocol.md, "Quick pairing"). Seeks are ephemeral: never on disk. */
export interface Seek {
  /** Random, unique: a seek is claimed by its id. */
  readonly id: string;
  readonly poolId: string;
  readonly user: UserRef;
  /** The socket that entered it: told of the pairing, and its disconnection ends the seek. */
  readonly socketId: string;
  /** The process that holds the socket: its seeks vanish with it (Redis). */
  readonly instance: string;
  readonly rated: boolean;
  readonly bot: boolean;
  /** The pool's game × speed rating when it was entered (1500 for a player not yet rated there). */
  readonly rating: number;
  /** When it was entered (server time, ms): the range widens with the wait. */
  readonly since: number;
  /** The client address it was entered from, for the playban per address; null or absent: not counted. */
  readonly address?: string | null;
}

/**
 * Where seeks wait (docs/architecture.md, "Quick pairing"): in memory for one process (memory and SQLite
 * stores), in Redis when scaled out. One seek per user: entering replaces the user's previous one. A seek is
 * taken out of its pool only by `claim` (pairing), `cancel`, or its process dying. Every method may reject
 * when the backing service is down.
 */
export interface SeekStore {
  /** Puts the seek in its pool; the user's previous seek, if any, is removed and answered. */
  enter(seek: Seek): Promise<Seek | null>;
  /**
   * Removes the user's seek and answers it; with `socketId`, only if that socket entered it (a socket that
   * closes ends its own seek, not one its user entered since from another tab). Null when nothing was removed.
   */
  cancel(userId: string, socketId?: string): Promise<Seek | null>;
  /** The seeks waiting in a pool, oldest first (those of dead processes are dropped on the way). */
  list(poolId: string): Promise<Seek[]>;
  /**
   * Takes both seeks out of their pool if both are still in it: true for exactly one caller, however many
   * processes try (a seek is never paired twice).
   */
  claim(a: Seek, b: Seek): Promise<boolean>;
  /** Seekers per pool (pools without any are left out). */
  counts(poolIds: readonly string[]): Promise<Record<string, number>>;
  /** This process stops holding seeks (Redis: its seeks stop counting at once). */
  close(): Promise<void>;
}
