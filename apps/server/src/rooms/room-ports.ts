import { type GameId } from "@arena/engine/registry";
import { type MatchModel } from "@arena/match";
import {
  type Failure,
  type MatchId,
  type PresenceUpdate,
  type RoomSummary,
  type UserId,
  type VersionedEvent,
} from "@arena/protocol";
import { type Logger } from "pino";
import { type AiPool } from "../ai/pool.js";
import { type ChatDelivery } from "../chat/service.js";
import { type Clock } from "../clocks/scheduler.js";
import { type Quotas } from "../quotas/quotas.js";
import { type MatchStore } from "../store/ports/matches.js";
import { type MyGames, type MyGamesNews } from "./my-games.js";
import { type PresenceReport } from "./presence.js";
import { type Room } from "./room.js";
import { type Cluster } from "../cluster/ports.js";

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
  /** A correspondence game's time alarm rang on the process that runs its clock (`alarmAt`). */
  timeRunningOut?(room: Room): void;
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

/**
 * How a room's news leaves the process (protocol/fanout.ts in the app, a spy in tests). Each room hands
 * its events straight to it (`MatchEventSink`).
 */
export interface Fanout extends MatchEventSink {
  presence(update: PresenceUpdate): void;
  /** This process's followers of these matches (docs/architecture.md, "Presence across processes"). */
  presenceReports(reports: readonly (readonly [MatchId, PresenceReport])[]): void;
  /** This process loaded a room: ask the others for their followers of it. */
  presenceWanted(matchId: MatchId): void;
  /** A room's lobby entry changed here: tell the other processes (their lobby copies). */
  lobbyEntry(matchId: MatchId, summary: RoomSummary | null): void;
  /** This process dropped a match from its cache: its sockets stop following it here. */
  evicted(matchId: MatchId): void;
  /** Players changed seats without a command of theirs (a rated game's seats drawn): re-attach its sockets here. */
  reseated(room: Room): void;
  /** This process handed a match's lease back for `to` (the process of its sockets) to take. */
  leaseOffered(matchId: MatchId, to: string): void;
  /** A chat line was stored: to the sockets that may read it, on every process (docs/protocol.md, "Chat"). */
  chatLine: ChatDelivery;
  /** A user's game news, to their own channel on every process (docs/protocol.md, "My games"). */
  myGames: MyGamesNews;
}

export interface RoomsOptions {
  readonly store: MatchStore;
  readonly cluster: Cluster;
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
  /** Every user's and address's quotas (docs/protocol.md, "Quotas"). */
  readonly quotas: Quotas;
  /** Every user's live games (docs/protocol.md, "My games"). */
  readonly myGames: MyGames;
  /** The users following a match on any process, or null when not every process answered. */
  readonly online: (matchId: MatchId) => Promise<readonly string[] | null>;
  /**
   * A match this process holds ended (it appended the end, or heard of it), or a finished match was loaded:
   * the game index and ratings record it, once per match id however many processes call
   * (ratings/recorder.ts).
   */
  readonly onEnded?: (model: MatchModel) => void;
  /**
   * A live game this process holds was aborted because `user` did not move in their first-move window
   * (quick pairing's playban counts it: seeks/playban.ts). Every process holding the room may call.
   */
  readonly onNoShow?: (matchId: MatchId, user: UserId) => void;
  /** A match's status changed (it started, ended or was cancelled): its players' followers may hear. */
  readonly onStatusChanged?: (model: MatchModel) => void;
  /** A match changed on the process that appended the change (its players' notifications). */
  readonly onChangedHere?: (before: MatchModel, model: MatchModel) => void;
  /** A correspondence game's time alarm rang here (its running seat's notification). */
  readonly onTimeRunningOut?: (model: MatchModel) => void;
  /** A match started, told once, on the process that appended its start (vacation/service.ts). */
  readonly onStarted?: (model: MatchModel) => void;
  /** Moves were appended, told once, on the process that appended them (forecast/service.ts). */
  readonly onMoved?: (before: MatchModel, model: MatchModel) => void;
  /**
   * This process took over a live match nobody ran (a restart, a process's death): what is kept outside
   * its log is checked against it again (vacations; the players' game lists are the rooms' own).
   */
  readonly onAdopted?: (model: MatchModel) => void;
}
