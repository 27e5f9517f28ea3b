// Issue 20, finding 7: names could spoof (U+202E turned "evil Guest" into "live Guest", invisible-only and
// C1 names were accepted). Names are now display names (packages/protocol, `DisplayName`): normalised, and
// refused with a clear message over both ways in, the socket and `POST /api/session`.
import { beforeEach, describe, expect, it } from "vitest";
import { type TestServer } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";

const arena = useServers();

describe("display names at the edge", () => {
  let server: TestServer;

  beforeEach(async () => {
    server = await arena.start();
  });

  it.each([
    ["\u202Eevil\u202C Guest", "name: a name cannot contain text-direction controls (U+202E …)"],
    ["\u3164\u3164", "name: a name needs a visible letter, digit or symbol"],
    ["\u200B", "name: a name cannot contain invisible characters (U+200B …)"],
    ["a\u0085b", "name: a name cannot contain control characters"],
    ["W".repeat(25), "name: a name has at most 24 characters"],
  ])("refuses %j over the socket and over HTTP, saying why", async (name, message) => {
    const client = await arena.connect();
    expect(await client.call("session:rename", { name })).toEqual({
      ok: false,
      code: "invalid-payload",
      message,
    });
    const response = await fetch(`${server.url}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: client.session?.token, name }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, code: "invalid-payload", message });
  });

  it("normalises a name (NFKC) and lets two guests share one", async () => {
    const [a, b] = [await arena.connect(), await arena.connect()];
    const renamedA = await a.call("session:rename", { name: " Ｗａｌｌｙ " });
    const renamedB = await b.call("session:rename", { name: "Wally" });
    expect(renamedA.ok && renamedA.user.name).toBe("Wally");
    expect(renamedB.ok && renamedB.user.name).toBe("Wally");
    expect(renamedA.ok && renamedB.ok && renamedA.user.id !== renamedB.user.id).toBe(true);
  });
});
