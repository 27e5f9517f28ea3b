import { type MatchModel } from "@arena/match";
import { asMillis, type MatchId, type PresenceUpdate } from "@arena/protocol";
import { type Clock } from "../clocks/scheduler.js";
import { Presence, type PresenceReport } from "./presence.js";

/**
 * A match's crowd (its viewer count) goes out at most this often: watchers joining and leaving cost one
 * broadcast per interval, not one per watcher to every other watcher (lila-ws batches crowds every 700 ms).
 */
export const CROWD_BATCH_MS = 700;

/** What the crowd reads of its room. */
export interface CrowdRoom {
  readonly matchId: MatchId;
  readonly model: MatchModel;
}

/** Where a room's presence news goes. */
export interface CrowdEvents {
  /** Who is connected changed: tell players and spectators. */
  presenceChanged(): void;
  /** This process's followers of the match changed: tell the other processes. */
  presenceReported(report: PresenceReport): void;
  /** A socket of the host's came or went here (a waiting room's expiry hangs on it). */
  hostMoved(): void;
}

/**
 * A room's followers and their news: who is connected to each seat and how many watch (merged with the
 * other processes' reports), the crowd broadcast batched per `CROWD_BATCH_MS`, and the timer that tells
 * when a seat turns gone (docs/clocks.md §6).
 */
export class RoomCrowd {
  readonly presence: Presence;
  private cancelPresenceTimer: (() => void) | null = null;
  /** The pending broadcast of a changed viewer count, if any. */
  private cancelCrowdFlush: (() => void) | null = null;
  /** The viewer count last broadcast. */
  private viewersSent = 0;
  /** This process's part of the presence as last reported to the other processes (JSON). */
  private reportSent = "";
  private closed = false;

  constructor(
    private readonly room: CrowdRoom,
    private readonly clock: Clock,
    goneScale: number,
    private readonly events: CrowdEvents,
  ) {
    this.presence = new Presence(room.model.timeControl, goneScale, clock.now());
  }

  /** Who is connected to each seated player's seat, and how many watch, on this process. */
  update(): PresenceUpdate {
    const now = this.clock.now();
    return {
      matchId: this.room.matchId,
      seats: this.room.model.slots.flatMap((slot, seat) => {
        if (slot.kind !== "human") return [];
        const presence = this.presence.of(seat, now);
        const offlineSince = presence.offlineSince === null ? null : asMillis(presence.offlineSince);
        const goneAt = presence.goneAt === null ? null : asMillis(presence.goneAt);
        return [{ seat, connected: presence.connected, offlineSince, goneAt, gone: presence.gone }];
      }),
      viewers: this.presence.viewers,
    };
  }

  /**
   * A socket of `user` follows the match, for these seats (none: a spectator); `previous`: the seats it
   * followed for until now (null: it did not follow). A seat coming online is told at once (§6: the
   * claim rules hang on it); a change in the number of watchers waits for the next crowd broadcast.
   */
  attach(seats: readonly number[], previous: readonly number[] | null, user: string): void {
    const now = this.clock.now();
    if (previous === null && user === this.room.model.host.id) {
      this.presence.hostConnected();
      this.events.hostMoved();
    }
    const wasViewer = previous !== null && previous.length === 0;
    if (seats.length === 0 && !wasViewer) this.presence.addViewer();
    if (seats.length > 0 && wasViewer) this.presence.removeViewer();
    let seatsChanged = false;
    for (const seat of seats) {
      if (!(previous?.includes(seat) ?? false))
        seatsChanged = this.presence.connect(seat, now) || seatsChanged;
    }
    // A seat given up (a player who left a waiting room) is left on purpose.
    for (const seat of previous ?? []) {
      if (!seats.includes(seat)) seatsChanged = this.presence.disconnect(seat, now, true) || seatsChanged;
    }
    if (seatsChanged) this.changed();
    else this.crowdChanged();
  }

  /** A socket of `user` stopped following the match; `deliberate` when the player left on purpose (§6). */
  detach(seats: readonly number[], deliberate: boolean, user: string): void {
    const now = this.clock.now();
    if (user === this.room.model.host.id) {
      this.presence.hostDisconnected(now);
      this.events.hostMoved();
    }
    if (seats.length === 0) this.presence.removeViewer();
    let seatsChanged = false;
    for (const seat of seats) seatsChanged = this.presence.disconnect(seat, now, deliberate) || seatsChanged;
    if (seatsChanged) this.changed();
    else this.crowdChanged();
  }

  /** The viewer count changed: it goes out with the next crowd broadcast, one per `CROWD_BATCH_MS`. */
  private crowdChanged(): void {
    if (this.cancelCrowdFlush !== null || this.closed) return;
    this.cancelCrowdFlush = this.clock.schedule(this.clock.now() + CROWD_BATCH_MS, () => {
      this.cancelCrowdFlush = null;
      if (this.presence.viewers !== this.viewersSent) this.changed();
    });
  }

  /** Presence changed: tell everyone (the crowd included), and wake up again when a seat turns gone. */
  changed(): void {
    this.cancelPresenceTimer?.();
    this.cancelPresenceTimer = null;
    this.cancelCrowdFlush?.();
    this.cancelCrowdFlush = null;
    this.viewersSent = this.presence.viewers;
    // Read the time once, before the broadcast (which reads it again, later or equal): a seat not re-armed
    // for below is then one the broadcast already called gone. Reading it after would lose the seat when a
    // timer fires a millisecond early (Node's timers may, against Date.now) and the clock ticks during the
    // broadcast: the update says "not gone yet" and no timer is left to say "gone".
    const now = this.clock.now();
    this.events.presenceChanged();
    this.report(false);
    const model = this.room.model;
    if (this.closed || model.status !== "live") return;
    const pending = model.slots
      .map((slot, seat) => (slot.kind === "human" ? this.presence.goneAt(seat, now) : null))
      .filter((at): at is number => at !== null && at > now);
    if (pending.length > 0) {
      this.cancelPresenceTimer = this.clock.schedule(Math.min(...pending), () => {
        this.cancelPresenceTimer = null;
        this.changed();
      });
    }
  }

  /**
   * Tells the other processes this process's part of the presence: when it changed, or (`again`) as the
   * periodic sign of life of a process with followers here, or when another process loads the room.
   */
  report(again: boolean): void {
    if (this.closed) return;
    const report = this.presence.localReport();
    const json = JSON.stringify(report);
    if (!again && json === this.reportSent) return;
    this.reportSent = json;
    this.events.presenceReported(report);
  }

  /** Another process reported its part of the presence. */
  heard(instance: string, report: PresenceReport): void {
    this.presence.heard(instance, report, this.clock.now());
    this.changed();
  }

  /** Forgets processes not heard of since `before` (docs/architecture.md, "Presence across processes"). */
  expire(before: number): void {
    if (this.presence.expire(before)) this.changed();
  }

  close(): void {
    this.closed = true;
    this.cancelPresenceTimer?.();
    this.cancelCrowdFlush?.();
  }
}
