// Issue 26, "Host header": a request whose Host and Origin both named another site (what DNS rebinding
// produces) was served on the API, the socket and /metrics, and engine.io's polling answers lacked the
// security headers. docs/reliability.md, "Fair play, round two".
import { request } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { type TestServer } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** A GET as a rebound page sends it: Host and Origin name the attacker's site, the peer is this server. */
function get(url: string, path: string, host: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { headers: { host, origin: `http://${host}` } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Whether a WebSocket handshake sent with `host` opens. */
function webSocket(url: string, host: string): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace("http", "ws")}/socket.io/?EIO=4&transport=websocket`, {
      headers: { host, origin: `http://${host}` },
    });
    ws.once("open", () => {
      ws.close();
      resolve("open");
    });
    ws.once("unexpected-response", (_req, res) => resolve(`refused ${res.statusCode}`));
    ws.once("error", () => resolve("error"));
  });
}

const REBOUND = "rebind.attacker.example:3000";
const PATHS = ["/api/games", "/api/rooms", "/metrics", "/healthz", "/nowhere"];

describe("the Host allow-list", () => {
  const shared = useServers({ closeAfter: "all" });
  const arena = useServers();
  let server: TestServer;
  let port: string;

  beforeAll(async () => {
    server = await shared.start({
      config: { allowedHosts: ["arena.example.com"], allowedOrigins: ["https://friends.example"] },
    });
    port = new URL(server.url).port;
  });

  it("refuses the API, pages and /metrics addressed to another site's name, with the reason", async () => {
    for (const path of PATHS) {
      const answer = await get(server.url, path, REBOUND);
      expect(answer.status, path).toBe(421);
      expect(JSON.parse(answer.body), path).toEqual({
        ok: false,
        code: "forbidden",
        message: `this server does not answer to the host name '${REBOUND}': open it by its own address, or list the name in ALLOWED_HOSTS`,
      });
      expect(answer.headers["x-content-type-options"], path).toBe("nosniff");
    }
  });

  it("refuses a socket handshake addressed to another site's name, polling and WebSocket", async () => {
    const polling = await get(server.url, "/socket.io/?EIO=4&transport=polling", REBOUND);
    expect(polling.status).toBe(403);
    expect(polling.body).toContain("does not answer to the host name");
    expect(await webSocket(server.url, REBOUND)).toMatch(/^refused 4\d\d$/);
  });

  it("answers loopback names, IP literals, listed names and the hosts of ALLOWED_ORIGINS", async () => {
    for (const host of [
      `localhost:${port}`,
      `app.localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      `10.231.0.7:${port}`,
      "arena.example.com",
      "ARENA.example.com.",
      "friends.example",
    ]) {
      expect((await get(server.url, "/api/games", host)).status, host).toBe(200);
      const polling = await get(server.url, "/socket.io/?EIO=4&transport=polling", host);
      // The page's own origin: the Origin names the Host it was sent to.
      expect(polling.status, host).toBe(200);
    }
    expect(await webSocket(server.url, `localhost:${port}`)).toBe("open");
  });

  it("answers anything with ALLOWED_HOSTS=*", async () => {
    const open = await arena.start({ config: { allowedHosts: ["*"] } });
    expect((await get(open.url, "/api/games", REBOUND)).status).toBe(200);
  });

  it("puts nosniff, no framing and a same-origin referrer on engine.io's polling answers", async () => {
    const handshake = await get(server.url, "/socket.io/?EIO=4&transport=polling", `127.0.0.1:${port}`);
    const unknown = await get(
      server.url,
      "/socket.io/?EIO=4&transport=polling&sid=nope",
      `127.0.0.1:${port}`,
    );
    for (const answer of [handshake, unknown]) {
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers["x-frame-options"]).toBe("DENY");
      expect(answer.headers["referrer-policy"]).toBe("same-origin");
    }
    expect(handshake.status).toBe(200);
    expect(unknown.status).toBe(400);
  });
});
