import { type VersionedEvent, asMatchId, asMillis, asVersion } from "@arena/protocol";
import { pino } from "pino";
import { type RedisClientType, createClient } from "redis";
import { describe, expect, it } from "vitest";
import { randomId } from "../../identity/tokens.js";
import { redisUrl } from "../../test-support/redis.js";
import { skipWithout } from "../../test-support/requires.js";
import { RedisStore } from "./matches.js";
import { RedisCluster } from "./cluster.js";
import { parseAppendNews, RedisNews } from "./news.js";

const entry = (version: number): VersionedEvent => ({
  version: asVersion(version),
  at: asMillis(5_000 + version),
  event: { type: "seat-left", seat: 1 },
});

/**
 * A Redis store and cluster under a fresh key prefix, listening, with their two connections; closed after `body`. The
 * subscriber reconnects after 50 ms when cut off (its error is expected then).
 */
async function withRedisStore(
  body: (opened: {
    store: RedisStore;
    cluster: RedisCluster;
    news: RedisNews;
    client: RedisClientType;
    subscriber: RedisClientType;
    prefix: string;
  }) => Promise<void>,
): Promise<void> {
  const url = redisUrl ?? "";
  const client: RedisClientType = createClient({ url });
  const subscriber: RedisClientType = createClient({ url, socket: { reconnectStrategy: () => 50 } });
  subscriber.on("error", () => undefined);
  await Promise.all([client.connect(), subscriber.connect()]);
  const prefix = `news-${randomId(6)}:`;
  const news = new RedisNews(subscriber, prefix, pino({ level: "silent" }));
  const store = new RedisStore(client, news, prefix, pino({ level: "silent" }));
  const cluster = new RedisCluster(client, subscriber, news, prefix, pino({ level: "silent" }));
  await Promise.all([news.listen(), cluster.listen()]);
  try {
    await body({ store, cluster, news, client, subscriber, prefix });
  } finally {
    await store.close();
    cluster.close();
    await Promise.all([client.quit(), subscriber.quit()]);
  }
}

describe("the append notification", () => {
  it("carries the entries, which end at the version it names", () => {
    const news = parseAppendNews(`m_abc 7 ${JSON.stringify([entry(6), entry(7)])}`);
    expect(news).toEqual({ matchId: "m_abc", version: 7, entries: [entry(6), entry(7)] });
  });

  it("from a process that sends only the version: the followers read the log", () => {
    expect(parseAppendNews("m_abc 7")).toEqual({ matchId: "m_abc", version: 7, entries: null });
  });

  it("entries that are not the log's (malformed, or ending elsewhere) are not applied", () => {
    expect(parseAppendNews(`m_abc 8 ${JSON.stringify([entry(6), entry(7)])}`)?.entries).toBeNull();
    expect(parseAppendNews(`m_abc 7 [{"version":7}]`)?.entries).toBeNull();
  });

  it("ignores news that names no version", () => {
    expect(parseAppendNews("m_abc")).toBeNull();
    expect(parseAppendNews("m_abc seven")).toBeNull();
  });
});

