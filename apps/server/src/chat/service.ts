import { type MatchModel } from "@arena/match";
import {
  type Ack,
  asMillis,
  type ChatAuthor,
  type ChatChannel,
  type ChatContent,
  type ChatHistory,
  type ChatLine,
  type MatchId,
  type Sanctioned,
  sanctionRefusal,
  type UserId,
} from "@arena/protocol";
import { randomBytes } from "node:crypto";
import { type Clock } from "../clocks/scheduler.js";
import { type Quotas } from "../quotas/quotas.js";
import { type MatchStore } from "../store/ports/matches.js";
import { type ChatAudience, audienceOf, readableChannels, refuseLine, refuseMute } from "./rules.js";

/** The lines kept per match and channel (docs/architecture.md, "Chat"): the oldest go first. */
export const CHAT_LINES_KEPT = 500;

/** How a line leaves the process: to its audience's sockets on every process, but those of `except`. */
export type ChatDelivery = (
  matchId: MatchId,
  line: ChatLine,
  audience: ChatAudience,
  except: readonly UserId[],
) => void;

/**
 * Moderation's word on chat (docs/protocol.md, "Moderation"): a mute that holds refuses its user's lines,
 * and removed lines leave every reader's history.
 */
export interface ChatModeration {
  muteOf(userId: UserId): Promise<Sanctioned | null>;
  removedLines(matchId: MatchId): Promise<readonly string[]>;
}

const NO_MODERATION: ChatModeration = {
  muteOf: () => Promise.resolve(null),
  removedLines: () => Promise.resolve([]),
};

export interface ChatOptions {
  readonly store: MatchStore;
  readonly moderation?: ChatModeration;
  readonly quotas: Quotas;
  readonly clock: Clock;
  readonly deliver: ChatDelivery;
  readonly linesKept?: number;
  /**
   * Everyone a block relates to the user, either way (docs/protocol.md, "Blocks"): they neither receive the
   * user's lines nor read them in the history. Absent: nobody.
   */
  readonly related?: (user: UserId) => Promise<readonly UserId[]>;
}

/**
 * A match's chat (docs/protocol.md, "Chat"): who may say what where, the rate limit, storage beside the
 * match's log, and delivery to the sockets that may read the line. Not through the room's mailbox: a line
 * changes nothing of the match, so it takes no version and never makes a move stale.
 */
export class ChatService {
  constructor(private readonly options: ChatOptions) {}

  /** Says a line (typed text or a quick phrase): checked, counted, stored, and only then delivered. Store failures reject. */
  async say(
    model: MatchModel,
    author: ChatAuthor,
    address: string | null,
    channel: ChatChannel,
    content: ChatContent,
  ): Promise<Ack<{ readonly line: ChatLine }>> {
    const { store, quotas, clock, deliver } = this.options;
    const refused = refuseLine(model, author.id, channel);
    if (refused !== null) return refused;
    const mute = await (this.options.moderation ?? NO_MODERATION).muteOf(author.id);
    if (mute !== null) return sanctionRefusal("muted", mute);
    const limited = await quotas.chatLine({
      user: author.id,
      address,
      matchId: model.matchId,
      channel,
      slowMs: model.spectatorSlowSeconds * 1000,
    });
    if (limited !== null) return limited;
    const line: ChatLine = {
      id: randomBytes(9).toString("base64url"),
      channel,
      author,
      ...("phrase" in content ? { text: "", phrase: content.phrase } : { text: content.text }),
      at: asMillis(clock.now()),
    };
    // Stored before it is delivered; who muted its author, and whom a block keeps apart, is read meanwhile.
    const [, mutes, related] = await Promise.all([
      store.appendChat(model.matchId, line, this.options.linesKept ?? CHAT_LINES_KEPT),
      store.readMutes(model.matchId),
      this.related(author.id),
    ]);
    const muting = mutes.filter((mute) => mute.muted === author.id).map((mute) => mute.user);
    const except = [...new Set([...muting, ...related])];
    deliver(model.matchId, line, audienceOf(model, channel), except);
    return { ok: true, line };
  }

  /** What a user may read of a match's chat now, without the lines of users they muted. */
  async history(model: MatchModel, user: UserId): Promise<ChatHistory> {
    const { store } = this.options;
    const [lines, mutes, related, removed] = await Promise.all([
      store.readChat(model.matchId),
      store.readMutes(model.matchId),
      this.related(user),
      (this.options.moderation ?? NO_MODERATION).removedLines(model.matchId),
    ]);
    const channels = readableChannels(model, user);
    const muted = mutes.filter((mute) => mute.user === user).map((mute) => mute.muted);
    const hidden = new Set([...muted, ...related]);
    return {
      channels,
      lines: lines.filter(
        (line) =>
          channels.includes(line.channel) && !hidden.has(line.author.id) && !removed.includes(line.id),
      ),
      muted,
    };
  }

  private related(user: UserId): Promise<readonly UserId[]> {
    return this.options.related?.(user) ?? Promise.resolve([]);
  }

  /** A player mutes or unmutes another player of the match; answers who they mute now. */
  async mute(
    model: MatchModel,
    user: UserId,
    target: UserId,
    on: boolean,
  ): Promise<Ack<{ readonly muted: readonly UserId[] }>> {
    const { store } = this.options;
    const refused = refuseMute(model, user, target);
    if (refused !== null) return refused;
    await store.setMute(model.matchId, { user, muted: target }, on);
    const mutes = await store.readMutes(model.matchId);
    return { ok: true, muted: mutes.filter((mute) => mute.user === user).map((mute) => mute.muted) };
  }
}
