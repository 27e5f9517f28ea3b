import {
  type AnalysisProgress,
  AnalysisStatus,
  FailureSchema,
  type MatchId,
  PositionAnalysisResponse,
} from "@arena/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { PiscinaPool } from "../ai/pool.js";
import { type Client, type TestServer } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { analysisPushedTo, playOut, startTwoSeat } from "../test-support/play.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };

/** The analysis routes over real HTTP, against a real server on port 0 (docs/protocol.md, "Analysis"). */
describe("analysis over HTTP", () => {
  const arena = useServers({ closeAfter: "all" });
  let server: TestServer;
  let ann: Client;
  let ben: Client;
  let token: string;

  beforeAll(async () => {
    server = await arena.start({
      config: {
        analysis: { positionBudgetMs: 100, boardBudgetMs: 200, boardRate: { burst: 1, perSecond: 0.001 } },
      },
    });
    ann = await arena.connect();
    ben = await arena.connect();
    token = ann.session?.token ?? "";
  });

  const call = async (
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    bearer: string | null = token,
  ) => {
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer: unknown = await response.json();
    return { status: response.status, body: answer };
  };

  async function tinyGame(finish: boolean): Promise<MatchId> {
    const created = await startTwoSeat(ann, ben, "connect-k", blitz, { preset: "tiny" });
    if (finish) await playOut(created.matchId, [ann, ben], ann);
    return created.matchId;
  }

  it("analyses a finished game once, pushing progress to the match's sockets, then answers from the store", async () => {
    const matchId = await tinyGame(true);
    const toAnn = analysisPushedTo(ann, matchId);
    const toBen = analysisPushedTo(ben, matchId);
    // Not asked for yet: an answer (no error in the room's console); a missing match is the 404.
    expect(await call("GET", `/matches/${matchId}/analysis`)).toEqual({
      status: 200,
      body: { ok: true, state: "none" },
    });
    expect((await call("GET", `/matches/m_missing/analysis`)).status).toBe(404);
    const started = await call("POST", `/matches/${matchId}/analysis`);
    expect(started.status).toBe(202);
    expect(AnalysisStatus.parse(started.body)).toMatchObject({ state: "running", done: 0 });
    // Asked once; then both players only listen: progress per position, then the analysis itself.
    const ended = (seen: AnalysisProgress[]) => seen.some((progress) => progress.state !== "running");
    await ann.until(() => ended(toAnn), "the analysis pushed to ann");
    await ben.until(() => ended(toBen), "the analysis pushed to ben");
    const status = AnalysisStatus.parse((await call("GET", `/matches/${matchId}/analysis`)).body);
    if (status.state !== "done") throw new Error(`analysis ended ${status.state}`);
    for (const seen of [toAnn, toBen]) {
      const dones = seen.map((progress) => (progress.state === "running" ? progress.done : progress.state));
      expect(dones).toEqual([...Array(status.analysis.positions.length).keys(), "done"]);
      expect(seen.at(-1)).toEqual({ matchId, ...status });
    }
    const snapshot = await ann.snapshot(matchId);
    expect(status.analysis.moves.map((m) => m.move)).toEqual(snapshot.moves.map((m) => m.move));
    expect(status.analysis.positions).toHaveLength(snapshot.moves.length + 1);
    const again = await call("POST", `/matches/${matchId}/analysis`, undefined, ben.session?.token ?? "");
    expect(again).toEqual({ status: 200, body: { ok: true, state: "done", analysis: status.analysis } });
  });

  it("refuses a live game, a caller without a token and an unknown match, each with its reason", async () => {
    const live = await tinyGame(false);
    const refused = await call("POST", `/matches/${live}/analysis`);
    expect(refused.status).toBe(409);
    expect(FailureSchema.parse(refused.body).code).toBe("not-finished");
    expect((await call("POST", `/matches/${live}/analysis`, undefined, null)).status).toBe(401);
    expect((await call("POST", `/matches/${live}/analysis`, undefined, "forged.token")).status).toBe(401);
    const unknown = await call("POST", "/matches/m_nothing/analysis");
    expect(unknown.status).toBe(404);
    expect(FailureSchema.parse(unknown.body).code).toBe("not-found");
    await ann.call("match:resign", { matchId: live, version: ann.lastVersion(live) });
  });

  it("analyses a position set up by hand, validated by the game's rules and limited per user", async () => {
    const position = { v: 1, game: "krk", options: { fen: "7k/8/6K1/8/8/8/8/R7 w - - 0 1" } };
    const good = await call("POST", "/analysis/position", {
      gameId: "krk",
      position: { ...position, start: "7k/8/6K1/8/8/8/8/R7 w - - 0 1", moves: "" },
    });
    expect(good.status).toBe(200);
    expect(PositionAnalysisResponse.parse(good.body).analysis).toMatchObject({
      unit: "outcome-score",
      bestMoveText: "Ra8#",
      outcome: { kind: "win", moves: 1 },
    });
    const bearer = ben.session?.token ?? "";
    const illegal = await call(
      "POST",
      "/analysis/position",
      { gameId: "krk", position: { ...position, start: "7k/8/6K1/8/8/8/8/R7 w - - 0 1", moves: "a1a1" } },
      bearer,
    );
    expect(illegal.status).toBe(400);
    expect(FailureSchema.parse(illegal.body).code).toBe("invalid-state");
    const extra = await call("POST", "/analysis/position", { gameId: "krk", position, more: 1 }, bearer);
    expect(FailureSchema.parse(extra.body).code).toBe("invalid-payload");
    const limited = await call("POST", "/analysis/position", { gameId: "krk", position: good });
    expect(limited.status).toBe(429);
    expect(FailureSchema.parse(limited.body).code).toBe("rate-limited");
  });
});