describe.skipIf(skipWithout(redisUrl === null, "redis-server"))("the append notification over Redis", () => {
  it("asks followers to read again when its subscriber was cut off, and carries entries after", async () => {
    await withRedisStore(async ({ store, cluster, client, subscriber }) => {
      const subscriberId = await subscriber.clientId();
      const resynced = new Promise<void>((resolve) => cluster.onResync(resolve));
      await client.sendCommand(["CLIENT", "KILL", "ID", String(subscriberId)]);
      await resynced;
      const matchId = asMatchId(`news-${randomId(6)}`);
      await cluster.followNews(matchId, "copy");
      const heard = new Promise<readonly VersionedEvent[] | null>((resolve) =>
        store.onAppend((id, _, entries) => {
          if (id === matchId) resolve(entries);
        }),
      );
      expect(await store.append(matchId, 0, [entry(1)])).toEqual({ ok: true });
      expect(await heard).toEqual([entry(1)]);
    });
  });

  it("tells a listener only the news of the matches it follows", async () => {
    await withRedisStore(async ({ store, cluster }) => {
      const held = asMatchId(`held-${randomId(6)}`);
      const other = asMatchId(`other-${randomId(6)}`);
      await Promise.all([cluster.followNews(held, "copy"), cluster.followNews(other, "copy")]);
      const heard: string[] = [];
      let last: () => void = () => undefined;
      const lastHeard = new Promise<void>((resolve) => (last = resolve));
      store.onAppend(
        (id, version) => {
          heard.push(`${id} ${version}`);
          if (version === 2) last();
        },
        (id) => id === held,
      );
      expect(await store.append(held, 0, [entry(1)])).toEqual({ ok: true });
      expect(await store.append(other, 0, [entry(1)])).toEqual({ ok: true });
      expect(await store.append(other, 1, [entry(2)])).toEqual({ ok: true });
      expect(await store.append(held, 1, [entry(2)])).toEqual({ ok: true });
      // Pub/sub keeps the order of one publisher: the news of `other` went by before the last of `held`.
      await lastHeard;
      expect(heard).toEqual([`${held} 1`, `${held} 2`]);
    });
  });

  it("tells a process that follows no match no news, and one that stopped following none", async () => {
    await withRedisStore(async ({ store, news, cluster, client }) => {
      const unfollowed = asMatchId(`unfollowed-${randomId(6)}`);
      const left = asMatchId(`left-${randomId(6)}`);
      const marker = asMatchId(`marker-${randomId(6)}`);
      await cluster.followNews(left, "copy");
      cluster.unfollowNews(left, "copy");
      const heard: string[] = [];
      const markerHeard = new Promise<void>((resolve) =>
        store.onAppend((id) => {
          heard.push(id);
          if (id === marker) resolve();
        }),
      );
      expect(await store.append(unfollowed, 0, [entry(1)])).toEqual({ ok: true });
      expect(await store.append(left, 0, [entry(1)])).toEqual({ ok: true });
      // Nobody is subscribed to the news of either: Redis delivered it to no connection.
      const [, unfollowedSubscribers, , leftSubscribers] = await client.sendCommand<
        [string, number, string, number]
      >(["PUBSUB", "NUMSUB", news.newsChannel(unfollowed, "copy"), news.newsChannel(left, "copy")]);
      expect([unfollowedSubscribers, leftSubscribers]).toEqual([0, 0]);
      // One publisher's news arrives in order: once the marker's is heard, any earlier news would have been.
      await cluster.followNews(marker, "copy");
      expect(await store.append(marker, 0, [entry(1)])).toEqual({ ok: true });
      await markerHeard;
      expect(heard).toEqual([marker]);
    });
  });

  it("tells every append made once a follow resolved: a log read after it and the news miss nothing", async () => {
    await withRedisStore(async ({ store, cluster }) => {
      const matchIds = [...Array(20).keys()].map((i) => asMatchId(`late-${i}-${randomId(6)}`));
      const heard = new Set<string>();
      let last: () => void = () => undefined;
      const lastHeard = new Promise<void>((resolve) => (last = resolve));
      store.onAppend((id) => {
        heard.add(id);
        if (id === matchIds.at(-1)) last();
      });
      // Each follow answered, an append on the command connection at once (Redis serves both in turn).
      for (const matchId of matchIds) {
        await cluster.followNews(matchId, "copy");
        expect(await store.append(matchId, 0, [entry(1)])).toEqual({ ok: true });
      }
      await lastHeard;
      expect(matchIds.filter((matchId) => !heard.has(matchId))).toEqual([]);
    });
  });

  it("hears a process of the earlier release, which publishes every append on one channel", async () => {
    await withRedisStore(async ({ store, client, prefix }) => {
      const matchId = asMatchId(`old-${randomId(6)}`);
      const heard = new Promise<readonly VersionedEvent[] | null>((resolve) =>
        store.onAppend((id, _, entries) => {
          if (id === matchId) resolve(entries);
        }),
      );
      await client.publish(`${prefix}appended`, `${matchId} 1 ${JSON.stringify([entry(1)])}`);
      expect(await heard).toEqual([entry(1)]);
    });
  });

  it("tells the lease holder only the appends of other processes", async () => {
    await withRedisStore(async ({ store, cluster }) => {
      const matchId = asMatchId(`holder-${randomId(6)}`);
      expect((await cluster.acquireLease(matchId, "a", 60_000, Date.now())).acquired).toBe(true);
      await cluster.followNews(matchId, "holder");
      const heard: string[] = [];
      let last: () => void = () => undefined;
      const lastHeard = new Promise<void>((resolve) => (last = resolve));
      store.onAppend((_, version) => {
        heard.push(String(version));
        if (version === 3) last();
      });
      expect(await store.append(matchId, 0, [entry(1)], "a")).toEqual({ ok: true });
      expect(await store.append(matchId, 1, [entry(2)], "b")).toEqual({ ok: true });
      expect(await store.append(matchId, 2, [entry(3)])).toEqual({ ok: true });
      await lastHeard;
      expect(heard).toEqual(["2", "3"]);
    });
  });

  it("runs its scripts by hash, and sends them again when Redis forgot them (restart, SCRIPT FLUSH)", async () => {
    await withRedisStore(async ({ store, client }) => {
      const matchId = asMatchId(`flushed-${randomId(6)}`);
      expect(await store.append(matchId, 0, [entry(1)])).toEqual({ ok: true });
      await client.sendCommand(["SCRIPT", "FLUSH"]);
      expect(await store.append(matchId, 1, [entry(2)])).toEqual({ ok: true });
      expect(await store.append(matchId, 1, [entry(2)])).toEqual({ ok: false, reason: "conflict" });
      expect((await store.read(matchId, 0))?.map((e) => e.version)).toEqual([1, 2]);
    });
  });
});
