import { asMatchId } from "@arena/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { randomId } from "../identity/tokens.js";
import { MemoryQuotaStore } from "../store/memory/quotas.js";
import { type QuotaStore } from "../store/ports/quotas.js";
import { RedisQuotaStore } from "../store/redis/quotas.js";
import { connectTestRedis, redisUrl } from "../test-support/redis.js";
import { skipWithout } from "../test-support/requires.js";
import { JobClaims } from "./claims.js";

const id = asMatchId("m_claimed");

/** The same claims over each backend of the shared `QuotaStore` (two processes: `a` and `b`). */
function claimsOn(
  backend: string,
  open: () => Promise<{ a: QuotaStore; b: QuotaStore; close(): Promise<void> }>,
) {
  describe(`JobClaims on ${backend}: one analysis job per match across processes`, () => {
    const opened: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const close of opened.splice(0)) await close();
    });
    async function stores() {
      const pair = await open();
      opened.push(() => pair.close());
      return pair;
    }

    it("gives the job to the first claimant and the holder's progress to the others", async () => {
      const { a: storeA, b: storeB } = await stores();
      let now = 1_000;
      const a = new JobClaims(storeA, "a", () => now, 30_000);
      const b = new JobClaims(storeB, "b", () => now, 30_000);
      expect(await a.claim(id, 10)).toEqual({ ours: true, done: 0, total: 10 });
      expect(await b.claim(id, 10)).toEqual({ ours: false, done: 0, total: 10 });
      await a.report(id, { done: 4, total: 10 });
      now += 29_000;
      expect(await b.progress(id)).toEqual({ done: 4, total: 10 });
      expect(await b.claim(id, 10)).toEqual({ ours: false, done: 4, total: 10 });
      await a.release(id);
      expect(await b.progress(id)).toBeNull();
      expect(await b.claim(id, 10)).toEqual({ ours: true, done: 0, total: 10 });
    });

    it("takes over the job of a holder that stopped reporting (its process died)", async () => {
      const { a: storeA, b: storeB } = await stores();
      let now = 1_000;
      const dead = new JobClaims(storeA, "dead", () => now, 30_000);
      const alive = new JobClaims(storeB, "alive", () => now, 30_000);
      expect((await dead.claim(id, 10)).ours).toBe(true);
      now += 30_000;
      expect(await alive.progress(id)).toBeNull();
      expect((await alive.claim(id, 10)).ours).toBe(true);
      // The dead holder, were it back, is now the one refused.
      expect(await dead.claim(id, 10)).toEqual({ ours: false, done: 0, total: 10 });
    });
  });
}

claimsOn("memory", () => {
  const shared = new MemoryQuotaStore();
  return Promise.resolve({ a: shared, b: shared, close: () => Promise.resolve() });
});

describe.skipIf(skipWithout(redisUrl === null, "redis-server"))("redis", () => {
  claimsOn("redis", async () => {
    const prefix = `claims-${randomId(6)}:`;
    const connection = await connectTestRedis(prefix);
    const a = new RedisQuotaStore(connection.commands, prefix, "process-a");
    const b = new RedisQuotaStore(connection.commands, prefix, "process-b");
    return {
      a,
      b,
      close: async () => {
        await a.close();
        await b.close();
        await connection.close();
      },
    };
  });
});
