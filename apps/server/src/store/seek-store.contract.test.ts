import { asUserId } from "@arena/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomId } from "../identity/tokens.js";
import { type RedisConnection } from "./redis/open.js";
import { connectTestRedis, redisUrl } from "../test-support/redis.js";
import { skipWithout } from "../test-support/requires.js";
import { MemorySeekStore } from "./memory/seeks.js";
import { type Seek, type SeekStore } from "./ports/seeks.js";
import { RedisSeekStore } from "./redis/seeks.js";

interface Setup {
  /** One process's store. */
  readonly store: SeekStore;
  /** A second process's store on the same seeks (the memory store is one process: the same store). */
  readonly other: SeekStore;
  close(): Promise<void>;
}

let since = 1_700_000_000_000;

function seek(poolId: string, user: string, fields: Partial<Seek> = {}): Seek {
  return {
    id: randomId(12),
    poolId,
    user: { id: asUserId(user), name: user },
    socketId: `socket-${randomId(6)}`,
    instance: "process-a",
    rated: false,
    bot: false,
    rating: 1500,
    since: since++,
    ...fields,
  };
}

function contract(name: string, make: () => Promise<Setup>) {
  describe(`SeekStore contract: ${name}`, () => {
    let setup: Setup;
    const pool = () => `pool-${randomId(6)}:3+2`;
    const user = () => `u_${randomId(8)}`;

    beforeAll(async () => {
      setup = await make();
    });
    afterAll(async () => {
      await setup.close();
    });

    it("lists a pool's seeks oldest first, and counts each pool's", async () => {
      const { store, other } = setup;
      const [p, q] = [pool(), pool()];
      const a = seek(p, user());
      const b = seek(p, user(), { instance: "process-b" });
      const c = seek(q, user());
      await other.enter(b);
      await store.enter(a);
      await store.enter(c);
      expect((await other.list(p)).map((s) => s.id)).toEqual([a.id, b.id]);
      expect(await store.list(p)).toEqual([a, b]);
      expect(await other.counts([p, q, pool()])).toEqual({ [p]: 2, [q]: 1 });
    });

    it("keeps one seek per user: entering another replaces it and answers the old one", async () => {
      const { store, other } = setup;
      const [p, q] = [pool(), pool()];
      const u = user();
      const first = seek(p, u);
      const second = seek(q, u);
      expect(await store.enter(first)).toBeNull();
      expect(await other.enter(second)).toEqual(first);
      expect(await store.list(p)).toEqual([]);
      expect(await store.list(q)).toEqual([second]);
    });

    it("cancels a user's seek, or only the socket's own when a socket is named", async () => {
      const { store, other } = setup;
      const p = pool();
      const u = user();
      const s = seek(p, u);
      await store.enter(s);
      expect(await other.cancel(u, "another-socket")).toBeNull();
      expect(await store.list(p)).toEqual([s]);
      expect(await other.cancel(u, s.socketId)).toEqual(s);
      expect(await store.list(p)).toEqual([]);
      expect(await store.cancel(u)).toBeNull();
      await store.enter(s);
      expect(await other.cancel(u)).toEqual(s);
      expect(await store.counts([p])).toEqual({});
    });

    it("claims a pair once: the second claim, from any process, fails", async () => {
      const { store, other } = setup;
      const p = pool();
      const [a, b, c] = [seek(p, user()), seek(p, user()), seek(p, user())];
      for (const s of [a, b, c]) await store.enter(s);
      const claims = await Promise.all([store.claim(a, b), other.claim(a, b), other.claim(b, c)]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(claims[0] || claims[1]).toBe(true);
      expect(await store.list(p)).toEqual([c]);
      // The users are free: their next seeks replace nothing.
      expect(await store.enter(seek(p, a.user.id))).toBeNull();
    });

    it("never claims a seek that was cancelled or replaced meanwhile", async () => {
      const { store, other } = setup;
      const p = pool();
      const [a, b] = [seek(p, user()), seek(p, user())];
      await store.enter(a);
      await store.enter(b);
      await other.cancel(b.user.id);
      expect(await store.claim(a, b)).toBe(false);
      expect(await store.list(p)).toEqual([a]);
      await other.enter(seek(p, a.user.id));
      expect(await store.claim(a, seek(p, user()))).toBe(false);
    });
  });
}

contract("memory", () => {
  const store = new MemorySeekStore();
  return Promise.resolve({ store, other: store, close: () => Promise.resolve() });
});

describe.skipIf(skipWithout(redisUrl === null, "redis-server"))("redis", () => {
  let connection: RedisConnection;
  const prefix = `test-${randomId(6)}:`;
  contract("redis", async () => {
    connection = await connectTestRedis(prefix);
    const store = new RedisSeekStore(connection.commands, prefix, "process-a");
    const other = new RedisSeekStore(connection.commands, prefix, "process-b");
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
    it("has its seeks dropped once its alive key lapses, without a word", async () => {
      const survivorConnection = await connectTestRedis(prefix);
      const doomedConnection = await connectTestRedis(prefix);
      const survivor = new RedisSeekStore(survivorConnection.commands, prefix, "survivor");
      // A short life, so that the test need not wait 15 s; it dies by losing its connection, as a killed
      // process does: no goodbye, no renewal.
      const doomed = new RedisSeekStore(doomedConnection.commands, prefix, "doomed", 300);
      const p = `dies-${randomId(6)}`;
      const lost = seek(p, `u_${randomId(8)}`, { instance: "doomed" });
      const kept = seek(p, `u_${randomId(8)}`, { instance: "survivor" });
      await doomed.enter(lost);
      await survivor.enter(kept);
      expect(await survivor.counts([p])).toEqual({ [p]: 2 });
      await doomedConnection.close();
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await survivor.list(p)).toEqual([kept]);
      expect(await survivor.counts([p])).toEqual({ [p]: 1 });
      // The dead seek's user is free again.
      expect(await survivor.enter(seek(p, lost.user.id, { instance: "survivor" }))).toBeNull();
      await doomed.close();
      await survivor.close();
      await survivorConnection.close();
    });
  });
});
