import {
  asMatchId,
  asMillis,
  asUserId,
  asVersion,
  type ChatChannel,
  type ChatLine,
  type MatchAnalysis,
  type MatchId,
  type RoomSummary,
  type VersionedEvent,
} from "@arena/protocol";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalCluster } from "../cluster/local.js";
import { type Cluster } from "../cluster/ports.js";
import { connectTestRedis, redisUrl } from "../test-support/redis.js";
import { MemoryStore } from "./memory/matches.js";
import { type ServerHeartbeat } from "./ports/heartbeat.js";
import { type MatchStore } from "./ports/matches.js";
import { type RedisConnection } from "./redis/open.js";
import { SqliteStore } from "./sqlite/matches.js";
import { skipWithout } from "../test-support/requires.js";

function entry(version: number): VersionedEvent {
  return { version: asVersion(version), at: asMillis(1000 + version), event: { type: "seat-left", seat: 0 } };
}

function summary(matchId: MatchId): RoomSummary {
  return {
    matchId,
    createdAt: asMillis(1000),
    gameId: "othello",
    status: "waiting",
    timeControl: { baseMs: 60_000, incrementMs: 0 },
    rated: false,
    start: null,
    host: { id: "u1" as RoomSummary["host"]["id"], name: "Ada" },
    seats: [],
    openSeats: 2,
    viewers: 0,
    version: asVersion(1),
  };
}

function analysisOf(matchId: MatchId, finishedAt: number): MatchAnalysis {
  const position = {
    unit: "discs" as const,
    seat: 0,
    values: [4, -4],
    value: 4,
    exact: true,
    bestMove: 19,
    bestMoveText: "d3",
    pv: [19, 18],
    pvText: ["d3", "c3"],
    depth: 12,
    nodes: 345,
    outcome: { kind: "win" as const, moves: null },
  };
  return {
    matchId,
    gameId: "othello",
    budgetMs: 250,
    positions: [position, { ...position, seat: 1, values: [2, -2], value: -2, outcome: undefined }],
    moves: [{ seat: 0, move: "f5", loss: 2, exact: true, bestMoveText: "d3" }],
    finishedAt,
  };
}

function chatLine(channel: ChatChannel, n: number): ChatLine {
  return {
    id: `c${n}`,
    channel,
    author: {
      id: asUserId(channel === "players" ? "u_ada" : "u_sam"),
      name: "Ada",
      account: false,
      bot: false,
    },
    text: `<b>line ${n}</b>`,
    // One time for all: the order said is the order appended, whatever the clock read.
    at: asMillis(1_000),
  };
}

/** A backend's match store, with its cluster (for following a match's news). */
interface Opened {
  store: MatchStore;
  cluster: Cluster;
  close: () => Promise<void>;
}

