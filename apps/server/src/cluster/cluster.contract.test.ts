import { asMatchId, type MatchId } from "@arena/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryStore } from "../store/memory/matches.js";
import { type RedisConnection } from "../store/redis/open.js";
import { connectTestRedis, redisUrl } from "../test-support/redis.js";
import { skipWithout } from "../test-support/requires.js";
import { randomId } from "../identity/tokens.js";
import { LocalCluster } from "./local.js";
import { type Cluster, type ClusterMessage } from "./ports.js";

const freshId = (stem: string): MatchId => asMatchId(`${stem}-${randomId(6)}`);

/** What every cluster guarantees to the process that runs a match. */
function contract(name: string, make: () => Promise<{ cluster: Cluster; close: () => Promise<void> }>) {
  describe(`Cluster contract: ${name}`, () => {
    let cluster: Cluster;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ cluster, close } = await make());
    });
    afterAll(() => close());

    it("grants a new match's lease with no downtime to credit, renews and releases it", async () => {
      const id = freshId("lease");
      expect(await cluster.acquireLease(id, "a", 60_000, 100)).toEqual({
        acquired: true,
        previousHeartbeat: null,
      });
      expect(await cluster.renewLeases([id], "a", 60_000, 200)).toEqual([true]);
      await cluster.releaseLease(id, "a");
      expect((await cluster.acquireLease(id, "a", 60_000, 300)).acquired).toBe(true);
      expect(await cluster.renewLeases([], "a", 60_000, 400)).toEqual([]);
    });
  });
}

contract("local", async () => {
  const store = new MemoryStore();
  return { cluster: await LocalCluster.open(store, store), close: () => store.close() };
});

describe("LocalCluster: one process holds every match it runs", () => {
  it("acquires and renews every lease, whoever asks: no other process runs its matches", async () => {
    const store = new MemoryStore();
    const cluster = await LocalCluster.open(store, store);
    const id = freshId("mine");
    expect((await cluster.acquireLease(id, "a", 60_000, 100)).acquired).toBe(true);
    expect((await cluster.acquireLease(id, "b", 60_000, 200)).acquired).toBe(true);
    expect(await cluster.renewLeases([id, freshId("other")], "b", 60_000, 300)).toEqual([true, true]);
    expect(await cluster.leaseHolders([id])).toEqual([null]);
  });

  it("keeps one heartbeat, on each acquisition and renewal round", async () => {
    const store = new MemoryStore();
    const cluster = await LocalCluster.open(store, store);
    expect(await store.readHeartbeat()).toBeNull();
    await cluster.acquireLease(freshId("a"), "p", 60_000, 1_000);
    expect(await store.readHeartbeat()).toBe(1_000);
    await cluster.renewLeases([freshId("b"), freshId("c")], "p", 60_000, 4_000);
    expect(await store.readHeartbeat()).toBe(4_000);
  });

  it("after a restart, credits the matches live then from the last heartbeat, each once; new ones never", async () => {
    const store = new MemoryStore();
    const before = await LocalCluster.open(store, store);
    const live = freshId("live");
    await store.setLive(live, true);
    await before.acquireLease(live, "old", 60_000, 5_000);
    await before.renewLeases([live], "old", 60_000, 7_000);
    // The process dies; the next one starts on the same store.
    const after = await LocalCluster.open(store, store);
    expect(await after.acquireLease(live, "new", 60_000, 9_000)).toEqual({
      acquired: true,
      previousHeartbeat: 7_000,
    });
    expect((await after.acquireLease(live, "new", 60_000, 9_500)).previousHeartbeat).toBeNull();
    expect((await after.acquireLease(freshId("new"), "new", 60_000, 9_600)).previousHeartbeat).toBeNull();
  });

  it("follows news and publishes messages to nobody: there is no other process", async () => {
    const store = new MemoryStore();
    const cluster: Cluster = await LocalCluster.open(store, store);
    const heard: ClusterMessage[] = [];
    cluster.onMessage((message) => heard.push(message));
    cluster.publish({ type: "seek:changed" });
    await cluster.followNews(freshId("news"), "copy");
    expect(heard).toEqual([]);
  });
});

