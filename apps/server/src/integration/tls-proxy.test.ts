import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../test-support/net.js";
import { type TestServer } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { skipWithout } from "../test-support/requires.js";

// The README's "on the internet" recipe: Caddy in front with TLS (deploy/Caddyfile), run for real on
// loopback with Caddy's own local certificate authority standing in for a public one.
const CADDY = spawnSync("caddy", ["version"]).status === 0;
const CADDYFILE = resolve(import.meta.dirname, "..", "..", "..", "..", "deploy", "Caddyfile");

/** An HTTPS request through the proxy that trusts Caddy's local authority, as a browser would after a real one. */
function httpsRequest(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string }>((done, fail) => {
    const req = request(url, { method, headers, rejectUnauthorized: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => done({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", fail);
    req.end(body);
  });
}

describe.skipIf(skipWithout(!CADDY, "caddy"))("behind a TLS reverse proxy (deploy/Caddyfile)", () => {
  const arena = useServers({ closeAfter: "all" });
  let server: TestServer;
  let caddy: ChildProcess;
  let dir: string;
  let origin: string;

  beforeAll(async () => {
    server = await arena.start();
    const port = await freePort();
    origin = `https://localhost:${port}`;
    dir = mkdtempSync(join(tmpdir(), "arena-caddy-"));
    // The shipped file as it is, with what a test needs around it: no admin port, no system trust store.
    const config = join(dir, "Caddyfile");
    writeFileSync(
      config,
      `{\n\tadmin off\n\tskip_install_trust\n\tstorage file_system ${dir}/data\n}\nimport ${CADDYFILE}\n`,
    );
    caddy = spawn("caddy", ["run", "--config", config, "--adapter", "caddyfile"], {
      env: {
        ...process.env,
        ARENA_DOMAIN: `localhost:${port}`,
        ARENA_UPSTREAM: new URL(server.url).host,
        XDG_DATA_HOME: dir,
        XDG_CONFIG_HOME: dir,
      },
      stdio: "ignore",
    });
    for (let i = 0; ; i++) {
      try {
        if ((await httpsRequest(`${origin}/healthz`, "GET", {})).status === 200) break;
      } catch {
        // not up yet
      }
      if (i > 100) throw new Error("caddy did not come up");
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  // Registered after the fixture's, so it runs first: caddy stops before the server closes.
  afterAll(() => {
    caddy?.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(["websocket", "polling"] as const)(
    "lets the page served through it open its socket over %s and play",
    async (transport) => {
      const socket = io(origin, {
        transports: [transport],
        forceNew: true,
        reconnection: false,
        rejectUnauthorized: false,
        extraHeaders: { origin },
      });
      try {
        await new Promise<void>((done, fail) => {
          socket.once("connect", done);
          socket.once("connect_error", fail);
        });
        const created = (await socket.timeout(10_000).emitWithAck("room:create", {
          gameId: "othello",
          timeControl: { baseMs: 300_000, incrementMs: 0 },
          seats: [{ kind: "open" }, { kind: "open" }],
          sit: 0,
        })) as { ok: boolean };
        expect(created.ok).toBe(true);
      } finally {
        socket.disconnect();
      }
    },
  );

  it("serves the API to the page's own https origin and refuses another site's", async () => {
    const post = (from: string) =>
      httpsRequest(
        `${origin}/api/session`,
        "POST",
        { "content-type": "application/json", origin: from },
        "{}",
      );
    expect((await post(origin)).status).toBe(200);
    expect((await post("https://evil.example")).status).toBe(403);
  });
});