function contract(name: string, make: () => Promise<Opened>) {
  describe(`MatchStore contract: ${name}`, () => {
    let store: MatchStore;
    let cluster: Cluster;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ store, cluster, close } = await make());
    });
    afterAll(async () => {
      await close();
    });

    it("appends with compare-and-set on the version", async () => {
      const id = asMatchId(`cas-${Math.random().toString(36).slice(2)}`);
      expect(await store.read(id, 0)).toBeNull();
      expect(await store.append(id, 0, [entry(1), entry(2)])).toEqual({ ok: true });
      expect(await store.append(id, 1, [entry(2)])).toEqual({ ok: false, reason: "conflict" });
      expect(await store.append(id, 3, [entry(4)])).toEqual({ ok: false, reason: "conflict" });
      expect(await store.append(id, 2, [entry(3)])).toEqual({ ok: true });
      expect((await store.read(id, 0))?.map((e) => e.version)).toEqual([1, 2, 3]);
      expect((await store.read(id, 2))?.map((e) => e.version)).toEqual([3]);
      expect(await store.read(id, 3)).toEqual([]);
    });

    it("lets exactly one of two racing appends win", async () => {
      const id = asMatchId(`race-${Math.random().toString(36).slice(2)}`);
      await store.append(id, 0, [entry(1)]);
      const results = await Promise.all([store.append(id, 1, [entry(2)]), store.append(id, 1, [entry(2)])]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(await store.read(id, 0)).toHaveLength(2);
    });

    it("notifies appends of a followed match, with the entries appended", async () => {
      const id = asMatchId(`notify-${Math.random().toString(36).slice(2)}`);
      await cluster.followNews(id, "copy");
      const seen = new Promise<[MatchId, number, readonly VersionedEvent[] | null]>((resolve) => {
        const off = store.onAppend((matchId, version, entries) => {
          if (matchId === id) {
            off();
            resolve([matchId, version, entries]);
          }
        });
      });
      await store.append(id, 0, [entry(1), entry(2)]);
      expect(await seen).toEqual([id, 2, [entry(1), entry(2)]]);
    });

    it("keeps a match's secret: the first write wins, and no read of the log returns it", async () => {
      const id = asMatchId(`secret-${Math.random().toString(36).slice(2)}`);
      const secret = "5e".repeat(32);
      expect(await store.readSecret(id)).toBeNull();
      expect(await store.keepSecret(id, secret)).toBe(true);
      expect(await store.keepSecret(id, "00".repeat(32))).toBe(false);
      expect(await store.readSecret(id)).toBe(secret);
      expect(await store.append(id, 0, [entry(1), entry(2)])).toEqual({ ok: true });
      expect(JSON.stringify(await store.read(id, 0))).not.toContain(secret);
      expect(await store.readSecret(id)).toBe(secret);
      expect(await store.readSecret(asMatchId(`${id}-other`))).toBeNull();
    });

    it("keeps the lobby index and the live set", async () => {
      const id = asMatchId(`lobby-${Math.random().toString(36).slice(2)}`);
      await store.putSummary(id, summary(id));
      expect((await store.listSummaries()).map((s) => s.matchId)).toContain(id);
      await store.putSummary(id, null);
      expect((await store.listSummaries()).map((s) => s.matchId)).not.toContain(id);
      await store.setLive(id, true);
      expect(await store.listLive()).toContain(id);
      await store.setLive(id, false);
      expect(await store.listLive()).not.toContain(id);
    });

    it("keeps a finished match's analysis beside it, the newest put winning", async () => {
      const id = asMatchId(`analysis-${Math.random().toString(36).slice(2)}`);
      await store.append(id, 0, [entry(1)]);
      expect(await store.getAnalysis(id)).toBeNull();
      await store.putAnalysis(id, analysisOf(id, 1));
      // A JSON round trip drops the undefined outcome, as every store does.
      expect(await store.getAnalysis(id)).toEqual(JSON.parse(JSON.stringify(analysisOf(id, 1))));
      await store.putAnalysis(id, analysisOf(id, 2));
      expect((await store.getAnalysis(id))?.finishedAt).toBe(2);
      expect(await store.getAnalysis(asMatchId(`${id}-other`))).toBeNull();
    });

    it("keeps chat lines of both channels in the order said, the newest per channel within the bound", async () => {
      const id = asMatchId(`chat-${Math.random().toString(36).slice(2)}`);
      expect(await store.readChat(id)).toEqual([]);
      const lines = [
        chatLine("players", 1),
        chatLine("spectators", 2),
        chatLine("players", 3),
        chatLine("players", 4),
        chatLine("spectators", 5),
        chatLine("players", 6),
      ];
      for (const line of lines) await store.appendChat(id, line, 3);
      // Players said 1, 3, 4, 6: the oldest goes; the spectators' two both stay.
      expect((await store.readChat(id)).map((line) => line.id)).toEqual(["c2", "c3", "c4", "c5", "c6"]);
      expect((await store.readChat(id))[0]).toEqual(lines[1]);
      const other = asMatchId(`${id}-other`);
      expect(await store.readChat(other)).toEqual([]);
    });

    it("keeps each match's mutes, once each, until undone", async () => {
      const id = asMatchId(`mute-${Math.random().toString(36).slice(2)}`);
      const ada = asUserId("u_ada");
      const bob = asUserId("u_bob");
      expect(await store.readMutes(id)).toEqual([]);
      await store.setMute(id, { user: ada, muted: bob }, true);
      await store.setMute(id, { user: ada, muted: bob }, true);
      await store.setMute(id, { user: bob, muted: ada }, true);
      const sorted = (await store.readMutes(id)).sort((a, b) => a.user.localeCompare(b.user));
      expect(sorted).toEqual([
        { user: ada, muted: bob },
        { user: bob, muted: ada },
      ]);
      await store.setMute(id, { user: ada, muted: bob }, false);
      expect(await store.readMutes(id)).toEqual([{ user: bob, muted: ada }]);
      expect(await store.readMutes(asMatchId(`${id}-other`))).toEqual([]);
    });
  });
}

/** The one-process backends' heartbeat (store/ports/heartbeat.ts): the last one written is read. */
function heartbeatContract(
  name: string,
  make: () => Promise<{ store: ServerHeartbeat; close: () => Promise<void> }>,
) {
  describe(`ServerHeartbeat contract: ${name}`, () => {
    it("reads none before one is written, then the last written", async () => {
      const { store, close } = await make();
      try {
        expect(await store.readHeartbeat()).toBeNull();
        await store.writeHeartbeat(1_000);
        await store.writeHeartbeat(3_000);
        expect(await store.readHeartbeat()).toBe(3_000);
      } finally {
        await close();
      }
    });
  });
}

async function openMemory() {
  const store = new MemoryStore();
  return { store, cluster: await LocalCluster.open(store, store), close: () => store.close() };
}

async function openSqlite() {
  const folder = mkdtempSync(join(tmpdir(), "arena-contract-"));
  const opened = await SqliteStore.open(join(folder, "arena.db"));
  if (!opened.ok) throw new Error(opened.problem.message);
  const store = opened.value;
  return {
    store,
    cluster: await LocalCluster.open(store, store),
    close: async () => {
      await store.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

contract("memory", openMemory);
heartbeatContract("memory", openMemory);
contract("sqlite", openSqlite);
heartbeatContract("sqlite", openSqlite);

if (redisUrl === null) {
  console.warn("!!! redis-server missing: the Redis store contract suite is SKIPPED !!!");
}
describe.skipIf(skipWithout(redisUrl === null, "redis-server"))("redis", () => {
  contract("redis", async () => {
    const connection: RedisConnection = await connectTestRedis();
    return { store: connection.store, cluster: connection.cluster, close: () => connection.close() };
  });
});
