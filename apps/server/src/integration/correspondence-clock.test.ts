import { type ClientInput, DAY_MS, type Notification } from "@arena/protocol";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { FakeClock } from "../clocks/scheduler.js";
import { DEFAULT_QUOTAS } from "../quotas/limits.js";
import { MemoryStore } from "../store/memory/matches.js";
import { MemoryNotificationStore } from "../store/memory/notifications.js";
import { MemoryPlayerStore } from "../store/memory/players.js";
import { MemorySessionStore } from "../store/memory/sessions.js";
import { notificationsUntil } from "../test-support/notifications.js";
import { CORRESPONDENCE_WAITING_MS } from "../rooms/waiting-expiry.js";
import { type Client } from "../test-support/harness.js";
import { firstLegal, startOthello } from "../test-support/play.js";
import { useServers } from "../test-support/servers.js";

const twoDays = { daysPerMove: 2 } as const;

describe("a correspondence game's clock on the server (fake clock, nobody connected)", () => {
  const arena = useServers();
  let clock: FakeClock;

  beforeEach(async () => {
    clock = new FakeClock();
    await arena.start({ clock });
  });

  /** Two accounts (correspondence is for accounts), connected. */
  async function players(): Promise<[Client, Client]> {
    const [black, white] = await Promise.all([arena.register("Corvina"), arena.register("Hoopoe")]);
    return [await arena.connect(black.token), await arena.connect(white.token)];
  }

  it("is refused to guests, hosting or joining, with account-required", async () => {
    const guest = await arena.connect();
    const created = await guest.call("room:create", {
      gameId: "othello",
      timeControl: twoDays,
      seats: [{ kind: "open" }, { kind: "open" }],
      rated: false,
      visibility: "public",
      sit: 0,
    });
    expect(created).toMatchObject({ ok: false, code: "account-required" });
    const [host] = await players();
    const room = await host.call("room:create", {
      gameId: "othello",
      timeControl: twoDays,
      seats: [{ kind: "open" }, { kind: "open" }],
      rated: false,
      visibility: "public",
      sit: 0,
    });
    if (!room.ok) throw new Error(room.message);
    const joined = await guest.call("room:join-seat", {
      matchId: room.matchId,
      seat: 1,
      version: room.version,
    });
    expect(joined).toMatchObject({ ok: false, code: "account-required" });
  });

  it("has no first-move window and no abandonment: only the period decides", async () => {
    const [black, white] = await players();
    const { matchId } = await startOthello(black, white, twoDays);
    const started = await black.snapshot(matchId);
    expect(started.deadlines).toEqual([started.now + 2 * DAY_MS, null]);
    black.close();
    white.close();
    // A real-time game would have aborted within 35 s and let White claim after two minutes away.
    clock.advance(DAY_MS);
    const watcher = await arena.connect();
    const dayLater = await watcher.snapshot(matchId);
    expect(dayLater.status).toBe("live");
    expect(dayLater.seats.every((seat) => seat.kind !== "human" || !seat.gone)).toBe(true);
  });

  it("resets the mover's clock to two days and flags the other exactly on time", async () => {
    const [black, white] = await players();
    const { matchId } = await startOthello(black, white, twoDays);
    clock.advance(30 * 3_600_000);
    const before = await black.snapshot(matchId);
    const ack = await black.call("match:move", {
      matchId,
      version: before.version,
      move: firstLegal(before)?.move ?? "",
    });
    expect(ack.ok).toBe(true);
    const movedAt = clock.now();
    const after = await white.snapshot(matchId);
    expect(after.clock?.remainingMs).toEqual([2 * DAY_MS, 2 * DAY_MS]);
    expect(after.deadlines).toEqual([null, movedAt + 2 * DAY_MS]);
    black.close();
    white.close();
    const watcher = await arena.connect();
    await watcher.snapshot(matchId);
    clock.advance(2 * DAY_MS - 1_000);
    expect((await watcher.snapshot(matchId)).status).toBe("live");
    // The flag's grace is at most the seat's lag quota, which a correspondence clock does not have.
    clock.advance(1_000);
    await watcher.until((c) => c.ended(matchId), "the flag");
    const final = await watcher.snapshot(matchId);
    expect(final.result).toEqual({ reason: "timeout", winners: [0], scores: [64, 0] });
  });

  it("keeps a correspondence room waiting for its invitee for days, and bounds the rooms a user hosts", async () => {
    await arena.start({
      clock,
      config: { quotas: { ...DEFAULT_QUOTAS, correspondenceGamesPerUser: 2 } },
    });
    const [host] = await players();
    const challenge: ClientInput<"room:create"> = {
      gameId: "othello",
      timeControl: { bankDays: 3, incrementDays: 1, capDays: 7 },
      seats: [{ kind: "open" }, { kind: "open" }],
      sit: 0,
    };
    const first = await host.call("room:create", challenge);
    if (!first.ok) throw new Error(first.message);
    expect((await host.call("room:create", challenge)).ok).toBe(true);
    expect(await host.call("room:create", challenge)).toMatchObject({
      ok: false,
      code: "quota",
      message: "you host 2 unfinished correspondence games; finish one before opening another",
    });
    host.close();
    const room = arena.server.app.rooms.cached(first.matchId);
    await vi.waitFor(() => expect(room?.presence.hostAwaySince).not.toBeNull());
    // A real-time room would expire a minute after its host left; this one waits a week.
    clock.advance(DAY_MS);
    const watcher = await arena.connect();
    expect((await watcher.snapshot(first.matchId)).status).toBe("waiting");
    clock.advance(CORRESPONDENCE_WAITING_MS - DAY_MS);
    await watcher.until(
      (c) => c.events.some((e) => e.matchId === first.matchId && e.event.type === "cancelled"),
      "the expiry",
    );
    expect(await watcher.snapshot(first.matchId)).toMatchObject({
      status: "cancelled",
      cancelReason: "expired",
    });
  });

  it("keeps the deadline through a restart: downtime credits are for real-time games", async () => {
    const store = new MemoryStore();
    const server = await arena.start({ store, clock });
    const [black, white] = await players();
    const { matchId } = await startOthello(black, white, twoDays);
    const before = await white.snapshot(matchId);
    await server.close(false);
    clock.advance(60_000);
    await arena.start({ store, clock });
    const watcher = await arena.connect();
    const after = await watcher.snapshot(matchId);
    expect(after.deadlines).toEqual(before.deadlines);
    expect(after.clock?.remainingMs).toEqual(before.clock?.remainingMs);
  });

  it("rings the time alarm a restart slept through, once, with nobody connected, and lists the game again", async () => {
    const stores = {
      store: new MemoryStore(),
      players: new MemoryPlayerStore(),
      sessions: new MemorySessionStore(),
      notifications: new MemoryNotificationStore(),
      clock,
    };
    const server = await arena.start(stores);
    const accounts = await Promise.all([arena.register("Corvina"), arena.register("Hoopoe")]);
    const [black, white] = await Promise.all(accounts.map((a) => arena.connect(a.token)));
    const { matchId } = await startOthello(black as Client, white as Client, twoDays);
    await server.close(false);
    // Down past the alarm (80% of Black's two days), not past the flag.
    clock.advance(2 * DAY_MS * 0.8 + 60_000);
    const back = await arena.start(stores);
    // Nobody opens the game: the process adopts the live match on its lease round (at most the lease's
    // 10 s), and its timers are armed on the clock as it is now.
    clock.advance(10_000);
    const alarm = (list: readonly Notification[]) =>
      list.filter((n) => n.kind === "time-running-out" && n.matchId === matchId);
    const [blackToken, whiteToken] = accounts.map((a) => a.token) as [string, string];
    expect(
      alarm(await notificationsUntil(back.url, blackToken, (list) => alarm(list).length > 0)),
    ).toHaveLength(1);
    expect(alarm(await notificationsUntil(back.url, whiteToken, () => true))).toEqual([]);
    // The players' lists of live games hold it again (this process keeps them in its memory).
    const again = await arena.connect(blackToken);
    await again.until((c) => c.gamesListed, "the games list");
    expect(again.games.map((game) => [game.matchId, game.myTurn])).toEqual([[matchId, true]]);
  });
});
