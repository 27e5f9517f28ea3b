// Issue 26, "Login lockout": the per-name login bucket was spent before the password was checked, so one
// wrong guess every 12 s kept the owner out (10 of 10 correct logins refused). Failures are now counted per
// name and per name and address, spent only by wrong passwords, and a name whose failures are spent is
// closed only to the addresses that have been failing at it.
import { describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { type TestServer, uniqueName } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";

const PASSWORD = "correct horse battery";

const arena = useServers();

async function login(server: TestServer, name: string, password: string, address: string) {
  const response = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ name, password }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("login cannot be used to lock an owner out", () => {
  it("lets the owner's right password in from an address that has not been failing, whatever others guess", async () => {
    const clock = new FakeClock(Date.now());
    const server = await arena.start({ clock, config: { trustedProxies: 1 } });
    const name = uniqueName("Ola");
    const registered = await fetch(`${server.url}/api/accounts`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.1" },
      body: JSON.stringify({ name, password: PASSWORD }),
    });
    expect(registered.status).toBe(201);

    // Three attackers' addresses spend the name's failures: five each from the first two (an address's
    // own limit for the name), then one from the third, which is not yet failing when the name's ten are spent.
    const attackers = ["203.0.113.10", "203.0.113.11", "203.0.113.12"];
    const first: number[] = [];
    for (const address of attackers) {
      for (let i = 0; i < 6; i++) first.push((await login(server, name, "wrong guess", address)).status);
    }
    expect(first.filter((s) => s === 401)).toHaveLength(11);
    // The owner, from its own address, gets in every time while the guessing goes on at one every 12 s.
    const owner: number[] = [];
    const attacker: number[] = [];
    for (let round = 0; round < 10; round++) {
      clock.advance(12_000);
      attacker.push((await login(server, name, "wrong guess", attackers[round % 3] ?? "")).status);
      owner.push((await login(server, name.toUpperCase(), PASSWORD, "198.51.100.9")).status);
    }
    expect(owner).toEqual(Array.from({ length: 10 }, () => 200));
    // The attackers are held to one guess a minute per address (three addresses, two minutes), and told
    // when to come back.
    expect(attacker.filter((s) => s === 401).length).toBeLessThanOrEqual(6);
    const refused = await login(server, name, "wrong guess", attackers[0] ?? "");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ ok: false, code: "rate-limited" });
    expect(refused.body.retryAfterMs).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/^too many failed logins for this name; try again in \d+ s$/);
    // Even the right password is refused from an address that has been failing.
    expect((await login(server, name, PASSWORD, attackers[0] ?? "")).status).toBe(429);
  });
});
