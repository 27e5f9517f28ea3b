import { type ChatAuthor, failure, MAX_CHAT_CHARS, type MatchId } from "@arena/protocol";
import { type Room } from "../rooms/room.js";
import { fromStore, NO_MATCH, type Route, type RouteContext, roomFor } from "./route-context.js";

/** The sender of a chat line as its readers see it. */
export function authorOf(ctx: RouteContext): ChatAuthor {
  const { user, account } = ctx.socket.data;
  return { id: user.id, name: user.name, account: account !== null, bot: account?.bot ?? false };
}

/**
 * A match's room for a chat request; the socket follows the match first, so that it is in its channel's
 * socket.io room (a spectator beyond its watch limits is not, and hears lines only through `chat:history`).
 */
async function chatRoomFor(ctx: RouteContext, matchId: MatchId): Promise<Room | null> {
  const room = ctx.rooms.cached(matchId) ?? (await roomFor(ctx, matchId));
  if (room !== null && !ctx.socket.data.attached.has(matchId)) ctx.following.follow(ctx.socket, room);
  return room;
}

/** The chat's client events (docs/protocol.md, "Chat"). */
export const CHAT_ROUTES: {
  readonly [E in "chat:say" | "chat:phrase" | "chat:history" | "chat:mute"]: Route<E>;
} = {
  async "chat:say"(ctx, { matchId, channel, text }) {
    if (!text.ok) {
      return text.code === "chat-empty"
        ? failure("chat-empty", "the line is empty")
        : failure("chat-too-long", `a line has at most ${MAX_CHAT_CHARS} characters`);
    }
    const room = await chatRoomFor(ctx, matchId);
    if (room === null) return NO_MATCH;
    return fromStore(
      ctx.chat.say(room.model, authorOf(ctx), ctx.socket.data.address, channel, { text: text.text }),
    );
  },

  async "chat:phrase"(ctx, { matchId, channel, phrase }) {
    const room = await chatRoomFor(ctx, matchId);
    if (room === null) return NO_MATCH;
    return fromStore(ctx.chat.say(room.model, authorOf(ctx), ctx.socket.data.address, channel, { phrase }));
  },

  async "chat:history"(ctx, { matchId }) {
    const room = await chatRoomFor(ctx, matchId);
    if (room === null) return NO_MATCH;
    return { ok: true, ...(await fromStore(ctx.chat.history(room.model, ctx.socket.data.user.id))) };
  },

  async "chat:mute"(ctx, { matchId, userId, muted }) {
    const room = await chatRoomFor(ctx, matchId);
    if (room === null) return NO_MATCH;
    return fromStore(ctx.chat.mute(room.model, ctx.socket.data.user.id, userId, muted));
  },
};
