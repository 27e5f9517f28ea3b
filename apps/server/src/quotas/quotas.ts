import { isOver, type MatchModel } from "@arena/match";
import {
  type ChatChannel,
  failure,
  type Failure,
  isCorrespondence,
  type MatchId,
  type RateLimited,
  type TournamentId,
  type UserId,
} from "@arena/protocol";
import { type Logger } from "pino";
import { type Clock } from "../clocks/scheduler.js";
import { type QuotaLimits } from "./limits.js";
import { type QuotaStore } from "../store/ports/quotas.js";

/**
 * The rooms a user's quotas hold: waiting for players, unfinished with an AI seat, or an unfinished
 * correspondence game (which may last weeks).
 */
export type HeldKind = "waiting" | "ai" | "correspondence";

const MINUTE = 60_000;

/** Whether a room holds a place in its host's AI quota: unfinished, with an AI seat. */
export function holdsAi(model: MatchModel): boolean {
  return !isOver(model) && model.slots.some((slot) => slot.kind === "ai");
}

/** Whether a room holds a place in its host's correspondence quota: an unfinished correspondence game. */
export function holdsCorrespondence(model: MatchModel): boolean {
  return !isOver(model) && isCorrespondence(model.timeControl);
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function seconds(ms: number): string {
  return `${Math.round(ms / 1000)} s`;
}

function rateLimited(why: string, retryAfterMs: number): RateLimited {
  return {
    ...failure("rate-limited", `${why}; wait ${Math.ceil(retryAfterMs / 1000)} s`),
    code: "rate-limited",
    retryAfterMs,
  };
}

export interface QuotasOptions {
  readonly store: QuotaStore;
  readonly limits: QuotaLimits;
  readonly clock: Clock;
  readonly logger: Logger;
  /**
   * Whether a room a user's quota lists still counts (waiting, or unfinished with an AI seat): entries
   * left behind by a process that died between two steps are pruned when the quota is full.
   */
  readonly stillHeld: (kind: HeldKind, matchId: MatchId) => Promise<boolean>;
}

/** A socket counted against its user's and its address's quotas; `release` when it closes. */
export type SocketAdmission = { readonly ok: true; release(): void } | Failure;

/**
 * The quotas of users and addresses (docs/protocol.md, "Quotas"), counted in the `QuotaStore` so that
 * every process agrees. Limits that are exceeded answer `quota` with what is held and what to do.
 */
export class Quotas {
  constructor(private readonly options: QuotasOptions) {}

  get limits(): QuotaLimits {
    return this.options.limits;
  }

  /** A new socket of `user` from `address` (null: an address without a limit). */
  async admitSocket(user: UserId, address: string | null): Promise<SocketAdmission> {
    const { store, limits, logger } = this.options;
    const keys: string[] = [];
    const release = () => {
      for (const key of keys.splice(0)) {
        void store
          .disconnect(key)
          .catch((error: unknown) => logger.warn({ err: error }, "quota release failed"));
      }
    };
    try {
      if (!(await store.connect(`sockets:u:${user}`, limits.socketsPerUser))) {
        return failure(
          "quota",
          `you have ${plural(limits.socketsPerUser, "connection", "connections")} open; close a tab or another client first`,
        );
      }
      keys.push(`sockets:u:${user}`);
      if (address !== null) {
        if (!(await store.connect(`sockets:a:${address}`, limits.socketsPerAddress))) {
          release();
          return failure(
            "quota",
            `your address has ${plural(limits.socketsPerAddress, "connection", "connections")} open; try again later`,
          );
        }
        keys.push(`sockets:a:${address}`);
      }
    } catch (error) {
      // The store is down: play goes on as far as it can (moves answer `store-unavailable` by themselves);
      // a reconnecting player is not shut out by a counter nobody can read.
      logger.warn({ err: error }, "quota store unavailable: a socket was admitted uncounted");
    }
    return { ok: true, release };
  }

  /**
   * A new room of `host`'s: the creation rates, then a place among the host's waiting rooms and AI games
   * as `plan` says it will need. On success, `undo` gives the places back if the room is not created.
   */
  async admitRoom(
    host: UserId,
    address: string | null,
    matchId: MatchId,
    plan: { readonly waiting: boolean; readonly ai: boolean; readonly correspondence?: boolean },
  ): Promise<{ readonly ok: true; undo(): Promise<void> } | Failure> {
    const { store, limits, clock } = this.options;
    try {
      const now = clock.now();
      if (!(await store.hit(`rooms:u:${host}`, limits.roomsPerMinutePerUser, MINUTE, now))) {
        return failure(
          "quota",
          `you may open ${plural(limits.roomsPerMinutePerUser, "room", "rooms")} a minute; wait a little`,
        );
      }
      if (
        address !== null &&
        !(await store.hit(`rooms:a:${address}`, limits.roomsPerMinutePerAddress, MINUTE, now))
      ) {
        return failure(
          "quota",
          `your address may open ${plural(limits.roomsPerMinutePerAddress, "room", "rooms")} a minute; wait a little`,
        );
      }
      const held: HeldKind[] = [];
      const undo = async () => {
        for (const kind of held) await store.release(`${kind}:u:${host}`, matchId);
      };
      for (const kind of (["waiting", "ai", "correspondence"] as const).filter((k) => plan[k] === true)) {
        const refused = await this.hold(kind, host, matchId);
        if (refused !== null) {
          await undo();
          return refused;
        }
        held.push(kind);
      }
      return { ok: true, undo };
    } catch (error) {
      this.options.logger.warn({ err: error }, "quota store unavailable");
      return failure("store-unavailable", "the quota store is unavailable");
    }
  }

  /**
   * One more chat line of `user`'s in a match (docs/protocol.md, "Chat"): null when it may be said, else
   * `rate-limited` with when the window that refused it ends. The user's own rate, then in the spectators'
   * channel the host's slow mode (`slowMs`, 0: off; one line, then a cooldown), the address's rate and the
   * channel's: narrowest first, so a crowd's flood spends the channel's count, not a quiet user's own.
   * Counted in the quota store, so the limits hold on every process; a store that cannot count rejects (the
   * line is refused `store-unavailable`).
   */
  async chatLine(line: {
    readonly user: UserId;
    readonly address: string | null;
    readonly matchId: MatchId;
    readonly channel: ChatChannel;
    readonly slowMs: number;
  }): Promise<RateLimited | null> {
    const { limits, store, clock } = this.options;
    const { user, address, matchId, channel, slowMs } = line;
    const every = seconds(limits.chatWindowMs);
    const own = await this.rate(
      `chat:u:${user}:m:${matchId}`,
      limits.chatLinesPerWindow,
      limits.chatWindowMs,
      `you may say ${plural(limits.chatLinesPerWindow, "line", "lines")} every ${every}`,
    );
    if (own !== null || channel !== "spectators") return own;
    if (slowMs > 0) {
      const left = await store.cooldown(`chat:slow:u:${user}:m:${matchId}`, slowMs, clock.now());
      if (left > 0) return rateLimited(`slow mode: the host allows one line every ${seconds(slowMs)}`, left);
    }
    if (address !== null) {
      const refused = await this.rate(
        `chat:a:${address}:m:${matchId}`,
        limits.spectatorLinesPerAddress,
        limits.chatWindowMs,
        `your address may say ${plural(limits.spectatorLinesPerAddress, "line", "lines")} every ${every} here`,
      );
      if (refused !== null) return refused;
    }
    return this.rate(
      `chat:c:spectators:m:${matchId}`,
      limits.spectatorLinesPerChannel,
      limits.chatWindowMs,
      `the spectators' channel takes ${plural(limits.spectatorLinesPerChannel, "line", "lines")} every ${every}`,
    );
  }

  /**
   * One more line of `user`'s in a tournament's chat (docs/protocol.md, "Tournaments"): its one channel is
   * open to everyone watching, so it takes the limits of a match's spectators' channel, narrowest first.
   */
  async tournamentChatLine(
    user: UserId,
    address: string | null,
    tournamentId: TournamentId,
  ): Promise<RateLimited | null> {
    const { limits } = this.options;
    const every = seconds(limits.chatWindowMs);
    const own = await this.rate(
      `tchat:u:${user}:t:${tournamentId}`,
      limits.chatLinesPerWindow,
      limits.chatWindowMs,
      `you may say ${plural(limits.chatLinesPerWindow, "line", "lines")} every ${every}`,
    );
    if (own !== null) return own;
    if (address !== null) {
      const refused = await this.rate(
        `tchat:a:${address}:t:${tournamentId}`,
        limits.spectatorLinesPerAddress,
        limits.chatWindowMs,
        `your address may say ${plural(limits.spectatorLinesPerAddress, "line", "lines")} every ${every} here`,
      );
      if (refused !== null) return refused;
    }
    return this.rate(
      `tchat:t:${tournamentId}`,
      limits.spectatorLinesPerChannel,
      limits.chatWindowMs,
      `this chat takes ${plural(limits.spectatorLinesPerChannel, "line", "lines")} every ${every}`,
    );
  }

  /**
   * One more invitation by name from `inviter` to `invitee` (docs/protocol.md, "Invitations by name"):
   * null when it may be sent, else `rate-limited` with when to retry. The inviter's rate is counted first,
   * so a flood spends the sender's allowance before the invitee's. Rejects when the store cannot count.
   */
  async invitation(inviter: UserId, invitee: UserId): Promise<RateLimited | null> {
    const { limits } = this.options;
    const sent = limits.invitesPerMinutePerUser;
    const received = limits.invitesPerMinutePerInvitee;
    return (
      (await this.rate(
        `invites:from:${inviter}`,
        sent,
        MINUTE,
        `you may invite ${plural(sent, "player", "players")} a minute`,
      )) ??
      (await this.rate(
        `invites:to:${invitee}`,
        received,
        MINUTE,
        `this player may be invited ${plural(received, "time", "times")} a minute`,
      ))
    );
  }

  /**
   * One more tournament creation, entry or withdrawal by `user` (docs/protocol.md, "Tournaments"): null, or
   * `rate-limited` with when to retry. Rejects when the store cannot count.
   */
  tournamentAction(user: UserId): Promise<RateLimited | null> {
    const limit = this.options.limits.tournamentActionsPerMinutePerUser;
    return this.rate(
      `tournaments:${user}`,
      limit,
      MINUTE,
      `you may create, join or leave ${plural(limit, "tournament", "tournaments")} a minute`,
    );
  }

  /** One event counted against a rate: null, or `rate-limited` with the wait until its window ends. */
  private async rate(key: string, limit: number, windowMs: number, why: string): Promise<RateLimited | null> {
    const now = this.options.clock.now();
    if (await this.options.store.hit(key, limit, windowMs, now)) return null;
    // The store's windows are aligned to multiples of their length (`QuotaStore.hit`).
    return rateLimited(why, (Math.floor(now / windowMs) + 1) * windowMs - now);
  }

  /**
   * One more new guest identity for `address` (null: an address without a limit): null when it may be
   * given, else `rate-limited` with when the minute that refused it ends. A store that cannot count lets
   * it through: a guest is what a visitor gets when nothing else works.
   */
  async newGuest(address: string | null): Promise<RateLimited | null> {
    if (address === null) return null;
    const { limits, logger } = this.options;
    try {
      return await this.rate(
        `guests:a:${address}`,
        limits.guestsPerMinutePerAddress,
        MINUTE,
        `your address may start ${plural(limits.guestsPerMinutePerAddress, "guest session", "guest sessions")} a minute`,
      );
    } catch (error) {
      logger.warn({ err: error }, "quota store unavailable: a guest was given uncounted");
      return null;
    }
  }

  /**
   * One more game download for `address` (null: an address without a limit): each reads a whole log from
   * the store, so a flood is refused `rate-limited` before it reaches it. A store that cannot count lets it
   * through, as a read of a public record.
   */
  async download(address: string | null): Promise<RateLimited | null> {
    if (address === null) return null;
    const { limits, logger } = this.options;
    try {
      return await this.rate(
        `downloads:a:${address}`,
        limits.downloadsPerMinutePerAddress,
        MINUTE,
        `your address may download ${plural(limits.downloadsPerMinutePerAddress, "game", "games")} a minute`,
      );
    } catch (error) {
      logger.warn({ err: error }, "quota store unavailable: a download was let through uncounted");
      return null;
    }
  }

  /**
   * One more read or mark of `user`'s notification inbox: null, or `rate-limited` with the wait. A store
   * that cannot count lets it through (the inbox's own store answers for itself).
   */
  async notifications(user: UserId): Promise<RateLimited | null> {
    const { limits, logger } = this.options;
    const limit = limits.notificationRequestsPerMinutePerUser;
    try {
      return await this.rate(
        `notifications:u:${user}`,
        limit,
        MINUTE,
        `you may read or mark your notifications ${plural(limit, "time", "times")} a minute`,
      );
    } catch (error) {
      logger.warn(
        { err: error },
        "quota store unavailable: a notification request was let through uncounted",
      );
      return null;
    }
  }

  /**
   * One more puzzle request of `user` (a puzzle served, an attempt, a list): null, or `rate-limited` with the
   * wait. An attempt replays moves and may solve positions, so a flood is refused before it reaches them. A
   * store that cannot count lets it through.
   */
  async puzzles(user: UserId): Promise<RateLimited | null> {
    const { limits, logger } = this.options;
    const limit = limits.puzzleRequestsPerMinutePerUser;
    try {
      return await this.rate(
        `puzzles:u:${user}`,
        limit,
        MINUTE,
        `you may ask for or attempt puzzles ${plural(limit, "time", "times")} a minute`,
      );
    } catch (error) {
      logger.warn({ err: error }, "quota store unavailable: a puzzle request was let through uncounted");
      return null;
    }
  }

  /** The host seats an AI in a waiting room that had none: a place among the host's AI games. */
  async admitAi(host: UserId, matchId: MatchId): Promise<Failure | null> {
    try {
      return await this.hold("ai", host, matchId);
    } catch (error) {
      this.options.logger.warn({ err: error }, "quota store unavailable");
      return failure("store-unavailable", "the quota store is unavailable");
    }
  }

  /** A room's places follow its model: a room no longer waiting, or without AI going, gives them back. */
  settle(model: MatchModel): void {
    const { store, logger } = this.options;
    const host = model.host.id;
    const log = (error: unknown) =>
      logger.warn({ err: error, matchId: model.matchId }, "quota release failed");
    if (model.status !== "waiting") void store.release(`waiting:u:${host}`, model.matchId).catch(log);
    if (!holdsAi(model)) void store.release(`ai:u:${host}`, model.matchId).catch(log);
    if (!holdsCorrespondence(model)) void store.release(`correspondence:u:${host}`, model.matchId).catch(log);
  }

  private async hold(kind: HeldKind, host: UserId, matchId: MatchId): Promise<Failure | null> {
    const { store, limits } = this.options;
    const key = `${kind}:u:${host}`;
    const limit =
      kind === "waiting"
        ? limits.waitingRoomsPerUser
        : kind === "ai"
          ? limits.aiGamesPerUser
          : limits.correspondenceGamesPerUser;
    if (await store.hold(key, matchId, limit)) return null;
    // Full: entries whose rooms no longer count (a process died before giving them back) make room.
    let pruned = false;
    for (const member of await store.members(key)) {
      if (!(await this.options.stillHeld(kind, member as MatchId))) {
        await store.release(key, member);
        pruned = true;
      }
    }
    if (pruned && (await store.hold(key, matchId, limit))) return null;
    if (kind === "correspondence") {
      return failure(
        "quota",
        `you host ${plural(limit, "unfinished correspondence game", "unfinished correspondence games")}; finish one before opening another`,
      );
    }
    return kind === "waiting"
      ? failure(
          "quota",
          `you have ${plural(limit, "waiting room", "waiting rooms")}; start, cancel or leave one before opening another`,
        )
      : failure(
          "quota",
          `you have ${plural(limit, "game", "games")} with the computer going (listed under Playing now); finish one before starting another`,
        );
  }
}
