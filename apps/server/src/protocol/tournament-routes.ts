import { failure } from "@arena/protocol";
import { fromStore, type Route } from "./route-context.js";
import { tournamentRoom } from "./sockets.js";

/** A tournament's page follows it (docs/protocol.md, "Tournaments"): its view now, then every change. */
export const TOURNAMENT_ROUTES: {
  readonly "tournament:watch": Route<"tournament:watch">;
  readonly "tournament:unwatch": Route<"tournament:unwatch">;
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
};
