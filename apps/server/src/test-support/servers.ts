import { type AuthResponse } from "@arena/protocol";
import { afterAll, afterEach } from "vitest";
import { Client, registerAccount, startServer, type TestServer } from "./harness.js";

export type ServerOptions = NonNullable<Parameters<typeof startServer>[0]>;
export type ConnectOptions = NonNullable<Parameters<typeof Client.connect>[2]>;

/** What a test opened through `useServers()`: every server and client, closed after the test. */
export interface Servers {
  /** A server on port 0 (options as `startServer`'s), closed after the test; it becomes `server`. */
  start(options?: ServerOptions): Promise<TestServer>;
  /** The server the test started last. */
  readonly server: TestServer;
  /** A client of the last server, as a guest or with `token`, closed after the test. */
  connect(token?: string, options?: ConnectOptions): Promise<Client>;
  /** A client of `at` (a server or a URL: a balancer, another process), closed after the test. */
  connectTo(at: TestServer | string, token?: string, options?: ConnectOptions): Promise<Client>;
  /** A new account on `at` (default: the last server), through its HTTP API. */
  register(name: string, options?: { bot?: boolean; guest?: string; at?: TestServer }): Promise<AuthResponse>;
  /** Anything else the test must close, run after its clients and servers (last deferred first). */
  defer(cleanup: () => unknown): void;
  /** Closes every client, then every server (last first), now: a restart; the deferred wait for the end. */
  closeServers(): Promise<void>;
}

/**
 * The server-and-clients fixture of a test file: call it once at the top of the file (or of a describe)
 * and each test's servers, clients and deferred cleanups are closed after it, whether it passed or not.
 * `closeAfter: "all"` closes them after the describe's last test instead, for one server its tests share
 * (started in `beforeAll`).
 */
export function useServers(options: { closeAfter?: "each" | "all" } = {}): Servers {
  const clients: Client[] = [];
  const servers: TestServer[] = [];
  const deferred: (() => unknown)[] = [];
  let latest: TestServer | null = null;

  async function closeServers(): Promise<void> {
    for (const client of clients.splice(0)) client.close();
    for (const server of servers.splice(0).reverse()) await server.close();
    latest = null;
  }
  const closeAfter = options.closeAfter === "all" ? afterAll : afterEach;
  closeAfter(async () => {
    await closeServers();
    for (const cleanup of deferred.splice(0).reverse()) await cleanup();
  });

  async function connectTo(at: TestServer | string, token?: string, options?: ConnectOptions) {
    const client = await Client.connect(typeof at === "string" ? at : at.url, token, options);
    clients.push(client);
    return client;
  }

  const fixture: Servers = {
    async start(options = {}) {
      const started = await startServer(options);
      // A test may close a server itself (a restart, a crash); the cleanup then finds it closed.
      let closing: Promise<void> | null = null;
      const server: TestServer = { ...started, close: (graceful) => (closing ??= started.close(graceful)) };
      servers.push(server);
      latest = server;
      return server;
    },
    get server() {
      if (latest === null) throw new Error("no server started in this test");
      return latest;
    },
    connect: (token, options) => connectTo(fixture.server, token, options),
    connectTo,
    register: (name, options = {}) =>
      registerAccount(options.at ?? fixture.server, name, options.bot ?? false, options.guest),
    defer(cleanup) {
      deferred.push(cleanup);
    },
    closeServers,
  };
  return fixture;
}
