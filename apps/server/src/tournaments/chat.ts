import {
  type Ack,
  asMillis,
  type ChatAuthor,
  type ChatText,
  TOURNAMENT_CHAT_LINES_KEPT,
  type TournamentChatLine,
  type TournamentId,
  type Sanctioned,
  sanctionRefusal,
  type UserId,
} from "@arena/protocol";
import { randomBytes } from "node:crypto";
import { type Clock } from "../clocks/scheduler.js";
import { type Quotas } from "../quotas/quotas.js";
import { type TournamentStore } from "../store/ports/tournaments.js";

/** How a line leaves the process: to the tournament's watchers on every process, but the users in `except`. */
export type TournamentChatDelivery = (
  tournamentId: TournamentId,
  line: TournamentChatLine,
  except: readonly UserId[],
) => void;

export interface TournamentChatOptions {
  readonly store: TournamentStore;
  readonly quotas: Quotas;
  readonly clock: Clock;
  readonly deliver: TournamentChatDelivery;
  readonly linesKept?: number;
  /** Everyone a block relates to the user, either way (docs/protocol.md, "Blocks"); absent: nobody. */
  readonly related?: (user: UserId) => Promise<readonly UserId[]>;
  /** A mute that holds refuses the user's lines here too (docs/protocol.md, "Moderation"). */
  readonly muteOf?: (userId: UserId) => Promise<Sanctioned | null>;
}

/**
 * A tournament's chat (docs/protocol.md, "Tournaments"): one channel for its players and spectators, the
 * rate limits of a match's spectators' channel, lines kept beside the tournament's log and pushed to its
 * watchers. Not through the director: a line changes nothing of the tournament and takes no version.
 */
export class TournamentChat {
  constructor(private readonly options: TournamentChatOptions) {}

  /** Says a line in a tournament the caller knows exists: counted, stored, and only then delivered. */
  async say(
    tournamentId: TournamentId,
    author: ChatAuthor,
    address: string | null,
    text: ChatText,
  ): Promise<Ack<{ readonly line: TournamentChatLine }>> {
    const { store, quotas, clock, deliver } = this.options;
    const mute = (await this.options.muteOf?.(author.id)) ?? null;
    if (mute !== null) return sanctionRefusal("muted", mute);
    const limited = await quotas.tournamentChatLine(author.id, address, tournamentId);
    if (limited !== null) return limited;
    const line: TournamentChatLine = {
      id: randomBytes(9).toString("base64url"),
      author,
      text,
      at: asMillis(clock.now()),
    };
    const [, related] = await Promise.all([
      store.appendChat(tournamentId, line, this.kept),
      this.related(author.id),
    ]);
    deliver(tournamentId, line, related);
    return { ok: true, line };
  }

  /** The newest lines, oldest first, but those of users a block relates to the reader: what a page shows. */
  async history(tournamentId: TournamentId, reader: UserId): Promise<TournamentChatLine[]> {
    const [lines, related] = await Promise.all([
      this.options.store.readChat(tournamentId),
      this.related(reader),
    ]);
    const hidden = new Set(related);
    return lines.filter((line) => !hidden.has(line.author.id));
  }

  private related(user: UserId): Promise<readonly UserId[]> {
    return this.options.related?.(user) ?? Promise.resolve([]);
  }

  private get kept(): number {
    return this.options.linesKept ?? TOURNAMENT_CHAT_LINES_KEPT;
  }
}