describe.skipIf(skipWithout(redisUrl === null, "redis-server"))("RedisCluster", () => {
  contract("redis", async () => {
    const connection = await connectTestRedis();
    return { cluster: connection.cluster, close: () => connection.close() };
  });

  describe("between processes", () => {
    let a: RedisConnection;
    let b: RedisConnection;
    beforeAll(async () => {
      const prefix = `cluster-${randomId(6)}:`;
      [a, b] = await Promise.all([connectTestRedis(prefix), connectTestRedis(prefix)]);
    });
    afterAll(async () => {
      await Promise.all([a.close(), b.close()]);
    });

    it("grants a lease to one owner at a time and reports the last heartbeat", async () => {
      const id = freshId("lease");
      expect(await a.cluster.acquireLease(id, "a", 60_000, 100)).toEqual({
        acquired: true,
        previousHeartbeat: null,
      });
      expect((await b.cluster.acquireLease(id, "b", 60_000, 200)).acquired).toBe(false);
      expect(await a.cluster.renewLeases([id], "a", 60_000, 300)).toEqual([true]);
      expect(await b.cluster.renewLeases([id], "b", 60_000, 300)).toEqual([false]);
      await b.cluster.releaseLease(id, "b");
      expect((await b.cluster.acquireLease(id, "b", 60_000, 400)).acquired).toBe(false);
      await a.cluster.releaseLease(id, "a");
      expect(await b.cluster.acquireLease(id, "b", 60_000, 500)).toEqual({
        acquired: true,
        previousHeartbeat: 300,
      });
    });

    it("lets a lease expire", async () => {
      const id = freshId("expire");
      // Redis expires leases on its own clock (PX), so wait a little for it.
      expect((await a.cluster.acquireLease(id, "a", 50, 0)).acquired).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect((await b.cluster.acquireLease(id, "b", 50, 1000)).acquired).toBe(true);
    });

    it("renews many leases in one command: those the owner holds, not another's nor an expired one", async () => {
      const mine = freshId("mine");
      const theirs = freshId("theirs");
      const gone = freshId("gone");
      expect((await a.cluster.acquireLease(mine, "a", 60_000, 1_000)).acquired).toBe(true);
      expect((await b.cluster.acquireLease(theirs, "b", 60_000, 1_000)).acquired).toBe(true);
      expect(await a.cluster.renewLeases([mine, theirs, gone], "a", 60_000, 2_000)).toEqual([
        true,
        false,
        false,
      ]);
      expect(await a.cluster.leaseHolders([mine, theirs, gone])).toEqual(["a", "b", null]);
      // The renewal bumped the heartbeat of the lease renewed only: a taker credits from there.
      expect((await b.cluster.acquireLease(theirs, "b", 60_000, 3_000)).previousHeartbeat).toBe(1_000);
      await a.cluster.releaseLease(mine, "a");
      expect((await b.cluster.acquireLease(mine, "c", 60_000, 4_000)).previousHeartbeat).toBe(2_000);
    });

    it("names each lease's holder in one read (the takeover scan tries only the free ones)", async () => {
      const held = freshId("held");
      const free = freshId("free");
      expect((await a.cluster.acquireLease(held, "a", 60_000, Date.now())).acquired).toBe(true);
      expect(await b.cluster.leaseHolders([held, free])).toEqual(["a", null]);
      await a.cluster.releaseLease(held, "a");
      expect(await b.cluster.leaseHolders([held])).toEqual([null]);
      expect(await b.cluster.leaseHolders([])).toEqual([]);
    });

    it("tells the other processes what one publishes, never itself, and drops what is malformed", async () => {
      const heardByA: ClusterMessage[] = [];
      const heardByB: ClusterMessage[] = [];
      const offA = a.cluster.onMessage((message) => heardByA.push(message));
      const offB = b.cluster.onMessage((message) => heardByB.push(message));
      const matchId = freshId("msg");
      // Not a cluster message: a process of another release, or anything else on the channel.
      await a.commands.publish(
        `${a.prefix}cluster`,
        JSON.stringify({ from: "x", message: { type: "nonsense" } }),
      );
      await a.commands.publish(`${a.prefix}cluster`, "not json");
      a.cluster.publish({ type: "presence:wanted", matchId });
      a.cluster.publish({ type: "lease:offered", matchId, to: "b" });
      await expect.poll(() => heardByB.length).toBe(2);
      expect(heardByB).toEqual([
        { type: "presence:wanted", matchId },
        { type: "lease:offered", matchId, to: "b" },
      ]);
      b.cluster.publish({ type: "seek:changed" });
      await expect.poll(() => heardByA).toEqual([{ type: "seek:changed" }]);
      expect(heardByB).toHaveLength(2);
      offA();
      offB();
    });
  });
});
