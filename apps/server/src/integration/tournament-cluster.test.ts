import { type TournamentView } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { systemClock } from "../clocks/scheduler.js";
import { randomId } from "../identity/tokens.js";
import { type TestServer, registerAccount, uniqueName } from "../test-support/harness.js";
import { connectTestRedis, redisUrl } from "../test-support/redis.js";
import { skipWithout } from "../test-support/requires.js";
import { useServers } from "../test-support/servers.js";

const arena = useServers();

describe.skipIf(skipWithout(redisUrl === null, "redis-server"))(
  "a tournament directed across two processes on one Redis",
  () => {
    async function instance(prefix: string): Promise<TestServer> {
      const redis = await connectTestRedis(prefix);
      let redisClosed: Promise<unknown> | null = null;
      const closeRedis = () => (redisClosed ??= redis.close());
      arena.defer(closeRedis);
      // Short leases: the survivor takes the tournament and its boards over within a second.
      const server = await arena.start({
        redis,
        clock: systemClock,
        config: { leaseTtlMs: 900, roundGapMs: 50 },
      });
      return {
        ...server,
        close: async (graceful = true) => {
          await server.close(graceful);
          await closeRedis();
        },
      };
    }

    const viewOn = async (server: TestServer, id: string): Promise<TournamentView> =>
      ((await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as { tournament: TournamentView })
        .tournament;

    it("keeps the other process's copy current, and after the director's process dies the other finishes it", async () => {
      const prefix = `tcluster-${randomId(6)}:`;
      const a = await instance(prefix);
      const b = await instance(prefix);
      const creator = await registerAccount(a, uniqueName("Director"));
      const post = (path: string, body: unknown = {}) =>
        fetch(`${a.url}/api${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${creator.token}` },
          body: JSON.stringify(body),
        });
      const created = await post("/tournaments", {
        gameId: "othello",
        format: "round-robin",
        timeControl: { baseMs: 60_000, incrementMs: 0 },
        entrants: [1, 1, 1, 1].map((level) => ({ kind: "ai", level })),
      });
      const { id } = (await created.json()) as { id: string };
      // The other process reads it from the shared store and follows the director's appends.
      expect((await viewOn(b, id)).status).toBe("waiting");
      expect(await (await post(`/tournaments/${id}/start`)).json()).toMatchObject({ ok: true });
      await expect.poll(async () => (await viewOn(b, id)).status).toBe("running");

      // The director's process dies mid-round, handing nothing back.
      await a.close(false);
      let view = await viewOn(b, id);
      for (let waited = 0; view.status !== "finished" && waited < 120_000; waited += 250) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        view = await viewOn(b, id);
      }
      expect(view.status).toBe("finished");
      const games = view.roundsPlayed.flatMap((r) => r.pairings);
      expect(games).toHaveLength(6);
      expect(new Set(games.map((g) => [...g.entrants].sort().join(" "))).size).toBe(6);
      expect(games.every((g) => g.result !== null)).toBe(true);
      expect(view.standings.reduce((sum, s) => sum + s.points, 0)).toBe(6);
    }, 150_000);
  },
);
