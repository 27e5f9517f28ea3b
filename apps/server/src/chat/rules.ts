import { isOver, type MatchModel, seatsOf } from "@arena/match";
import { CHAT_CHANNELS, type ChatChannel, failure, type Failure } from "@arena/protocol";

/**
 * The channel a user belongs to in a match (docs/protocol.md, "Chat"): the players' while they hold any
 * seat there, whichever others they watch; the spectators' otherwise. AI seats have no user and never chat.
 */
export function channelOf(model: MatchModel, userId: string): ChatChannel {
  return seatsOf(model, userId).length > 0 ? "players" : "spectators";
}

/** The channels a user reads: their own while the match is not over, both once it is (its replay). */
export function readableChannels(model: MatchModel, userId: string): readonly ChatChannel[] {
  return isOver(model) ? CHAT_CHANNELS : [channelOf(model, userId)];
}

/** Who hears a new line: its channel's readers, or every follower once the match is over. */
export type ChatAudience = ChatChannel | "everyone";

export function audienceOf(model: MatchModel, channel: ChatChannel): ChatAudience {
  return isOver(model) ? "everyone" : channel;
}

/**
 * Whether a user may say a line in a channel: their own channel only, and the spectators' only while the
 * host keeps it open (`chat-closed` otherwise).
 */
export function refuseLine(model: MatchModel, userId: string, channel: ChatChannel): Failure | null {
  const own = channelOf(model, userId);
  if (channel !== own) {
    return own === "players"
      ? failure("forbidden", "players chat in the players' channel")
      : failure("forbidden", "only the players chat in the players' channel");
  }
  if (channel === "spectators" && !model.spectatorChat) {
    return failure("chat-closed", "the host has closed the spectators' chat");
  }
  return null;
}

/** Whether a user may mute another in a match: a player muting another player of it. */
export function refuseMute(model: MatchModel, userId: string, target: string): Failure | null {
  if (seatsOf(model, userId).length === 0)
    return failure("not-your-seat", "only players mute their opponents");
  if (target === userId) return failure("forbidden", "you cannot mute yourself");
  if (seatsOf(model, target).length === 0) return failure("not-found", "that user is not a player here");
  return null;
}
