import { describe, expect, it } from "vitest";
import { systemClock } from "../clocks/scheduler.js";
import { randomId } from "../identity/tokens.js";
import { type TestServer, registerAccount, uniqueName } from "../test-support/harness.js";
import { connectTestRedis, redisUrl } from "../test-support/redis.js";
import { skipWithout } from "../test-support/requires.js";
import { useServers } from "../test-support/servers.js";
import { finishedTournament, tournamentApi, tournamentView } from "../test-support/tournaments.js";

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

    it("keeps the other process's copy current, and after the director's process dies the other finishes it", async () => {
      const prefix = `tcluster-${randomId(6)}:`;
      const a = await instance(prefix);
      const b = await instance(prefix);
      const creator = await registerAccount(a, uniqueName("Director"));
      const { post } = tournamentApi(a.url, creator.token);
      const created = await post("/tournaments", {
        gameId: "othello",
        format: "round-robin",
        timeControl: { baseMs: 60_000, incrementMs: 0 },
        entrants: [1, 1, 1, 1].map((level) => ({ kind: "ai", level })),
      });
      const { id } = (await created.json()) as { id: string };
      // The other process reads it from the shared store and follows the director's appends.
      expect((await tournamentView(b.url, id)).status).toBe("waiting");
      expect(await (await post(`/tournaments/${id}/start`)).json()).toMatchObject({ ok: true });
      await expect.poll(async () => (await tournamentView(b.url, id)).status).toBe("running");

      // The director's process dies mid-round, handing nothing back.
      await a.close(false);
      const view = await finishedTournament(b.url, id, 120_000);
      expect(view.status).toBe("finished");
      const games = view.roundsPlayed.flatMap((r) => r.pairings);
      expect(games).toHaveLength(6);
      expect(new Set(games.map((g) => [...g.entrants].sort().join(" "))).size).toBe(6);
      expect(games.every((g) => g.result !== null)).toBe(true);
      expect(view.standings.reduce((sum, s) => sum + s.points, 0)).toBe(6);
    }, 150_000);
  },
);
