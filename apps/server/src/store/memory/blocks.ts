import { type UserId } from "@arena/protocol";
import { type BlockRecord, type BlockStore, blockOrder } from "../ports/blocks.js";

/** Blocks in this process's memory (tests, and a server started without a data folder). */
export class MemoryBlockStore implements BlockStore {
  /** Blocker → blocked → since. */
  private readonly blocks = new Map<UserId, Map<UserId, number>>();

  block(blocker: UserId, blocked: UserId, at: number, cap: number): Promise<"ok" | "quota"> {
    const mine = this.blocks.get(blocker) ?? new Map<UserId, number>();
    if (mine.has(blocked)) return Promise.resolve("ok");
    if (mine.size >= cap) return Promise.resolve("quota");
    mine.set(blocked, at);
    this.blocks.set(blocker, mine);
    return Promise.resolve("ok");
  }

  unblock(blocker: UserId, blocked: UserId): Promise<boolean> {
    return Promise.resolve(this.blocks.get(blocker)?.delete(blocked) ?? false);
  }

  list(blocker: UserId): Promise<BlockRecord[]> {
    const mine = [...(this.blocks.get(blocker) ?? new Map<UserId, number>())];
    return Promise.resolve(mine.map(([blocked, since]) => ({ blocked, since })).sort(blockOrder));
  }

  eitherBlocks(a: UserId, b: UserId): Promise<boolean> {
    return Promise.resolve(this.blocks.get(a)?.has(b) === true || this.blocks.get(b)?.has(a) === true);
  }

  related(user: UserId): Promise<UserId[]> {
    const found = new Set(this.blocks.get(user)?.keys());
    for (const [blocker, blocked] of this.blocks) if (blocked.has(user)) found.add(blocker);
    return Promise.resolve([...found].sort());
  }
}
