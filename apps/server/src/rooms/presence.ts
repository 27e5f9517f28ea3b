import { goneAfterMs, type SeatPresence } from "@arena/match";
import { type TimeControl } from "@arena/protocol";

interface SeatEntry {
  connections: number;
  offlineSince: number | null;
  deliberate: boolean;
}

/**
 * Who follows a match on this process: each seat's connections (docs/clocks.md §6: offline long
 * enough, a player is gone) and the spectators. Not part of the match's log.
 */
export class Presence {
  private readonly seats = new Map<number, SeatEntry>();
  /** Sockets on this process watching without a seat. */
  viewers = 0;

  constructor(
    private readonly timeControl: TimeControl,
    private readonly scale: number = 1,
  ) {}

  private get(seat: number, now: number): SeatEntry {
    let entry = this.seats.get(seat);
    if (entry === undefined) {
      entry = { connections: 0, offlineSince: now, deliberate: false };
      this.seats.set(seat, entry);
    }
    return entry;
  }

  connect(seat: number, now: number): void {
    const entry = this.get(seat, now);
    entry.connections++;
    entry.offlineSince = null;
    entry.deliberate = false;
  }

  disconnect(seat: number, now: number, deliberate: boolean): void {
    const entry = this.get(seat, now);
    entry.connections = Math.max(0, entry.connections - 1);
    if (entry.connections === 0) {
      entry.offlineSince = now;
      entry.deliberate = deliberate;
    }
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
