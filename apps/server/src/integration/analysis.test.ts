import { AnalysisStatus, FailureSchema, type MatchId, PositionAnalysisResponse } from "@arena/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, type TestServer, startServer } from "../test-support/harness.js";
import { playOut } from "../test-support/play.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };

/** The analysis routes over real HTTP, against a real server on port 0 (docs/protocol.md, "Analysis"). */
describe("analysis over HTTP", () => {
  let server: TestServer;
  let ann: Client;
  let ben: Client;
  let token: string;

  beforeAll(async () => {
    server = await startServer({
      config: {
        analysis: { positionBudgetMs: 100, boardBudgetMs: 200, boardRate: { burst: 1, perSecond: 0.001 } },
      },
    });
    ann = await Client.connect(server.url);
    ben = await Client.connect(server.url);
    token = ann.session?.token ?? "";
  });
  afterAll(async () => {
    ann.close();
    ben.close();
    await server.close();
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
    const created = await ann.call("room:create", {
      gameId: "connect-k",
      options: { preset: "tiny" },
      timeControl: blitz,
      seats: [{ kind: "open" }, { kind: "open" }],
      sit: 0,
    });
    if (!created.ok) throw new Error(created.code);
    const joined = await ben.call("room:join-seat", {
      matchId: created.matchId,
      version: created.version,
      seat: 1,
    });
    if (!joined.ok) throw new Error(joined.code);
    if (finish) await playOut(created.matchId, [ann, ben], ann);
    return created.matchId;
  }

  it("analyses a finished game once, reporting progress, then answers from the store", async () => {
    const matchId = await tinyGame(true);
    expect(await call("GET", `/matches/${matchId}/analysis`)).toEqual({
      status: 404,
      body: { ok: false, code: "not-started", message: "no analysis of this match yet" },
    });
    const started = await call("POST", `/matches/${matchId}/analysis`);
    expect(started.status).toBe(202);
    expect(AnalysisStatus.parse(started.body)).toMatchObject({ state: "running", done: 0 });
    let status = AnalysisStatus.parse(started.body);
    while (status.state === "running") {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const polled = await call("GET", `/matches/${matchId}/analysis`);
      expect(polled.status).toBe(200);
      status = AnalysisStatus.parse(polled.body);
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