/** Pushes outlive the room's eviction from the cache (docs/analysis.md, "Jobs, caching and limits"). */
describe("analysis pushed to the user who asked", () => {
  const arena = useServers();

  it("reaches them on their own channel after the finished room, and its sockets, left the cache", async () => {
    const server = await arena.start({
      config: {
        finishedRoomsKept: 1,
        analysis: { positionBudgetMs: 50, boardBudgetMs: 100, boardRate: { burst: 1, perSecond: 0.001 } },
      },
    });
    const ann = await arena.connect();
    const ben = await arena.connect();
    const game = async () => {
      const created = await startTwoSeat(ann, ben, "connect-k", blitz, { preset: "tiny" });
      await playOut(created.matchId, [ann, ben], ann);
      return created.matchId;
    };
    const first = await game();
    // A second finished game pushes the first out of the cache: its sockets are detached from it.
    await game();
    const toAnn: AnalysisProgress[] = [];
    const toBen: AnalysisProgress[] = [];
    ann.socket.on("analysis:progress", (progress: AnalysisProgress) => toAnn.push(progress));
    ben.socket.on("analysis:progress", (progress: AnalysisProgress) => toBen.push(progress));
    const asked = await fetch(`${server.url}/api/matches/${first}/analysis`, {
      method: "POST",
      headers: { authorization: `Bearer ${ann.session?.token ?? ""}` },
    });
    expect(asked.status).toBe(202);
    await ann.until(() => toAnn.some((progress) => progress.state === "done"), "the analysis pushed to ann");
    expect(toAnn.every((progress) => progress.matchId === first)).toBe(true);
    // Ben, who did not ask, was detached with the room: what reached ann came on her own channel.
    expect(toBen).toEqual([]);
  });
});

/** The analysis lane's share per address (docs/analysis.md, "Where it runs"), on the real worker pool. */
describe("analysis lane: one address cannot push another's analysis behind its own", () => {
  const arena = useServers();

  it("admits one board request per address at a time and refuses the rest at once, with when to retry", async () => {
    const pool = new PiscinaPool({ maxThreads: 1, maxQueue: 16 });
    arena.defer(() => pool.close());
    const server = await arena.start({
      ai: pool,
      config: {
        trustedProxies: 1,
        analysis: { positionBudgetMs: 100, boardBudgetMs: 300, boardRate: { burst: 3, perSecond: 0.001 } },
      },
    });
    // Ten guests behind one address, and one other user behind another.
    const guests = await Promise.all(Array.from({ length: 10 }, () => arena.connect()));
    const victim = await arena.connect();
    const position = {
      v: 1,
      game: "krk",
      options: { fen: "7k/8/6K1/8/8/8/8/R7 w - - 0 1" },
      start: "7k/8/6K1/8/8/8/8/R7 w - - 0 1",
      moves: "",
    };
    const order: string[] = [];
    const ask = async (who: string, client: Client, address: string) => {
      const response = await fetch(`${server.url}/api/analysis/position`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${client.session?.token ?? ""}`,
          "content-type": "application/json",
          "x-forwarded-for": address,
        },
        body: JSON.stringify({ gameId: "krk", position }),
      });
      const body = (await response.json()) as { ok: boolean; code?: string; retryAfterMs?: number };
      if (response.status === 200) order.push(who);
      return { status: response.status, body, retryAfter: response.headers.get("retry-after") };
    };
    // 10 guests × 3 requests (each guest's whole burst) at once, then the other user's one.
    const flood = guests.flatMap((guest) => [1, 2, 3].map(() => ask("flood", guest, "203.0.113.7")));
    const other = ask("other", victim, "198.51.100.9");
    const answers = await Promise.all(flood);
    expect(await other).toMatchObject({ status: 200, body: { ok: true } });
    // One of the flood's was admitted; the other 29 were refused at once, each saying when to retry.
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(29);
    for (const answer of refused) {
      expect(answer.body).toMatchObject({ ok: false, code: "rate-limited", retryAfterMs: 300 });
      expect(answer.retryAfter).toBe("1");
    }
    // The other user's analysis waited for at most the one of the flood's already admitted: before the fix,
    // all 30 were queued ahead of it (one FIFO lane), and it came last.
    expect(order.indexOf("other")).toBeLessThanOrEqual(1);
  });
});
