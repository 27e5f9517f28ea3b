import { goneAfterMs, type SeatPresence } from "@arena/match";
import { type TimeControl } from "@arena/protocol";

interface SeatEntry {
  connections: number;
  offlineSince: number | null;
  deliberate: boolean;
}

/**
 * Who follows a match on this process: each seat's connections (docs/clocks.md §6: offline long
 * enough, a player is gone), the spectators, and the host's sockets (a waiting room whose host is gone
 * expires). Not part of the match's log.
 */
export class Presence {
  private readonly seats = new Map<number, SeatEntry>();
  /** Sockets on this process watching without a seat. */
  viewers = 0;
  /** The host's sockets following the room on this process. */
  private hostSockets = 0;
  /** Since when no socket of the host's follows the room here (null while one does). */
  private hostAway: number | null;

  constructor(
    private readonly timeControl: TimeControl,
    private readonly scale: number = 1,
    now = 0,
  ) {
    this.hostAway = now;
  }

  private get(seat: number, now: number): SeatEntry {
    let entry = this.seats.get(seat);
    if (entry === undefined) {
      entry = { connections: 0, offlineSince: now, deliberate: false };
      this.seats.set(seat, entry);
    }
    return entry;
  }

  /** A socket of the seat's player follows the match: true when the seat was offline until now. */
  connect(seat: number, now: number): boolean {
    const entry = this.get(seat, now);
    entry.connections++;
    const cameBack = entry.offlineSince !== null;
    entry.offlineSince = null;
    entry.deliberate = false;
    return cameBack;
  }

  /** A socket of the seat's player stopped following: true when that was its last (it is offline now). */
  disconnect(seat: number, now: number, deliberate: boolean): boolean {
    const entry = this.get(seat, now);
    const wasOnline = entry.connections > 0;
    entry.connections = Math.max(0, entry.connections - 1);
    if (entry.connections === 0 && wasOnline) {
      entry.offlineSince = now;
      entry.deliberate = deliberate;
      return true;
    }
    return false;
  }

  hostConnected(): void {
    this.hostSockets++;
    this.hostAway = null;
  }

  hostDisconnected(now: number): void {
    this.hostSockets = Math.max(0, this.hostSockets - 1);
    if (this.hostSockets === 0) this.hostAway = now;
  }

  /** Since when the host has been away from this room on this process, or null while they follow it. */
  get hostAwaySince(): number | null {
    return this.hostAway;
  }

  /** The host was found following the room on another process: count their absence from `now` again. */
  hostSeenElsewhere(now: number): void {
    if (this.hostSockets === 0) this.hostAway = now;
  }

  addViewer(): void {
    this.viewers++;
  }

  removeViewer(): void {
    this.viewers = Math.max(0, this.viewers - 1);
  }

  connected(seat: number): boolean {
    return (this.seats.get(seat)?.connections ?? 0) > 0;
  }

  offlineSince(seat: number, now: number): number | null {
    return this.get(seat, now).offlineSince;
  }

  /** When the seat will count as gone, or null if it is connected. */
  goneAt(seat: number, now: number): number | null {
    const entry = this.get(seat, now);
    if (entry.offlineSince === null) return null;
    return entry.offlineSince + goneAfterMs(this.timeControl, entry.deliberate) * this.scale;
  }

  isGone(seat: number, now: number): boolean {
    const at = this.goneAt(seat, now);
    return at !== null && now >= at;
  }

  /** A seat's presence as views show it. */
  of(seat: number, now: number): SeatPresence {
    return {
      connected: this.connected(seat),
      offlineSince: this.offlineSince(seat, now),
      gone: this.isGone(seat, now),
    };
  }
}
