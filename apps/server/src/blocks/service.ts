import {
  type Ack,
  type BlockedPlayer,
  failure,
  type Failure,
  MAX_BLOCKS,
  type RateLimited,
  type UserId,
} from "@arena/protocol";
import { type BlockStore } from "../store/ports/blocks.js";
import { type Bucket, type PlayerStore } from "../store/ports/players.js";

/** Blocks and unblocks per account (docs/protocol.md, "Blocks"): 10 at once, one more every 3 s. */
export const BLOCK_BUCKET: Bucket = { capacity: 10, refillMs: 3_000 };

/** The refusal when one of two accounts blocks the other: it does not say which one blocks. */
export const BLOCKED: Failure = failure("blocked", "you cannot reach this player");

export interface BlocksOptions {
  readonly store: BlockStore;
  /** Names, and the shared token buckets. */
  readonly players: PlayerStore;
  readonly now: () => number;
  readonly cap?: number;
  /** A block was made: what joined the two (follows) is cut. */
  readonly separated?: (blocker: UserId, blocked: UserId) => Promise<void>;
}

/**
 * Accounts blocking accounts (docs/protocol.md, "Blocks"): the list each account manages, and the checks
 * the other services make before one user reaches another. A block works both ways: neither reaches the
 * other. Only accounts block and are blocked (a guest is gone with its tab).
 */
export class Blocks {
  constructor(private readonly options: BlocksOptions) {}

  /** Whom `blocker` blocks, by name, the newest first (accounts since deleted are left out). */
  async list(blocker: UserId): Promise<BlockedPlayer[]> {
    const { store, players } = this.options;
    const records = await store.list(blocker);
    const found = await Promise.all(
      records.map(async ({ blocked, since }) => {
        const account = await players.accountById(blocked);
        return account === null ? [] : [{ name: account.name, since }];
      }),
    );
    return found.flat();
  }

  /** Blocks or unblocks an account by name; answers the blocker's list as it is now. */
  async set(
    blocker: UserId,
    name: string,
    blocking: boolean,
  ): Promise<Ack<{ readonly blocks: readonly BlockedPlayer[] }>> {
    const { store, players, now, separated } = this.options;
    const limited = await this.limited(blocker);
    if (limited !== null) return limited;
    const target = await players.accountByName(name);
    if (target === null) return failure("not-found", "no such player");
    if (target.id === blocker) return failure("forbidden", "you cannot block yourself");
    if (blocking) {
      const cap = this.options.cap ?? MAX_BLOCKS;
      if ((await store.block(blocker, target.id, now(), cap)) === "quota") {
        return failure("quota", `you block ${cap} players already; unblock one first`);
      }
      await separated?.(blocker, target.id);
    } else {
      await store.unblock(blocker, target.id);
    }
    return { ok: true, blocks: await this.list(blocker) };
  }

  /** Whether either of the two blocks the other. */
  eitherBlocks(a: UserId, b: UserId): Promise<boolean> {
    return a === b ? Promise.resolve(false) : this.options.store.eitherBlocks(a, b);
  }

  /** `BLOCKED` when `from` may not reach any of `to` (either blocks the other), else null. */
  async refusal(from: UserId, to: readonly UserId[]): Promise<Failure | null> {
    for (const user of to) if (await this.eitherBlocks(from, user)) return BLOCKED;
    return null;
  }

  /** Everyone who blocks `user` or whom `user` blocks: they neither hear the user's lines nor read them. */
  related(user: UserId): Promise<UserId[]> {
    return this.options.store.related(user);
  }

  private async limited(blocker: UserId): Promise<RateLimited | null> {
    const { players, now } = this.options;
    const key = `block:${blocker}`;
    if (await players.takeToken(key, BLOCK_BUCKET, now())) return null;
    const left = await players.tokensLeft(key, BLOCK_BUCKET, now());
    return {
      ...failure("rate-limited", "too many block changes; try again shortly"),
      code: "rate-limited",
      retryAfterMs: Math.max(1, Math.ceil((1 - left) * BLOCK_BUCKET.refillMs)),
    };
  }
}
