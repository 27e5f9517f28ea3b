// Issue 26, "Spectator chat flood": the only limit was 5 lines per user per match, and guests are free, so
// 60 guests said 300 lines in 2 s. Now the spectators' channel has a rate per address and one per channel,
// and the host's slow mode (docs/protocol.md, "Chat"; docs/reliability.md, "Fair play, round two").
import { type MatchId } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { DEFAULT_QUOTAS } from "../quotas/limits.js";
import { type Client, type TestServer } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { startOthello } from "../test-support/play.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };
const arena = useServers();

/** A server behind one trusted proxy, whose `x-forwarded-for` says each guest's address. */
async function serve(): Promise<{ server: TestServer; clock: FakeClock }> {
  const clock = new FakeClock();
  const server = await arena.start({ clock, config: { trustedProxies: 1 } });
  return { server, clock };
}

function guest(server: TestServer, address: string, token?: string): Promise<Client> {
  return arena.connectTo(server, token, { headers: { "x-forwarded-for": address } });
}

/** A crowd of guests watching `matchId`, each from `addressOf(i)`, each saying one line at once. */
async function crowdSays(
  server: TestServer,
  matchId: MatchId,
  size: number,
  addressOf: (i: number) => string,
) {
  const crowd = await Promise.all(Array.from({ length: size }, (_, i) => guest(server, addressOf(i))));
  await Promise.all(crowd.map((client) => client.snapshot(matchId)));
  const acks = await Promise.all(
    crowd.map((client, i) => client.call("chat:say", { matchId, channel: "spectators", text: `spam ${i}` })),
  );
  return { crowd, acks };
}

describe("the spectators' channel under a flood", () => {
  it("lets 60 guests from one address say as many lines as one address may, and says when to retry", async () => {
    const { server, clock } = await serve();
    const { matchId } = await startOthello(
      await guest(server, "198.51.100.1"),
      await guest(server, "198.51.100.2"),
      blitz,
    );
    const { crowd, acks } = await crowdSays(server, matchId, 60, () => "203.0.113.7");
    const said = acks.filter((ack) => ack.ok).length;
    expect(said).toBe(DEFAULT_QUOTAS.spectatorLinesPerAddress);
    const refusal = acks.find((ack) => !ack.ok);
    expect(refusal).toMatchObject({
      ok: false,
      code: "rate-limited",
      message: expect.stringMatching(/^your address may say 10 lines every 10 s here; wait \d+ s$/) as string,
    });
    const retryAfterMs =
      refusal !== undefined && "retryAfterMs" in refusal ? Number(refusal.retryAfterMs) : 0;
    expect(retryAfterMs).toBeGreaterThan(0);
    expect(retryAfterMs).toBeLessThanOrEqual(DEFAULT_QUOTAS.chatWindowMs);
    // Someone else watching from another address is not held back by that address's crowd.
    const other = await guest(server, "192.0.2.44");
    await other.snapshot(matchId);
    expect((await other.call("chat:say", { matchId, channel: "spectators", text: "hello" })).ok).toBe(true);
    // When the wait is over, the address may speak again.
    clock.advance(retryAfterMs);
    const again = await crowd[59]?.call("chat:say", { matchId, channel: "spectators", text: "later" });
    expect(again?.ok).toBe(true);
  });

  it("caps the channel, whatever the addresses, and leaves the players' channel alone", async () => {
    const { server } = await serve();
    const black = await guest(server, "198.51.100.1");
    const white = await guest(server, "198.51.100.2");
    const { matchId } = await startOthello(black, white, blitz);
    const { acks } = await crowdSays(server, matchId, 40, (i) => `203.0.113.${i + 1}`);
    expect(acks.filter((ack) => ack.ok).length).toBe(DEFAULT_QUOTAS.spectatorLinesPerChannel);
    expect(acks.find((ack) => !ack.ok)).toMatchObject({
      code: "rate-limited",
      message: expect.stringMatching(
        /^the spectators' channel takes 30 lines every 10 s; wait \d+ s$/,
      ) as string,
      retryAfterMs: expect.any(Number) as number,
    });
    expect((await black.call("chat:say", { matchId, channel: "players", text: "gg" })).ok).toBe(true);
  });

  it("keeps each spectator to one line per N seconds in the host's slow mode, which spectators see", async () => {
    const { server, clock } = await serve();
    const black = await guest(server, "198.51.100.1");
    const white = await guest(server, "198.51.100.2");
    const { matchId } = await startOthello(black, white, blitz);
    const spectator = await guest(server, "203.0.113.9");
    expect((await spectator.snapshot(matchId)).spectatorSlowSeconds).toBe(0);
    const version = black.lastVersion(matchId);
    expect(
      await white.call("room:spectator-chat", { matchId, version, open: true, slowSeconds: 30 }),
    ).toMatchObject({ ok: false, code: "not-host" });
    const on = await black.call("room:spectator-chat", { matchId, version, open: true, slowSeconds: 30 });
    if (!on.ok) throw new Error(on.message);
    await spectator.until(
      (c) => c.events.some((e) => e.matchId === matchId && e.event.type === "spectator-chat"),
      "the slow mode's event",
    );
    expect((await spectator.snapshot(matchId)).spectatorSlowSeconds).toBe(30);

    const say = (text: string) => spectator.call("chat:say", { matchId, channel: "spectators", text });
    expect((await say("first")).ok).toBe(true);
    clock.advance(12_000);
    expect(await say("too soon")).toEqual({
      ok: false,
      code: "rate-limited",
      message: "slow mode: the host allows one line every 30 s; wait 18 s",
      retryAfterMs: 18_000,
    });
    clock.advance(18_000);
    expect((await say("in time")).ok).toBe(true);
    // The players are not slowed.
    expect((await black.call("chat:say", { matchId, channel: "players", text: "a" })).ok).toBe(true);
    expect((await black.call("chat:say", { matchId, channel: "players", text: "b" })).ok).toBe(true);
    // Off again: the spectator speaks at the usual rate.
    const off = await black.call("room:spectator-chat", {
      matchId,
      version: (await black.snapshot(matchId)).version,
      open: true,
      slowSeconds: 0,
    });
    expect(off).toMatchObject({ ok: true });
    expect((await say("free")).ok).toBe(true);
  });
});
