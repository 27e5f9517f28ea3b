import { type AnalysisRequest } from "@arena/engine";
import { type AnalysisProgress, type MatchId } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { InlinePool } from "../ai/pool.js";
import { FakeClock } from "../clocks/scheduler.js";
import { randomId } from "../identity/tokens.js";
import { RedisQuotaStore } from "../store/redis/quotas.js";
import { type Client, type TestServer } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { analysisPushedTo, playOut, startTwoSeat } from "../test-support/play.js";
import { connectTestRedis, redisUrl } from "../test-support/redis.js";
import { skipWithout } from "../test-support/requires.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };

/** The real engine on this thread, counting the positions this process analyses. */
class CountingPool extends InlinePool {
  readonly requests: AnalysisRequest[] = [];
  override analyze(request: AnalysisRequest, signal: AbortSignal) {
    this.requests.push(request);
    return super.analyze(request, signal);
  }
}

const ended = (seen: readonly AnalysisProgress[]) => seen.some((progress) => progress.state === "done");

describe.skipIf(skipWithout(redisUrl === null, "redis-server"))(
  'post-game analysis on two processes sharing one Redis (docs/analysis.md, "Jobs")',
  () => {
    const arena = useServers();

    async function instance(prefix: string, clock: FakeClock, name: string) {
      const redis = await connectTestRedis(prefix);
      const ai = new CountingPool();
      const quotas = new RedisQuotaStore(redis.commands, redis.prefix, name);
      const server: TestServer = await arena.start({
        redis,
        clock,
        ai,
        quotas,
        config: {
          analysis: { positionBudgetMs: 50, boardBudgetMs: 100, boardRate: { burst: 1, perSecond: 0.001 } },
        },
      });
      arena.defer(async () => {
        await quotas.close();
        await redis.close();
      });
      return { server, ai };
    }

    const connect = (server: TestServer): Promise<Client> => arena.connectTo(server);

    const ask = (server: TestServer, client: Client, matchId: MatchId) =>
      fetch(`${server.url}/api/matches/${matchId}/analysis`, {
        method: "POST",
        headers: { authorization: `Bearer ${client.session?.token ?? ""}` },
      }).then(async (response) => ({ status: response.status, body: await response.json() }));

    it("runs one job for requests to both processes and pushes its progress to the clients of both", async () => {
      const prefix = `analysis-${randomId(6)}:`;
      const clock = new FakeClock();
      const a = await instance(prefix, clock, "process-a");
      const b = await instance(prefix, clock, "process-b");
      const ann = await connect(a.server);
      const ben = await connect(b.server);
      const created = await startTwoSeat(ann, ben, "connect-k", blitz, { preset: "tiny" });
      const matchId = created.matchId;
      const final = await playOut(matchId, [ann, ben], ann);
      await ben.until(() => ben.lastVersion(matchId) >= final.version, "the end on the other process");
      const toAnn = analysisPushedTo(ann, matchId);
      const toBen = analysisPushedTo(ben, matchId);
      // Each player asks the process it is connected to, at the same time.
      const [fromA, fromB] = await Promise.all([ask(a.server, ann, matchId), ask(b.server, ben, matchId)]);
      expect(fromA).toMatchObject({ status: 202, body: { ok: true, state: "running" } });
      expect(fromB).toMatchObject({ status: 202, body: { ok: true, state: "running" } });
      await ann.until(() => ended(toAnn), "the analysis pushed to the client of process A");
      await ben.until(() => ended(toBen), "the analysis pushed to the client of process B");
      // One job: each position analysed once, by one of the two processes.
      const positions = final.moves.length + 1;
      const ran = [a.ai.requests.length, b.ai.requests.length].sort((x, y) => x - y);
      expect(ran).toEqual([0, positions]);
      for (const seen of [toAnn, toBen]) {
        expect(seen.at(-1)).toMatchObject({ matchId, state: "done", analysis: { matchId } });
        expect(seen.filter((progress) => progress.state === "done")).toHaveLength(1);
      }
      // Asked again on either process: the kept analysis, no second job.
      expect(await ask(b.server, ben, matchId)).toMatchObject({ status: 200, body: { state: "done" } });
      expect(await ask(a.server, ann, matchId)).toMatchObject({ status: 200, body: { state: "done" } });
      expect(a.ai.requests.length + b.ai.requests.length).toBe(positions);
    });
  },
);
