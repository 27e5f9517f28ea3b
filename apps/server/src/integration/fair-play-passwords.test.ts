// Issue 26, "Weak passwords": `aaaaaaaa`, `passpass`, `Passw0rd!`, `letmein!`, `arena123`, `asdfghjk` and
// `11223344` were accepted at registration. A strength estimate (zxcvbn-ts) now refuses them.
import { describe, expect, it } from "vitest";
import { type TestServer, uniqueName } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";

const arena = useServers();

async function register(server: TestServer, name: string, password: string) {
  const response = await fetch(`${server.url}/api/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, password }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("registration refuses passwords that are easy to guess", () => {
  it.each(["aaaaaaaa", "passpass", "Passw0rd!", "letmein!", "arena123", "asdfghjk", "11223344"])(
    "refuses %j with weak-password and says why",
    async (password) => {
      const at = await arena.start();
      const name = uniqueName("Pia");
      expect(await register(at, name, password)).toEqual({
        status: 400,
        body: {
          ok: false,
          code: "weak-password",
          message:
            "that password is easy to guess (a common word, pattern or repeat); try a few unrelated words",
        },
      });
      expect((await register(at, name, "plum kettle orbit")).status).toBe(201);
    },
  );
});
