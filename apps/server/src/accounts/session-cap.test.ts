// An account keeps at most `maxPerUser` open sessions (docs/protocol.md, "Sessions"): a login beyond them
// ends the least recently used, so that logging in without end fills no store. Here with a cap of 3.
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { Identity } from "../identity/tokens.js";
import { MemoryPlayerStore } from "../store/memory/players.js";
import { MemorySessionStore } from "../store/memory/sessions.js";
import { LOGIN_LIMITS, Accounts } from "./service.js";
import { SESSION_POLICY } from "./session-policy.js";

const PASSWORD = "correct horse battery staple";
const FROM = { address: "198.51.100.4", device: "Firefox on Linux" };

describe("the sessions an account keeps", () => {
  it("end the least recently used when a login goes past the cap", async () => {
    const clock = new FakeClock(Date.UTC(2026, 10, 1));
    const sessions = new MemorySessionStore();
    const accounts = new Accounts(
      new MemoryPlayerStore(),
      sessions,
      new Identity("a test secret of some length"),
      clock,
      pino({ level: "silent" }),
      LOGIN_LIMITS,
      { ...SESSION_POLICY, maxPerUser: 3 },
    );
    const registered = await accounts.register(
      { name: "Capped", password: PASSWORD, bot: false },
      null,
      FROM,
    );
    if (!registered.ok) throw new Error(registered.code);
    const tokens = [registered.value.token];
    for (let i = 0; i < 3; i++) {
      clock.advance(60_000);
      const login = await accounts.login({ name: "Capped", password: PASSWORD }, FROM);
      if (!login.ok) throw new Error(login.code);
      tokens.push(login.value.token);
    }
    // The registration's session was the least recently used: it ended; the three logins hold.
    expect(await accounts.resolve(tokens[0])).toBeNull();
    for (const token of tokens.slice(1)) expect(await accounts.resolve(token)).not.toBeNull();
    expect(await sessions.list(registered.value.user.id)).toHaveLength(3);
  });
});
