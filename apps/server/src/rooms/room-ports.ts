import { type GameId } from "@arena/engine/registry";
import { type MatchModel } from "@arena/match";
import { type Failure, type MatchId, type VersionedEvent } from "@arena/protocol";
import { type Logger } from "pino";
import { type AiPool } from "../ai/pool.js";
import { type Clock } from "../clocks/scheduler.js";
import { type MatchStore } from "../store/ports.js";
import { type PresenceReport } from "./presence.js";
import { type Room } from "./room.js";

/**
 * Where a room's events go: every event that enters its log, appended here (`here`) or by another process,
 * goes straight to this process's followers of the match (protocol/fanout.ts). Every process that holds
 * the room tells its own, so nothing crosses the adapter per move (docs/architecture.md, "Several processes").
 */
export interface MatchEventSink {
  appended(matchId: MatchId, entry: VersionedEvent, here: boolean): void;
}

/** What happens to a room that the process around it must hear of (rooms/rooms.ts). */
export interface RoomEvents {
  /**
   * The model changed (the lobby, the live index and leases, the cache of finished rooms, the players' own
   * lists); `here`: this process appended the change.
   */
  changed(room: Room, before: MatchModel, here: boolean): void;
  /** Who is connected changed: tell players and spectators. */
  presenceChanged(room: Room): void;
  /** This process's followers of the match changed: tell the other processes. */
  presenceReported(room: Room, report: PresenceReport): void;
  /** Every player asked for a rematch: create it and return its id, or why not (`quota`: AI games). */
  rematch(model: MatchModel): Promise<MatchId | Failure>;
  /** This process took or gave up the match's lease (the news it needs of the match changed). */
  leaseChanged(room: Room): void;
}

export interface RoomDeps {
  readonly store: MatchStore;
  readonly clock: Clock;
  readonly ai: AiPool;
  readonly logger: Logger;
  /** This process's name in leases, given with each append (the holder hears no news of its own). */
  readonly owner?: string;
  /** Scales the docs/clocks.md §6 disconnect timeouts (1 in production; tests shrink them). */
  readonly goneScale: number;
  /** How long a waiting room's host may be away before the room expires (docs/protocol.md, "Quotas"). */
  readonly waitingRoomExpiryMs: number;
  readonly maxAiLevel: (gameId: GameId) => number;
  readonly sink: MatchEventSink;
  readonly events: RoomEvents;
  /** The users following the match on any process, or null when that could not be learnt. */
  readonly online: (matchId: MatchId) => Promise<readonly string[] | null>;
}
