import { isOver } from "@arena/match";
import { type MatchId } from "@arena/protocol";
import { type Clock } from "../clocks/scheduler.js";
import { type Room } from "./room.js";

// Long enough for rematch offers and the first wave of late viewers; after that a finished room is
// loaded from the store again on demand.
const EVICT_AFTER_MS = 2 * 60_000;
/**
 * Finished rooms kept at most, oldest dropped first. Without a bound the cache grew with the rate games
 * end: the soak's 66 games/s kept ~8,000 rooms (200 MB of live heap, and V8 grew the heap to 4× that).
 */
export const FINISHED_ROOMS_KEPT = 500;

export interface RoomCacheOptions {
  readonly clock: Clock;
  /** Reads a match's log from the store and builds its room; null if there is no such match. */
  readonly load: (matchId: MatchId) => Promise<Room | null>;
  readonly finishedRoomsKept: number;
  /** A finished room left memory: whoever followed it here stops. */
  readonly evicted: (matchId: MatchId) => void;
}

/**
 * The rooms this process holds in memory: every live and waiting room it touched, and a bounded number
 * of finished ones. A room is loaded once even when many ask for it at the same time.
 */
export class RoomCache {
  private readonly rooms = new Map<MatchId, Room>();
  private readonly loading = new Map<MatchId, Promise<Room | null>>();
  /** Cached finished rooms, oldest first, each with the cancel of its eviction timer. */
  private readonly finished = new Map<MatchId, () => void>();
  private closed = false;

  constructor(private readonly options: RoomCacheOptions) {}

  /** The room if it is in memory now (no promise: the path of every move). */
  cached(matchId: MatchId): Room | undefined {
    return this.closed ? undefined : this.rooms.get(matchId);
  }

  /** The room, loaded from the store on first use. Rejects when the store cannot be read. */
  async get(matchId: MatchId): Promise<Room | null> {
    if (this.closed) return null;
    const cached = this.rooms.get(matchId);
    if (cached !== undefined) return cached;
    let pending = this.loading.get(matchId);
    if (pending === undefined) {
      pending = this.options.load(matchId).then(
        (room) => {
          this.loading.delete(matchId);
          if (room !== null && !this.closed) {
            this.rooms.set(matchId, room);
            // An old game opened by a viewer is cached like one that just ended, and dropped the same way.
            if (isOver(room.model)) this.retire(room);
          }
          return room;
        },
        (error: unknown) => {
          // A failed load (store down) must not be remembered: the next request tries again.
          this.loading.delete(matchId);
          throw error;
        },
      );
      this.loading.set(matchId, pending);
    }
    return pending;
  }

  all(): IterableIterator<Room> {
    return this.rooms.values();
  }

  /**
   * A room whose match is over leaves memory after a while (rematch offers, late viewers), or sooner when
   * too many have ended; the store keeps it.
   */
  retire(room: Room): void {
    const matchId = room.matchId;
    if (this.finished.has(matchId)) return;
    const { clock } = this.options;
    this.finished.set(
      matchId,
      clock.schedule(clock.now() + EVICT_AFTER_MS, () => this.evict(matchId)),
    );
    for (const oldest of this.finished.keys()) {
      if (this.finished.size <= this.options.finishedRoomsKept) break;
      this.evict(oldest);
    }
  }

  private evict(matchId: MatchId): void {
    if (this.finished.has(matchId)) this.drop(matchId);
  }

  /**
   * Forgets a room now (a live one this process neither owns nor has followers of): it stops following
   * the match's log here, and is loaded again if a socket here asks for it.
   */
  drop(matchId: MatchId): void {
    this.finished.get(matchId)?.();
    this.finished.delete(matchId);
    const room = this.rooms.get(matchId);
    if (room === undefined) return;
    room.close();
    this.rooms.delete(matchId);
    this.options.evicted(matchId);
  }

  /** Finished rooms in memory (metrics and tests). */
  get finishedCount(): number {
    return this.finished.size;
  }

  /** Closes every room and forgets them (shutdown). */
  close(): Room[] {
    this.closed = true;
    for (const cancel of this.finished.values()) cancel();
    this.finished.clear();
    const rooms = [...this.rooms.values()];
    for (const room of rooms) room.close();
    this.rooms.clear();
    return rooms;
  }
}
