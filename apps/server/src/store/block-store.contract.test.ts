import { asUserId } from "@arena/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomId } from "../identity/tokens.js";
import { overEveryBackend, type StorePair } from "../test-support/store-backends.js";
import { MemoryBlockStore } from "./memory/blocks.js";
import { type BlockStore } from "./ports/blocks.js";
import { RedisBlockStore } from "./redis/blocks.js";
import { SqliteBlockStore } from "./sqlite/blocks.js";

const newUser = () => asUserId(`u_${randomId(8)}`);

function contract(name: string, make: () => Promise<StorePair<BlockStore>>) {
  describe(`BlockStore contract: ${name}`, () => {
    let setup: StorePair<BlockStore>;
    beforeAll(async () => {
      setup = await make();
    });
    afterAll(async () => {
      await setup.close();
    });

    it("holds a block both ways, on every process, until it is lifted", async () => {
      const { store, other } = setup;
      const [ada, bob, cy] = [newUser(), newUser(), newUser()];
      expect(await store.eitherBlocks(ada, bob)).toBe(false);
      expect(await store.block(ada, bob, 1_000, 10)).toBe("ok");
      expect(await other.eitherBlocks(ada, bob)).toBe(true);
      expect(await other.eitherBlocks(bob, ada)).toBe(true);
      expect(await other.eitherBlocks(ada, cy)).toBe(false);
      expect(await other.unblock(ada, bob)).toBe(true);
      expect(await store.eitherBlocks(bob, ada)).toBe(false);
      expect(await store.unblock(ada, bob)).toBe(false);
    });

    it("lists whom a blocker blocks, the newest first, keeping a repeated block's first time", async () => {
      const { store, other } = setup;
      const [ada, bob, cy, dee] = [newUser(), newUser(), newUser(), newUser()];
      await store.block(ada, bob, 1_000, 10);
      await store.block(ada, cy, 3_000, 10);
      await store.block(ada, dee, 2_000, 10);
      await other.block(ada, bob, 9_000, 10);
      await store.block(bob, ada, 4_000, 10);
      expect(await other.list(ada)).toEqual([
        { blocked: cy, since: 3_000 },
        { blocked: dee, since: 2_000 },
        { blocked: bob, since: 1_000 },
      ]);
      expect(await other.list(cy)).toEqual([]);
    });

    it("answers everyone related to a user by a block, in either direction", async () => {
      const { store, other } = setup;
      const [ada, bob, cy, dee] = [newUser(), newUser(), newUser(), newUser()];
      await store.block(ada, bob, 1_000, 10);
      await store.block(cy, ada, 2_000, 10);
      await store.block(bob, ada, 3_000, 10);
      await store.block(bob, dee, 3_000, 10);
      expect(await other.related(ada)).toEqual([bob, cy].sort());
      expect(await other.related(dee)).toEqual([bob]);
      await other.unblock(cy, ada);
      expect(await store.related(ada)).toEqual([bob]);
    });

    it("refuses a block beyond the cap, but never one that stands", async () => {
      const { store, other } = setup;
      const ada = newUser();
      const [bob, cy, dee] = [newUser(), newUser(), newUser()];
      expect(await store.block(ada, bob, 1_000, 2)).toBe("ok");
      expect(await other.block(ada, cy, 2_000, 2)).toBe("ok");
      expect(await store.block(ada, dee, 3_000, 2)).toBe("quota");
      expect(await other.block(ada, bob, 4_000, 2)).toBe("ok");
      expect(await store.eitherBlocks(ada, dee)).toBe(false);
      await store.unblock(ada, cy);
      expect(await other.block(ada, dee, 5_000, 2)).toBe("ok");
      expect((await store.list(ada)).map((b) => b.blocked)).toEqual([dee, bob]);
    });
  });
}

overEveryBackend(contract, {
  memory: () => new MemoryBlockStore(),
  sqlite: (connection) => new SqliteBlockStore(connection),
  redis: (commands, prefix) => new RedisBlockStore(commands, prefix),
});
