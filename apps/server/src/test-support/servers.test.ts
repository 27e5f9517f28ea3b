import { describe, expect, it } from "vitest";
import { type Client, type TestServer } from "./harness.js";
import { useServers } from "./servers.js";

describe("useServers", () => {
  const arena = useServers();
  let left: { server: TestServer; client: Client; order: string[] } | null = null;

  it("starts a server on port 0 and connects guests and accounts to it", async () => {
    const server = await arena.start();
    expect(arena.server).toBe(server);
    const guest = await arena.connect();
    const account = await arena.register("Fixture");
    const member = await arena.connect(account.token);
    expect(guest.session?.user.id).not.toBe(member.session?.user.id);
    expect(member.session?.user.id).toBe(account.user.id);
    // A test may close its server itself; the cleanup after it finds the server closed, and passes.
    await server.close();
    await server.close();
  });

  it("closes clients, then servers, then what was deferred, after the test", async () => {
    const order: string[] = [];
    const server = await arena.start();
    const client = await arena.connect();
    client.socket.on("disconnect", () => order.push("client"));
    const close = server.app.close.bind(server.app);
    server.app.close = async (graceful) => {
      order.push("server");
      await close(graceful);
    };
    arena.defer(() => order.push("deferred"));
    left = { server, client, order };
  });

  it("(checked in the next test)", () => {
    expect(left?.order).toEqual(["client", "server", "deferred"]);
    expect(left?.client.socket.connected).toBe(false);
    expect(() => arena.server).toThrow("no server started in this test");
  });
});
