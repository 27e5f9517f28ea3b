// Issue 20, finding 8: no CSP, frame-ancestors, Referrer-Policy or nosniff, and a public /metrics. The
// server's own answers carry the headers here; pages get theirs from the web app (e2e/tests/security.e2e.ts).
import { describe, expect, it } from "vitest";
import { useServers } from "../test-support/servers.js";

const arena = useServers();

describe("HTTP security headers and /metrics", () => {
  it("puts nosniff, no framing, a same-origin referrer and a deny-all CSP on the API's answers", async () => {
    const server = await arena.start();
    for (const path of [
      "/api/games",
      "/api/rooms",
      "/api/matches/m_none",
      "/api/nothing",
      "/healthz",
      "/nowhere",
    ]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("referrer-policy"), path).toBe("same-origin");
      expect(response.headers.get("content-security-policy"), path).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
  });

  it("serves /metrics to this machine, refuses what a proxy forwarded, and opens to the bearer token", async () => {
    const token = "a-long-metrics-token-for-tests";
    const server = await arena.start({ config: { metricsToken: token } });
    const get = (headers: Record<string, string> = {}) => fetch(`${server.url}/metrics`, { headers });
    expect((await get()).status).toBe(200);
    const forwarded = await get({ "x-forwarded-for": "203.0.113.9" });
    expect(forwarded.status).toBe(403);
    expect(await forwarded.json()).toEqual({
      ok: false,
      code: "forbidden",
      message: "metrics are served to this machine, or with the METRICS_TOKEN bearer token",
    });
    const withToken = await get({ "x-forwarded-for": "203.0.113.9", authorization: `Bearer ${token}` });
    expect(withToken.status).toBe(200);
    expect(await withToken.text()).toContain("arena_games_live");
    expect((await get({ authorization: "Bearer wrong" })).status).toBe(403);
  });
});
