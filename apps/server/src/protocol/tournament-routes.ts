import { failure, MAX_CHAT_CHARS } from "@arena/protocol";
import { authorOf } from "./chat-routes.js";
import { fromStore, type Route } from "./route-context.js";
import { TOURNAMENTS_LIST_ROOM, tournamentRoom } from "./sockets.js";

const NO_TOURNAMENT = failure("not-found", "no such tournament");

/**
 * A tournament's page follows it (docs/protocol.md, "Tournaments"): its view and its chat's newest lines
 * now, then every change and every line; and says lines in its chat.
 */
export const TOURNAMENT_ROUTES: {
  readonly [
    E in
      | "tournament:watch"
      | "tournament:unwatch"
      | "tournament:chat"
      | "tournaments:subscribe"
      | "tournaments:unsubscribe"
  ]: Route<E>;
} = {
  async "tournament:watch"({ socket, tournaments, tournamentChat }, { tournamentId }) {
    const tournament = await fromStore(tournaments.view(tournamentId));
    if (tournament === null) return NO_TOURNAMENT;
    // Joined before the lines are read: a line said meanwhile arrives twice at worst (pages keep one per id).
    await socket.join(tournamentRoom(tournamentId));
    const chat = await fromStore(tournamentChat.history(tournamentId, socket.data.user.id));
    return { ok: true, tournament, chat };
  },

  async "tournament:unwatch"({ socket }, { tournamentId }) {
    await socket.leave(tournamentRoom(tournamentId));
    return { ok: true };
  },

  async "tournament:chat"(ctx, { tournamentId, text }) {
    if (!text.ok) {
      return text.code === "chat-empty"
        ? failure("chat-empty", "the line is empty")
        : failure("chat-too-long", `a line has at most ${MAX_CHAT_CHARS} characters`);
    }
    if ((await fromStore(ctx.tournaments.view(tournamentId))) === null) return NO_TOURNAMENT;
    return fromStore(ctx.tournamentChat.say(tournamentId, authorOf(ctx), ctx.socket.data.address, text.text));
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
