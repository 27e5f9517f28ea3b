import { goneAfterMs, type SeatPresence } from "@arena/match";
import { type TimeControl } from "@arena/protocol";

interface SeatEntry {
  connections: number;
  offlineSince: number | null;
  deliberate: boolean;
  /** A socket of the seat's player has followed the match on this process (its offline time means something). */
  seen: boolean;
}

/**
 * What one process tells the others about a match's followers on it (docs/architecture.md, "Presence
 * across processes"): each seat its player has followed it from there, and the spectators there.
 */
export interface PresenceReport {
  readonly seats: readonly {
    readonly seat: number;
    readonly connections: number;
    readonly offlineSince: number | null;
    readonly deliberate: boolean;
  }[];
  readonly viewers: number;
}

interface RemoteReport {
  report: PresenceReport;
  /** When it was heard (this process's clock): a process that stops reporting is taken to be gone. */
  heardAt: number;
}

/**
 * Who follows a match: each seat's connections (docs/clocks.md §6: offline long enough, a player is gone),
 * the spectators, and the host's sockets (a waiting room whose host is gone expires). Kept for this
 * process's sockets and merged with what the other processes report of theirs, so that every process shows
 * the same presence and counts the same disconnect timeouts. Not part of the match's log.
 */
export class Presence {
  private readonly seats = new Map<number, SeatEntry>();
  /** Sockets on this process watching without a seat. */
  private localViewers = 0;
  /** The latest report of each other process following the match, by its instance name. */
  private readonly remote = new Map<string, RemoteReport>();
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
      entry = { connections: 0, offlineSince: now, deliberate: false, seen: false };
      this.seats.set(seat, entry);
    }
    return entry;
  }

  /** A socket of the seat's player follows the match: true when the seat was offline until now. */
  connect(seat: number, now: number): boolean {
    const entry = this.get(seat, now);
    entry.connections++;
    entry.seen = true;
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
    this.localViewers++;
  }

  removeViewer(): void {
    this.localViewers = Math.max(0, this.localViewers - 1);
  }

  /** Spectators on every process. */
  get viewers(): number {
    let viewers = this.localViewers;
    for (const { report } of this.remote.values()) viewers += report.viewers;
    return viewers;
  }

  /** This process's part, as the other processes are told it. */
  localReport(): PresenceReport {
    const seats = [...this.seats]
      .filter(([, entry]) => entry.seen)
      .map(([seat, entry]) => ({
        seat,
        connections: entry.connections,
        offlineSince: entry.offlineSince,
        deliberate: entry.deliberate,
      }));
    return { seats, viewers: this.localViewers };
  }

  /** Whether this process has any follower of the match (then it keeps reporting). */
  get followedHere(): boolean {
    return this.localViewers > 0 || [...this.seats.values()].some((entry) => entry.connections > 0);
  }

  /**
   * A process that reported followers of the match and is still heard of (one gone silent has its
   * connections forgotten by `expire`), or null when only this process has any, or none has.
   */
  followedElsewhere(): string | null {
    for (const [instance, { report }] of this.remote) {
      if (report.viewers > 0 || report.seats.some((entry) => entry.connections > 0)) return instance;
    }
    return null;
  }

  /** Another process's report: it replaces that process's earlier one. */
  heard(instance: string, report: PresenceReport, now: number): void {
    this.remote.set(instance, { report, heardAt: now });
  }

  /**
   * Forgets the connections of processes not heard of since `before` (they stopped, or lost Redis): their
   * players count as offline since they were last heard of. True when that changed anything.
   */
  expire(before: number): boolean {
    let changed = false;
    for (const [instance, remote] of this.remote) {
      if (remote.heardAt >= before) continue;
      const { report, heardAt } = remote;
      if (report.viewers === 0 && report.seats.every((entry) => entry.connections === 0)) continue;
      changed = true;
      this.remote.set(instance, {
        heardAt,
        report: {
          viewers: 0,
          seats: report.seats.map((entry) =>
            entry.connections === 0
              ? entry
              : { ...entry, connections: 0, offlineSince: heardAt, deliberate: false },
          ),
        },
      });
    }
    return changed;
  }

  connected(seat: number): boolean {
    if ((this.seats.get(seat)?.connections ?? 0) > 0) return true;
    for (const { report } of this.remote.values()) {
      if (report.seats.some((entry) => entry.seat === seat && entry.connections > 0)) return true;
    }
    return false;
  }

  /**
   * The seat's offline time on every process together: null while a socket follows it anywhere, else the
   * latest time a process saw its last socket go (with whether that was deliberate). A process that never
   * saw the player counts only when no process did: then the player has been away since this process
   * loaded the room.
   */
  private offline(seat: number, now: number): { since: number; deliberate: boolean } | null {
    if (this.connected(seat)) return null;
    const local = this.get(seat, now);
    let latest: { since: number; deliberate: boolean } | null =
      local.seen && local.offlineSince !== null
        ? { since: local.offlineSince, deliberate: local.deliberate }
        : null;
    for (const { report } of this.remote.values()) {
      for (const entry of report.seats) {
        if (entry.seat !== seat || entry.offlineSince === null) continue;
        if (latest === null || entry.offlineSince > latest.since) {
          latest = { since: entry.offlineSince, deliberate: entry.deliberate };
        }
      }
    }
    return latest ?? { since: local.offlineSince ?? now, deliberate: local.deliberate };
  }

  offlineSince(seat: number, now: number): number | null {
    return this.offline(seat, now)?.since ?? null;
  }

  /** When the seat will count as gone, or null if it is connected. */
  goneAt(seat: number, now: number): number | null {
    return this.goneAtOf(this.offline(seat, now));
  }

  /** Never for correspondence: a player away for days is expected, and the clock alone decides. */
  private goneAtOf(offline: { since: number; deliberate: boolean } | null): number | null {
    if (offline === null) return null;
    const after = goneAfterMs(this.timeControl, offline.deliberate);
    return after === null ? null : offline.since + after * this.scale;
  }

  isGone(seat: number, now: number): boolean {
    const at = this.goneAt(seat, now);
    return at !== null && now >= at;
  }

  /** A seat's presence as views show it. */
  of(seat: number, now: number): SeatPresence {
    const offline = this.offline(seat, now);
    const goneAt = this.goneAtOf(offline);
    return {
      connected: offline === null,
      offlineSince: offline?.since ?? null,
      goneAt,
      gone: goneAt !== null && now >= goneAt,
    };
  }
}
