import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomId } from "../identity/tokens.js";
import { type RedisConnection } from "./redis/open.js";
import { connectTestRedis, redisUrl } from "../test-support/redis.js";
import { MemoryQuotaStore } from "./memory/quotas.js";
import { type QuotaStore } from "./ports/quotas.js";
import { RedisQuotaStore } from "./redis/quotas.js";
import { skipWithout } from "../test-support/requires.js";

interface Setup {
  /** One process's store. */
  readonly store: QuotaStore;
  /** A second process's store on the same counts (the memory store is one process: the same store). */
  readonly other: QuotaStore;
  close(): Promise<void>;
}

function contract(name: string, make: () => Promise<Setup>) {
  describe(`QuotaStore contract: ${name}`, () => {
    let setup: Setup;
    const key = () => `k-${randomId(6)}`;

    beforeAll(async () => {
      setup = await make();
    });
    afterAll(async () => {
      await setup.close();
    });

    it("holds a bounded set: a member counts once, a full set refuses newcomers until one is released", async () => {
      const { store, other } = setup;
      const k = key();
      expect(await store.hold(k, "m1", 2)).toBe(true);
      expect(await store.hold(k, "m1", 2)).toBe(true);
      expect(await other.hold(k, "m2", 2)).toBe(true);
      expect(await store.hold(k, "m3", 2)).toBe(false);
      expect((await other.members(k)).sort()).toEqual(["m1", "m2"]);
      // Already in: still held, even when full.
      expect(await store.hold(k, "m2", 2)).toBe(true);
      await other.release(k, "m1");
      expect(await store.hold(k, "m3", 2)).toBe(true);
      expect((await store.members(k)).sort()).toEqual(["m2", "m3"]);
      await store.release(k, "never-held");
      expect(await store.members(key())).toEqual([]);
    });

    it("counts events per window, shared by every process, and starts again in the next window", async () => {
      const { store, other } = setup;
      const k = key();
      const minute = 60_000;
      const start = 1_700_000_040_000; // a window starts every minute of epoch time
      const results: boolean[] = [];
      for (let i = 0; i < 4; i++)
        results.push(await (i % 2 === 0 ? store : other).hit(k, 3, minute, start + i));
      expect(results).toEqual([true, true, true, false]);
      expect(await store.hit(k, 3, minute, start + minute)).toBe(true);
      expect(await store.hit(key(), 3, minute, start)).toBe(true);
    });

    it("runs a cooldown on the caller's clock, shared by every process, and keeps a running one", async () => {
      const { store, other } = setup;
      const k = key();
      const start = 1_700_000_000_000;
      expect(await store.left(k, start)).toBe(0);
      expect(await store.cooldown(k, 30_000, start)).toBe(0);
      expect(await other.cooldown(k, 30_000, start + 1_000)).toBe(29_000);
      expect(await other.left(k, start + 10_000)).toBe(20_000);
      // A running one is kept as it is: asking again does not lengthen it.
      expect(await store.cooldown(k, 90_000, start + 10_000)).toBe(20_000);
      expect(await store.left(k, start + 30_000)).toBe(0);
      expect(await other.cooldown(k, 60_000, start + 30_000)).toBe(0);
      expect(await store.left(k, start + 30_000)).toBe(60_000);
    });

    it("keeps a value for a while on the caller's clock, shared by every process", async () => {
      const { store, other } = setup;
      const k = key();
      const start = 1_700_000_000_000;
      expect(await store.recall(k, start)).toBeNull();
      await store.remember(k, "203.0.113.7 and spaces", 60_000, start);
      expect(await other.recall(k, start + 59_999)).toBe("203.0.113.7 and spaces");
      expect(await other.recall(k, start + 60_000)).toBeNull();
      await other.remember(k, "2001:db8::1", 60_000, start + 60_000);
      expect(await store.recall(k, start + 60_001)).toBe("2001:db8::1");
    });

    it("counts events in a sliding window, shared by every process", async () => {
      const { store, other } = setup;
      const k = key();
      const hour = 3_600_000;
      const start = 1_700_000_000_000;
      expect(await store.note(k, start, hour)).toBe(1);
      expect(await other.note(k, start, hour)).toBe(2);
      expect(await store.note(k, start + hour - 1, hour)).toBe(3);
      // The first two fall out of the window an hour after they were noted.
      expect(await other.note(k, start + hour, hour)).toBe(2);
      expect(await store.note(key(), start, hour)).toBe(1);
    });

    it("bounds connections across processes and gives them back on disconnect", async () => {
      const { store, other } = setup;
      const k = key();
      expect(await store.connect(k, 3)).toBe(true);
      expect(await store.connect(k, 3)).toBe(true);
      expect(await other.connect(k, 3)).toBe(true);
      expect(await store.connect(k, 3)).toBe(false);
      expect(await other.connect(k, 3)).toBe(false);
      await other.disconnect(k);
      expect(await store.connect(k, 3)).toBe(true);
      await store.disconnect(k);
      await store.disconnect(k);
      expect(await other.connect(k, 3)).toBe(true);
    });
  });
}

contract("memory", () => {
  const store = new MemoryQuotaStore();
  return Promise.resolve({ store, other: store, close: () => Promise.resolve() });
});

describe.skipIf(skipWithout(redisUrl === null, "redis-server"))("redis", () => {
  let connection: RedisConnection;
  const prefix = `test-${randomId(6)}:`;
  contract("redis", async () => {
    connection = await connectTestRedis(prefix);
    const store = new RedisQuotaStore(connection.commands, prefix, "process-a");
    const other = new RedisQuotaStore(connection.commands, prefix, "process-b");
    return {
      store,
      other,
      close: async () => {
        await store.close();
        await other.close();
        await connection.close();
      },
    };
  });

  describe("a process that dies", () => {
    it("stops counting its connections once its alive key lapses, without a word", async () => {
      const survivorConnection = await connectTestRedis(prefix);
      const doomedConnection = await connectTestRedis(prefix);
      const survivor = new RedisQuotaStore(survivorConnection.commands, prefix, "survivor");
      // A short life, so that the test need not wait 15 s; it dies by losing its connection, as a killed
      // process does: no goodbye, no renewal.
      const doomed = new RedisQuotaStore(doomedConnection.commands, prefix, "doomed", 300);
      const k = `dies-${randomId(6)}`;
      expect(await doomed.connect(k, 2)).toBe(true);
      expect(await doomed.connect(k, 2)).toBe(true);
      expect(await survivor.connect(k, 2)).toBe(false);
      await doomedConnection.close();
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await survivor.connect(k, 2)).toBe(true);
      expect(await survivor.connect(k, 2)).toBe(true);
      expect(await survivor.connect(k, 2)).toBe(false);
      await doomed.close();
      await survivor.close();
      await survivorConnection.close();
    });
  });
});
