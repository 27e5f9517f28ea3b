import { goneAfterMs } from "../clocks/clock.js";
import { type TimeControl } from "@arena/protocol";

interface SeatPresence {
  connections: number;
  offlineSince: number | null;
  deliberate: boolean;
}

/** Who is connected, per seat, as seen by this process (clocks.md §6). */
export class Presence {
  private readonly seats = new Map<number, SeatPresence>();

  constructor(
    private readonly timeControl: TimeControl,
    private readonly scale: number = 1,
  ) {}

  private get(seat: number, now: number): SeatPresence {
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
}
