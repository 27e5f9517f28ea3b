import { type MatchId, type PresenceUpdate } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { type Clock, FakeClock } from "../clocks/scheduler.js";
import { useServers } from "../test-support/servers.js";
import { startOthello } from "../test-support/play.js";

const blitz = { baseMs: 180_000, incrementMs: 2_000 };

/**
 * A fake clock with the real one's quirks: like `setTimeout` measured against `Date.now`, a timer may
 * fire a millisecond before its time, and the time can move on while the server is busy (`work`).
 */
class SkewedClock implements Clock {
  private readonly timers = new FakeClock();
  private skew = 0;

  now(): number {
    return this.timers.now() + this.skew;
  }

  schedule(at: number, fn: () => void): () => void {
    return this.timers.schedule(this.timers.now() + Math.max(0, at - this.now()) - 1, fn);
  }

  advance(ms: number): void {
    this.timers.advance(ms);
  }

  /** Time passes without any timer firing (the process was busy). */
  work(ms: number): void {
    this.skew += ms;
  }
}

const arena = useServers();

describe("presence timers (docs/clocks.md §6)", () => {
  it("tells the opponent a player is gone even when the timer fires early and the clock ticks meanwhile", async () => {
    const clock = new SkewedClock();
    const server = await arena.start({ clock });
    const manager = server.app.rooms;
    // Every presence broadcast takes a millisecond of server time.
    const broadcast = manager.presenceChanged.bind(manager);
    manager.presenceChanged = (room) => {
      broadcast(room);
      clock.work(1);
    };
    const black = await arena.connect();
    const white = await arena.connect();
    const { matchId } = await startOthello(black, white, blitz);
    const updates: PresenceUpdate[] = [];
    black.socket.on("presence:update", (update) => updates.push(update));
    const whiteGone = () =>
      updates.some((u) => u.matchId === matchId && u.seats.some((s) => s.seat === 1 && s.gone));
    const settle = async (id: MatchId) => {
      // A round trip on black's socket: every update sent before it has arrived.
      await black.snapshot(id);
    };

    // White leaves the room for the lobby (a deliberate exit): offline at once, gone after 10 s.
    expect(await white.call("match:unwatch", { matchId })).toEqual({ ok: true });
    await settle(matchId);
    const offline = updates.at(-1)?.seats.find((s) => s.seat === 1);
    expect(offline).toMatchObject({ connected: false, gone: false });
    // The deadline the opponent's claim countdown runs to (docs/clocks.md §6), pushed with the update.
    expect(offline?.goneAt).toBe((offline?.offlineSince ?? 0) + 10_000);

    clock.advance(10_000);
    await settle(matchId);
    expect(whiteGone()).toBe(true);
    expect(updates.at(-1)?.seats.find((s) => s.seat === 1)).toMatchObject({ connected: false, gone: true });
    // The snapshot agrees, and the claim goes through.
    const snapshot = await black.snapshot(matchId);
    expect(snapshot.seats[1]).toMatchObject({ kind: "human", connected: false, gone: true });
    const claimed = await black.call("match:claim", { matchId, version: snapshot.version, kind: "win" });
    expect(claimed.ok).toBe(true);
  });
});
