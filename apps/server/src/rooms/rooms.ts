import { isOver, type MatchModel } from "@arena/match";
import {
  type Ack,
  type ClientPayload,
  type MatchId,
  type PresenceUpdate,
  type RoomSummary,
  type UserRef,
  type VersionedEvent,
  type Version,
} from "@arena/protocol";
import { type Logger } from "pino";
import { type AiPool } from "../ai/pool.js";
import { type Clock } from "../clocks/scheduler.js";
import { maxAiLevel } from "../games/catalogue.js";
import { type MatchStore } from "../store/ports.js";
import { RoomCache } from "./cache.js";
import { createRematch, createRoom } from "./creation.js";
import { LeaseKeeper } from "./leases.js";
import { LobbyIndex } from "./lobby.js";
import { Room, type RoomEvents } from "./room.js";

/** How a room's news leaves the process (socket.io in the app, a spy in tests). */
export interface Fanout {
  matchEvent(matchId: MatchId, entry: VersionedEvent): void;
  presence(update: PresenceUpdate): void;
  lobbyUpdated(summary: RoomSummary): void;
  lobbyRemoved(matchId: MatchId): void;
  /** This process dropped a finished match from its cache: its sockets stop following it here. */
  evicted(matchId: MatchId): void;
}

export interface RoomsOptions {
  readonly store: MatchStore;
  readonly clock: Clock;
  readonly ai: AiPool;
  readonly logger: Logger;
  readonly fanout: Fanout;
  /** This process's name in leases. */
  readonly owner: string;
  readonly leaseTtlMs: number;
  readonly goneScale: number;
  readonly creditToMoveMs: number;
  readonly creditOthersMs: number;
  readonly finishedRoomsKept: number;
  /** Counts moves for metrics. */
  readonly onMove?: () => void;
}

/**
 * The rooms of this process, wired together: the cache that loads them, the lease keeper that runs their
 * clocks and AI here, the lobby index, and room creation. The one thing the gateway and the HTTP API talk to.
 */
export class Rooms implements RoomEvents {
  private readonly cache: RoomCache;
  private readonly leases: LeaseKeeper;
  private readonly lobby: LobbyIndex;
  private unsubscribe: (() => void) | null = null;
  private stopped = false;

  constructor(private readonly options: RoomsOptions) {
    const { store, clock, ai, logger, goneScale, fanout } = options;
    const roomDeps = { store, clock, ai, logger, goneScale, maxAiLevel, events: this };
    this.cache = new RoomCache({
      clock,
      load: (matchId) => Room.load(roomDeps, matchId),
      finishedRoomsKept: options.finishedRoomsKept,
      evicted: (matchId) => {
        this.lobby.forget(matchId);
        fanout.evicted(matchId);
      },
    });
    this.leases = new LeaseKeeper({
      store,
      clock,
      logger,
      rooms: this.cache,
      owner: options.owner,
      leaseTtlMs: options.leaseTtlMs,
      creditToMoveMs: options.creditToMoveMs,
      creditOthersMs: options.creditOthersMs,
    });
    this.lobby = new LobbyIndex(store, logger, {
      updated: (summary) => fanout.lobbyUpdated(summary),
      removed: (matchId) => fanout.lobbyRemoved(matchId),
    });
  }

  /** Follows other processes' appends, loads the live games (taking over orphans) and starts lease upkeep. */
  async start(): Promise<void> {
    this.unsubscribe = this.options.store.onAppend((matchId, version) =>
      this.cache.cached(matchId)?.notify(version),
    );
    await this.leases.maintain();
  }

  /** Stops timers and AI. Graceful: hand the leases back so another process takes over at once. */
  async stop(graceful: boolean): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    await this.leases.stop(graceful, this.cache.close());
  }

  /** Shutting down: rooms are closed and no longer loaded. */
  get isStopped(): boolean {
    return this.stopped;
  }

  /** The room of a match if it is in memory now (no promise: the path of every move). */
  cached(matchId: MatchId): Room | undefined {
    return this.cache.cached(matchId);
  }

  /** The room of a match, loaded from the store on first use; rejects when the store cannot be read. */
  get(matchId: MatchId): Promise<Room | null> {
    return this.cache.get(matchId);
  }

  async create(
    host: UserRef,
    input: ClientPayload<"room:create">,
  ): Promise<Ack<{ matchId: MatchId; version: Version }>> {
    const ack = await createRoom(this.creationDeps(), host, input);
    if (ack.ok) {
      const room = this.cache.cached(ack.matchId);
      // A room nobody sat in yet has had no command: list it in the lobby now.
      if (room !== undefined) this.lobby.publish(room, room.model);
    }
    return ack;
  }

  lobbyRooms(): Promise<RoomSummary[]> {
    return this.lobby.list();
  }

  /** Live matches this process runs. */
  liveCount(): number {
    let live = 0;
    for (const room of this.cache.all()) if (room.owned && room.model.status === "live") live++;
    return live;
  }

  /** Finished rooms in memory. */
  get finishedCached(): number {
    return this.cache.finishedCount;
  }

  /** One round of lease upkeep now (tests). */
  maintain(): Promise<void> {
    return this.leases.maintain();
  }

  private creationDeps() {
    const { store, clock, logger } = this.options;
    return { store, clock, logger, rooms: this.cache };
  }

  // ——— RoomEvents: what rooms tell the process ———

  appended(matchId: MatchId, entry: VersionedEvent): void {
    if (entry.event.type === "moved") this.options.onMove?.();
    this.options.fanout.matchEvent(matchId, entry);
  }

  changed(room: Room, before: MatchModel): void {
    const model = room.model;
    // A move in a live game: nothing here changes (status, seats and leases stay, the lobby does not
    // show moves), and this runs for every move.
    if (
      before.status === "live" &&
      model.status === "live" &&
      before.slots === model.slots &&
      before.eliminatedAt === model.eliminatedAt
    ) {
      return;
    }
    if (before.status !== "live" && model.status === "live") this.leases.started(model.matchId);
    if (isOver(model) && (before.status === "live" || room.owned)) this.leases.ended(room);
    if (isOver(model) && !isOver(before)) this.cache.retire(room);
    this.lobby.publish(room, before);
  }

  presenceChanged(room: Room): void {
    this.options.fanout.presence(room.presenceUpdate());
    this.lobby.publish(room, room.model);
  }

  rematch(model: MatchModel): Promise<MatchId> {
    return createRematch(this.creationDeps(), model);
  }
}
