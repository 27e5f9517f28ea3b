import { type UserId } from "@arena/protocol";

/** One account a blocker blocks, and since when (docs/protocol.md, "Blocks"). */
export interface BlockRecord {
  readonly blocked: UserId;
  readonly since: number;
}

/**
 * Accounts blocking accounts, durable in every backend and shared by every process, so a block made on one
 * holds on all. Every method may reject when the backing service is down.
 */
export interface BlockStore {
  /**
   * `blocker` blocks `blocked` from `at`: "quota" when it blocks `cap` accounts already (a block that
   * stands is kept as it was, with its first time, and is never refused).
   */
  block(blocker: UserId, blocked: UserId, at: number, cap: number): Promise<"ok" | "quota">;
  /** Lifts a block: whether there was one. */
  unblock(blocker: UserId, blocked: UserId): Promise<boolean>;
  /** Whom `blocker` blocks, the newest first (then by id). */
  list(blocker: UserId): Promise<BlockRecord[]>;
  /** Whether either of the two blocks the other: the check before one reaches the other. */
  eitherBlocks(a: UserId, b: UserId): Promise<boolean>;
  /** Everyone who blocks `user` or whom `user` blocks (sorted): whose chat lines the user neither sends to nor reads. */
  related(user: UserId): Promise<UserId[]>;
}

/** The order of `list`: the newest first, then by id (a stable order for equal times). */
export function blockOrder(a: BlockRecord, b: BlockRecord): number {
  return b.since - a.since || (a.blocked < b.blocked ? -1 : a.blocked > b.blocked ? 1 : 0);
}
