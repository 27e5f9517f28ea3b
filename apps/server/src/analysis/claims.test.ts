import { asMatchId } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { MemoryQuotaStore } from "../quotas/memory.js";
import { JobClaims } from "./claims.js";

const id = asMatchId("m_claimed");

describe("JobClaims: one analysis job per match across processes", () => {
  it("gives the job to the first claimant and the holder's progress to the others", async () => {
    const shared = new MemoryQuotaStore();
    let now = 1_000;
    const a = new JobClaims(shared, "a", () => now, 30_000);
    const b = new JobClaims(shared, "b", () => now, 30_000);
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
    const shared = new MemoryQuotaStore();
    let now = 1_000;
    const dead = new JobClaims(shared, "dead", () => now, 30_000);
    const alive = new JobClaims(shared, "alive", () => now, 30_000);
    expect((await dead.claim(id, 10)).ours).toBe(true);
    now += 30_000;
    expect(await alive.progress(id)).toBeNull();
    expect((await alive.claim(id, 10)).ours).toBe(true);
    // The dead holder, were it back, is now the one refused.
    expect(await dead.claim(id, 10)).toEqual({ ours: false, done: 0, total: 10 });
  });
});
