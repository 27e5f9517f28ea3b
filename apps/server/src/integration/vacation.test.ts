import { DAY_MS, type MatchId } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { MemoryStore } from "../store/memory/matches.js";
import { MemoryPlayerStore } from "../store/memory/players.js";
import { MemorySessionStore } from "../store/memory/sessions.js";
import { MemoryVacationStore } from "../store/memory/vacations.js";
import { type Client, type TestServer } from "../test-support/harness.js";
import { startOthello } from "../test-support/play.js";
import { useServers } from "../test-support/servers.js";

const twoDays = { daysPerMove: 2 } as const;

interface Answer {
  readonly ok: boolean;
  readonly code?: string;
  readonly onVacation?: boolean;
  readonly daysLeft?: number;
  readonly retryAfterMs?: number;
}

async function vacation(
  server: TestServer,
  token: string,
  on?: boolean,
): Promise<Answer & { status: number }> {
  const response = await fetch(`${server.url}/api/vacation`, {
    method: on === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    ...(on === undefined ? {} : { body: JSON.stringify({ on }) }),
  });
  return { status: response.status, ...((await response.json()) as Answer) };
}

describe('vacation over real sockets (docs/clocks.md, "Vacation")', () => {
  const arena = useServers();

  async function accounts(): Promise<[Client, Client, string, string]> {
    const [ada, bob] = [await arena.register("Ada"), await arena.register("Bob")];
    return [await arena.connect(ada.token), await arena.connect(bob.token), ada.token, bob.token];
  }

  const vacationOf = async (client: Client, matchId: MatchId) =>
    (await client.snapshot(matchId)).clock?.vacation;

  it("stops the player's correspondence clock while away, with no flag, and runs it again after", async () => {
    const server = await arena.start();
    const clock = server.clock as FakeClock;
    const [ada, bob, adaToken] = await accounts();
    const { matchId } = await startOthello(ada, bob, twoDays);
    clock.advance(DAY_MS);

    expect(await vacation(server, adaToken, true)).toMatchObject({
      ok: true,
      onVacation: true,
      daysLeft: 30,
    });
    // The opponent sees it in the snapshot's clock, and the log has the event.
    await bob.until((c) =>
      c.events.some((e) => e.matchId === matchId && e.event.type === "vacation-started"),
    );
    expect(await vacationOf(bob, matchId)).toEqual([true, false]);

    clock.advance(5 * DAY_MS);
    expect((await bob.snapshot(matchId)).status).toBe("live");
    expect(await vacation(server, adaToken)).toMatchObject({ onVacation: true, daysLeft: 25 });

    expect(await vacation(server, adaToken, false)).toMatchObject({
      ok: true,
      onVacation: false,
      daysLeft: 25,
    });
    expect(await vacationOf(bob, matchId)).toBeUndefined();
    // Back home: the day left runs out, and the flag falls.
    clock.advance(DAY_MS - 1);
    expect((await bob.snapshot(matchId)).status).toBe("live");
    clock.advance(1);
    await bob.until(
      (c) => c.events.some((e) => e.matchId === matchId && e.event.type === "ended"),
      "the flag",
    );
  });

  it("stops a game that starts while away, ends itself when the allowance runs out, then refuses with when it refills", async () => {
    const server = await arena.start();
    const clock = server.clock as FakeClock;
    const [ada, bob, adaToken] = await accounts();
    expect((await vacation(server, adaToken, true)).ok).toBe(true);
    const { matchId } = await startOthello(ada, bob, twoDays);
    await bob.until((c) =>
      c.events.some((e) => e.matchId === matchId && e.event.type === "vacation-started"),
    );
    expect(await vacationOf(bob, matchId)).toEqual([true, false]);

    clock.advance(30 * DAY_MS);
    await bob.until((c) => c.events.some((e) => e.matchId === matchId && e.event.type === "vacation-ended"));
    expect((await bob.snapshot(matchId)).status).toBe("live");
    expect(await vacation(server, adaToken)).toMatchObject({ onVacation: false, daysLeft: 0 });
    const refused = await vacation(server, adaToken, true);
    expect(refused).toMatchObject({ status: 429, ok: false, code: "quota" });
    expect(refused.retryAfterMs).toBeGreaterThan(0);
  });

  it("is for accounts only", async () => {
    const server = await arena.start();
    const guest = await arena.connect();
    expect(await vacation(server, guest.session?.token ?? "", true)).toMatchObject({
      status: 403,
      code: "account-required",
    });
  });

  it("ends a vacation whose allowance ran out while no process ran, once the server is back", async () => {
    const stores = {
      clock: new FakeClock(),
      store: new MemoryStore(),
      players: new MemoryPlayerStore(),
      sessions: new MemorySessionStore(),
      vacations: new MemoryVacationStore(),
    };
    const server = await arena.start(stores);
    const [ada, bob, adaToken, bobToken] = await accounts();
    expect((await vacation(server, adaToken, true)).ok).toBe(true);
    const { matchId } = await startOthello(ada, bob, twoDays);
    await bob.until((c) =>
      c.events.some((e) => e.matchId === matchId && e.event.type === "vacation-started"),
    );
    await server.close(false);

    // Down for 31 days: the allowance ran out on the 30th, with no timer alive to end it.
    stores.clock.advance(31 * DAY_MS);
    const back = await arena.start(stores);
    expect(await vacation(back, adaToken)).toMatchObject({ onVacation: false, daysLeft: 0 });
    const watcher = await arena.connect(bobToken);
    await expect.poll(async () => (await watcher.snapshot(matchId)).clock?.vacation).toBeUndefined();
    expect((await watcher.snapshot(matchId)).status).toBe("live");
  });
});
