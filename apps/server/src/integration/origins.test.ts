import { beforeAll, describe, expect, it } from "vitest";
import { io } from "socket.io-client";
import { type TestServer } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";

/** What a browser on `origin` gets when it opens a socket with `transport`. */
function handshake(
  url: string,
  origin: string | undefined,
  transport: "polling" | "websocket",
): Promise<string> {
  return new Promise((resolve) => {
    const socket = io(url, {
      transports: [transport],
      forceNew: true,
      reconnection: false,
      ...(origin === undefined ? {} : { extraHeaders: { origin } }),
    });
    socket.once("connect", () => {
      socket.disconnect();
      resolve("connected");
    });
    socket.once("connect_error", (error: Error & { context?: { responseText?: string } }) => {
      socket.disconnect();
      resolve(`refused: ${error.context?.responseText ?? error.message}`);
    });
  });
}

describe("one origin: who may open a socket or change something", () => {
  const arena = useServers({ closeAfter: "all" });
  let server: TestServer;
  let host: string;

  beforeAll(async () => {
    server = await arena.start({ config: { allowedOrigins: ["https://friends.example"] } });
    host = new URL(server.url).host;
  });

  it.each(["polling", "websocket"] as const)(
    "lets the page's own origin, a listed one and no browser in (%s)",
    async (transport) => {
      expect(await handshake(server.url, `http://${host}`, transport)).toBe("connected");
      expect(await handshake(server.url, "https://friends.example", transport)).toBe("connected");
      expect(await handshake(server.url, undefined, transport)).toBe("connected");
    },
  );

  it("refuses a polling handshake from another site with the reason", async () => {
    const answer = await handshake(server.url, "https://evil.example", "polling");
    expect(answer).toMatch(/^refused: .*may not connect here.*ALLOWED_ORIGINS/);
  });

  it("refuses a WebSocket upgrade from another site", async () => {
    expect(await handshake(server.url, "https://evil.example", "websocket")).toMatch(/^refused/);
  });

  it("refuses a request that changes something from another site, and answers reads", async () => {
    const post = await fetch(`${server.url}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: "{}",
    });
    expect(post.status).toBe(403);
    expect(((await post.json()) as { code: string; message: string }).message).toMatch(/ALLOWED_ORIGINS/);
    const own = await fetch(`${server.url}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: `http://${host}` },
      body: "{}",
    });
    expect(own.status).toBe(200);
    const read = await fetch(`${server.url}/api/games`, { headers: { origin: "https://evil.example" } });
    expect(read.status).toBe(200);
  });

  it("answers an unknown API route with JSON, not a page", async () => {
    const response = await fetch(`${server.url}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ ok: false, code: "not-found" });
  });
});
