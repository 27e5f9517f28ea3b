import { type MatchId } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { DEFAULT_QUOTAS, type QuotaLimits } from "../quotas/limits.js";
import { REPEAT_CAPS } from "../rooms/decide.js";
import { type Client } from "../test-support/harness.js";
import { useServers } from "../test-support/servers.js";
import { startOthello } from "../test-support/play.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };

/** The harness's quotas (rooms without limit for scripted hosts) with `overrides`. */
function quotas(overrides: Partial<QuotaLimits> = {}): QuotaLimits {
  return {
    ...DEFAULT_QUOTAS,
    roomsPerMinutePerUser: 1_000_000,
    roomsPerMinutePerAddress: 1_000_000,
    waitingRoomsPerUser: 1_000_000,
    ...overrides,
  };
}

/**
 * Issue 26, "invitation spam" and "unbounded match log": one user sent 114 invitations in 6 s (115
 * notifications to the victim) and appended ~1,500 events to one match in 10 s. Replayed here over real
 * sockets from five sockets of the attacker's (docs/protocol.md, "Quotas").
 */
const arena = useServers();

describe("floods of invitations and repeatable events (issue 26)", () => {
  let clock: FakeClock;

  async function start(limits: QuotaLimits): Promise<void> {
    clock = new FakeClock();
    await arena.start({ clock, config: { quotas: limits } });
  }

  /** The attacker's first socket and four more of the same user. */
  async function attacker(): Promise<Client[]> {
    const first = await arena.connect();
    const token = first.session?.token;
    if (token === undefined) throw new Error("no session");
    return [first, ...(await Promise.all(Array.from({ length: 4 }, () => arena.connect(token))))];
  }

  async function waitingRoom(host: Client): Promise<{ matchId: MatchId; version: number }> {
    const created = await host.call("room:create", {
      gameId: "othello",
      timeControl: blitz,
      seats: [{ kind: "open" }, { kind: "open" }],
      sit: 0,
    });
    if (!created.ok) throw new Error(created.code);
    return { matchId: created.matchId, version: created.version };
  }

  it("tells an invitee of at most its rate of invitations, across rooms and sockets, and says when to retry", async () => {
    await start(quotas());
    const victim = await arena.connect((await arena.register("Victim")).token);
    const sockets = await attacker();
    const rooms = await Promise.all(sockets.map((socket) => waitingRoom(socket)));
    // 114 invitations: each socket invites the victim to its own room again and again.
    const answers = await Promise.all(
      Array.from({ length: 114 }, (_, i) => {
        const socket = sockets[i % sockets.length];
        const room = rooms[i % rooms.length];
        if (socket === undefined || room === undefined) throw new Error("no socket");
        return socket.call("room:invite", {
          matchId: room.matchId,
          version: room.version,
          seat: 1,
          name: "Victim",
        });
      }),
    );
    // A round trip on the victim's socket: every notification sent before it has arrived.
    const [firstRoom] = rooms;
    if (firstRoom === undefined) throw new Error("no room");
    await victim.call("match:unwatch", { matchId: firstRoom.matchId });
    const accepted = answers.filter((a) => a.ok).length;
    const limited = answers.filter((a) => !a.ok && a.code === "rate-limited");
    // One notification per room (a repeat of a standing invitation tells nobody), within the rates.
    expect(victim.invitations.length).toBeLessThanOrEqual(DEFAULT_QUOTAS.invitesPerMinutePerInvitee);
    expect(victim.invitations.length).toBe(new Set(victim.invitations.map((i) => i.matchId)).size);
    expect(accepted + limited.length).toBe(114);
    const waits = limited.map((r) => ("retryAfterMs" in r ? r.retryAfterMs : null));
    expect(waits.every((w) => typeof w === "number")).toBe(true);
    const wait = Math.max(...waits.map(Number));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60_000);

    // After the wait a new invitation goes through again.
    clock.advance(wait);
    const more = await waitingRoom(sockets[0] ?? victim);
    const again = await sockets[0]?.call("room:invite", { ...more, seat: 1, name: "Victim" });
    expect(again).toMatchObject({ ok: true });
    await victim.until(
      (c) => c.invitations.some((i) => i.matchId === more.matchId),
      "the invitation after the wait",
    );
  });

  it("keeps one match's log bounded whatever one user repeats, and appends nothing it refuses", async () => {
    await start(quotas({ invitesPerMinutePerUser: 1_000_000, invitesPerMinutePerInvitee: 1_000_000 }));
    const [first, second] = await Promise.all([arena.register("Ann"), arena.register("Ben")]);
    const invitees = [first.user.name, second.user.name];
    const sockets = await attacker();
    const [host] = sockets;
    if (host === undefined) throw new Error("no host");

    // A waiting room: invitations to two accounts in turn, from five sockets.
    const waiting = await waitingRoom(host);
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (sockets[i % 5] ?? host).call("room:invite", {
          ...waiting,
          version: waiting.version,
          seat: 1,
          name: invitees[i % 2] ?? "",
        }),
      ),
    );
    const invited = await host.snapshot(waiting.matchId);
    expect(invited.repeats["seat-invited"]).toBeLessThanOrEqual(REPEAT_CAPS["seat-invited"].cap);
    expect(invited.version).toBeLessThanOrEqual(1 + 1 + REPEAT_CAPS["seat-invited"].cap);

    // A live game: draw offers and chat switches; then, after the end, rematch offers and switches.
    const guest = await arena.connect();
    const { matchId } = await startOthello(host, guest, blitz);
    const started = await host.snapshot(matchId);
    const flood = (count: number, send: (socket: Client, i: number) => Promise<unknown>) =>
      Promise.all(Array.from({ length: count }, (_, i) => send(sockets[i % 5] ?? host, i)));
    await flood(300, (socket, i) =>
      i % 2 === 0
        ? socket.call("match:draw-offer", { matchId, version: started.version })
        : socket.call("room:spectator-chat", { matchId, version: started.version, open: i % 4 === 1 }),
    );
    await guest.call("match:resign", { matchId, version: (await guest.snapshot(matchId)).version });
    const over = await host.snapshot(matchId);
    await flood(300, (socket, i) =>
      i % 2 === 0
        ? socket.call("match:rematch", { matchId })
        : socket.call("room:spectator-chat", { matchId, version: over.version, open: i % 4 === 1 }),
    );
    const after = await guest.snapshot(matchId);
    expect(after.repeats["draw-offered"]).toBe(1);
    expect(after.repeats["rematch-offered"]).toBe(1);
    expect(after.repeats["spectator-chat"]).toBe(REPEAT_CAPS["spectator-chat"].cap);
    // 600 commands appended at most 1 + 1 + 20 events besides the end of the game.
    expect(after.version - started.version).toBeLessThanOrEqual(
      1 + 1 + REPEAT_CAPS["spectator-chat"].cap + 1,
    );
    const refused = await host.call("room:spectator-chat", {
      matchId,
      version: after.version,
      open: !after.spectatorChat,
    });
    expect(refused).toMatchObject({ ok: false, code: "quota" });
    expect((await guest.snapshot(matchId)).version).toBe(after.version);
  });
});
