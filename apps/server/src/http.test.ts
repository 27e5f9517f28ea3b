import { beforeAll, describe, expect, it } from "vitest";
import { type TestServer } from "./test-support/harness.js";
import { useServers } from "./test-support/servers.js";

describe("HTTP surface", () => {
  const arena = useServers({ closeAfter: "all" });
  let server: TestServer;

  beforeAll(async () => {
    server = await arena.start();
  });

  const get = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    return { status: response.status, body: await response.text() };
  };

  it("answers health, readiness and metrics", async () => {
    expect(await get("/healthz")).toEqual({ status: 200, body: '{"ok":true}' });
    expect((await get("/readyz")).status).toBe(200);
    const metrics = await get("/metrics");
    expect(metrics.body).toContain("arena_games_live");
    expect(metrics.body).toContain("arena_ai_queue_depth");
    expect(metrics.body).toContain("nodejs_eventloop_lag");
  });

  it("lists games with seats and AI levels, and rooms", async () => {
    const games = JSON.parse((await get("/api/games")).body) as { games: { id: string; aiLevels: number }[] };
    expect(games.games.map((g) => g.id)).toContain("othello");
    const client = await arena.connect();
    const created = await client.call("room:create", {
      gameId: "othello",
      timeControl: { baseMs: 300_000, incrementMs: 0 },
      seats: [{ kind: "open" }, { kind: "open" }],
      sit: 0,
    });
    expect(created.ok).toBe(true);
    const rooms = JSON.parse((await get("/api/rooms")).body) as {
      rooms: { matchId: string; openSeats: number }[];
    };
    expect(rooms.rooms).toEqual([expect.objectContaining({ openSeats: 1 })]);
    const match = await get(`/api/matches/${created.ok ? created.matchId : ""}`);
    expect(match.status).toBe(200);
    expect(JSON.parse(match.body)).toMatchObject({ ok: true, match: { status: "waiting" } });
    expect(JSON.stringify(JSON.parse(match.body))).not.toContain("inviteToken");
    client.close();
  });

  it("issues and renames guest sessions, and refuses bad names", async () => {
    const post = async (body: unknown) => {
      const response = await fetch(`${server.url}/api/session`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    };
    const fresh = await post({ name: "Ada" });
    expect(fresh.json).toMatchObject({ ok: true, user: { name: "Ada" } });
    const renamed = await post({ token: fresh.json.token, name: "Ada L" });
    expect(renamed.json).toMatchObject({ ok: true, user: { name: "Ada L" } });
    expect((renamed.json.user as { id: string }).id).toBe((fresh.json.user as { id: string }).id);
    expect((await post({ name: "x".repeat(30) })).status).toBe(400);
    const client = await arena.connect(fresh.json.token as string);
    expect(client.session?.user.name).toBe("Ada");
    client.close();
  });

  it("answers unknown routes and malformed JSON without stack traces", async () => {
    expect((await get("/nope")).status).toBe(404);
    const response = await fetch(`${server.url}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain("at ");
  });
});
