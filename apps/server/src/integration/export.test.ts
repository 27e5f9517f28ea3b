import { type VersionedEvent } from "@arena/protocol";
import { DEFAULT_QUOTAS } from "../quotas/limits.js";
import { beforeEach, describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { type TestServer } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { startOthello } from "../test-support/play.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };

const arena = useServers();

describe("game downloads over HTTP (memory store, fake clock)", () => {
  let server: TestServer;

  beforeEach(async () => {
    server = await arena.start({
      clock: new FakeClock(),
      config: { trustedProxies: 1, quotas: { ...DEFAULT_QUOTAS, downloadsPerMinutePerAddress: 3 } },
    });
  });

  const get = (path: string, address = "203.0.113.7") =>
    fetch(`${server.url}${path}`, { headers: { "x-forwarded-for": address } });

  it("serves an Othello game as GGF, transcript and JSON log, as attachments; refuses PGN and unknown ids", async () => {
    const black = await arena.connect();
    const white = await arena.connect();
    const { matchId } = await startOthello(black, white, blitz);
    let version = (await black.snapshot(matchId)).version;
    for (const [client, move] of [
      [black, "f5"],
      [white, "d6"],
      [black, "c3"],
    ] as const) {
      const ack = await client.call("match:move", { matchId, version, move });
      if (!ack.ok) throw new Error(ack.code);
      version = ack.version;
    }
    expect((await white.call("match:resign", { matchId, version })).ok).toBe(true);

    const ggf = await get(`/api/matches/${matchId}/export?format=ggf`, "203.0.113.1");
    expect(ggf.status).toBe(200);
    expect(ggf.headers.get("content-disposition")).toBe(`attachment; filename="arena-${matchId}.ggf"`);
    const text = await ggf.text();
    expect(text).toContain("B[f5]W[d6]B[c3];)");
    expect(text).toContain("RE[+64.000:r]");

    const txt = await get(`/api/matches/${matchId}/export?format=txt`, "203.0.113.1");
    expect(await txt.text()).toBe("f5d6c3\n");

    const json = await get(`/api/matches/${matchId}/export?format=json`, "203.0.113.1");
    expect(json.headers.get("content-disposition")).toBe(`attachment; filename="arena-${matchId}.json"`);
    const body = (await json.json()) as { matchId: string; log: VersionedEvent[] };
    expect(body.matchId).toBe(matchId);
    expect(body.log.map((e) => e.version)).toEqual(body.log.map((_, i) => i + 1));
    expect(body.log.at(-1)?.event.type).toBe("ended");

    const pgn = await get(`/api/matches/${matchId}/export?format=pgn`, "203.0.113.2");
    expect(pgn.status).toBe(400);
    expect(await pgn.json()).toMatchObject({ ok: false, code: "bad-format" });
    const unknown = await get(`/api/matches/${matchId}/export?format=sgf`, "203.0.113.2");
    expect(await unknown.json()).toMatchObject({ ok: false, code: "bad-format" });
    const missing = await get(`/api/matches/m_nothere/export?format=json`, "203.0.113.2");
    expect(missing.status).toBe(404);
  });

  it("limits downloads per address, saying when to retry, without touching another address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await get(`/api/matches/m_nothere/export?format=json`)).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const limited = await get(`/api/matches/m_nothere/export?format=json`);
    expect(limited.headers.get("retry-after")).not.toBeNull();
    expect(await limited.json()).toMatchObject({ ok: false, code: "rate-limited" });
    expect((await get(`/api/matches/m_nothere/export?format=json`, "198.51.100.9")).status).toBe(404);
  });
});
