import { failure } from "@arena/protocol";
import { fromStore, type Route } from "./route-context.js";
import { TOURNAMENTS_LIST_ROOM, tournamentRoom } from "./sockets.js";

/** A tournament's page follows it (docs/protocol.md, "Tournaments"): its view now, then every change. */
export const TOURNAMENT_ROUTES: {
  readonly "tournament:watch": Route<"tournament:watch">;
  readonly "tournament:unwatch": Route<"tournament:unwatch">;
  readonly "tournaments:subscribe": Route<"tournaments:subscribe">;
  readonly "tournaments:unsubscribe": Route<"tournaments:unsubscribe">;
} = {
  async "tournament:watch"({ socket, tournaments }, { tournamentId }) {
    const tournament = await fromStore(tournaments.view(tournamentId));
    if (tournament === null) return failure("not-found", "no such tournament");
    await socket.join(tournamentRoom(tournamentId));
    return { ok: true, tournament };
  },

  async "tournament:unwatch"({ socket }, { tournamentId }) {
    await socket.leave(tournamentRoom(tournamentId));
    return { ok: true };
  },

  /** The list page: the rows now (joined first, so no change falls between), then each row that changes. */
  async "tournaments:subscribe"({ socket, tournaments }) {
    await socket.join(TOURNAMENTS_LIST_ROOM);
    const listed = await fromStore(tournaments.list());
    return { ok: true, tournaments: listed };
  },

  async "tournaments:unsubscribe"({ socket }) {
    await socket.leave(TOURNAMENTS_LIST_ROOM);
    return { ok: true };
  },
};
