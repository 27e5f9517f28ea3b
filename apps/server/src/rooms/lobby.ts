import { type MatchModel } from "@arena/match";
import { type MatchId, type RoomSummary } from "@arena/protocol";
import { type Logger } from "pino";
import { type MatchStore } from "../store/ports.js";
import { type Room } from "./room.js";

/** How lobby news leaves the process (socket.io's lobby room in the app). */
export interface LobbyFanout {
  updated(summary: RoomSummary): void;
  removed(matchId: MatchId): void;
}

/**
 * The lobby's list of public rooms (waiting and live), kept in the store for every process and pushed to
 * lobby subscribers. A live game's moves do not reach the lobby: a summary is republished only when what
 * the lobby shows (seats, presence, viewers, status) changes.
 */
export class LobbyIndex {
  /** The summary last published per room, without its version. */
  private readonly published = new Map<MatchId, string>();

  constructor(
    private readonly store: MatchStore,
    private readonly logger: Logger,
    private readonly fanout: LobbyFanout,
  ) {}

  list(): Promise<RoomSummary[]> {
    return this.store.listSummaries();
  }

  /** A room changed (`before`: its model before the change; the room's own model for presence news). */
  publish(room: Room, before: MatchModel): void {
    const model = room.model;
    if (model.visibility !== "public") return;
    const log = (error: unknown) =>
      this.logger.error({ err: error, matchId: model.matchId }, "store update failed");
    if (model.status === "waiting" || model.status === "live") {
      const summary = room.summary();
      const key = JSON.stringify({ ...summary, version: 0 });
      if (model.status === "live" && before.status === "live" && key === this.published.get(model.matchId))
        return;
      this.published.set(model.matchId, key);
      void this.store.putSummary(model.matchId, summary).catch(log);
      this.fanout.updated(summary);
    } else if (before.status === "waiting" || before.status === "live") {
      this.published.delete(model.matchId);
      void this.store.putSummary(model.matchId, null).catch(log);
      this.fanout.removed(model.matchId);
    }
  }

  /** The room left this process's memory. */
  forget(matchId: MatchId): void {
    this.published.delete(matchId);
  }
}
