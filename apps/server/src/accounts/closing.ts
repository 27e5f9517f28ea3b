import { type MatchId, type UserId, type UserRef } from "@arena/protocol";
import { type Logger } from "pino";
import { type Clock } from "../clocks/scheduler.js";
import { nameSkeleton } from "../store/ports/name-skeleton.js";
import { type AccountRecord, type PlayerStore } from "../store/ports/players.js";
import { verifyPassword } from "./passwords.js";
import {
  type AccountResult,
  type Accounts,
  LOGIN_LIMITS,
  type LoginContext,
  type RateLimitedResult,
  type ResolvedSession,
} from "./service.js";

/** A closed account's name (and its look-alikes) stays held this long (docs/protocol.md, "Closing an account"). */
export const CLOSED_NAME_HELD_MS = 365 * 86_400_000;

export interface AccountClosingDeps {
  readonly players: PlayerStore;
  readonly accounts: Accounts;
  /** The inboxes: a closed account's is deleted. */
  readonly notifications: { clear(userId: string): Promise<void> };
  /** Vacations: a closed account's ends (its games' clocks run again). */
  readonly vacations: { set(user: { id: UserId; name: string }, on: boolean): Promise<unknown> };
  /** The account's live games: each is resigned, and its forecast there cleared (it would play on). */
  readonly games: {
    live(userId: UserId): Promise<readonly MatchId[]>;
    /** Resigns `user`'s seat in the match (nothing when the match is over or not theirs). */
    resign(matchId: MatchId, user: UserRef): Promise<void>;
    clearForecast(matchId: MatchId, userId: UserId): Promise<void>;
  };
  /** E-mail settings: forgotten; null when the server has no e-mail. */
  readonly email: { forget(userId: string): Promise<void> } | null;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Closes every socket of the sessions that ended, on every process. */
  readonly sessionsEnded: (sessionIds: readonly string[]) => void;
}

/** When an account was closed, or null while it is open. */
export const closedAt = (account: AccountRecord): number | null => account.closedAt ?? null;

/** The names among `games`' opponents whose accounts are closed, for lists to mark them. */
export async function closedOpponents(
  players: PlayerStore,
  games: readonly { readonly opponents: readonly string[] }[],
): Promise<string[]> {
  const names = [...new Set(games.flatMap((game) => game.opponents))];
  const accounts = await Promise.all(names.map((name) => players.accountByName(name)));
  return names.filter((_, i) => {
    const account = accounts[i];
    return account != null && closedAt(account) !== null;
  });
}

/**
 * Closing accounts (docs/protocol.md, "Closing an account"): by their owner with the password, or by a
 * moderator (`closeAccount`). A closed account cannot log in, keeps its games and ratings history (its
 * opponents' too) and its name for `CLOSED_NAME_HELD_MS`; its personal data is deleted.
 */
export class AccountClosing {
  constructor(private readonly deps: AccountClosingDeps) {}

  /**
   * Closes the account for `reason` (logged): its sessions end and their sockets close, its live games are
   * resigned (their forecasts cleared), its follows go, its inbox, e-mail settings and password are
   * deleted, a vacation ends. `not-found` when there is no such
   * open account.
   */
  async closeAccount(userId: UserId, reason: string): Promise<AccountResult<{ closedAt: number }>> {
    const { players, accounts, clock, logger } = this.deps;
    const account = await players.accountById(userId);
    const now = clock.now();
    if (account === null || closedAt(account) !== null || !(await players.closeAccount(userId, now))) {
      return { ok: false, code: "not-found", message: "no such open account" };
    }
    const ended = await accounts.endSessions(userId, null);
    this.deps.sessionsEnded(ended);
    const user: UserRef = { id: userId, name: account.name, account: true };
    for (const matchId of await this.deps.games.live(userId)) {
      await this.deps.games.clearForecast(matchId, userId);
      await this.deps.games.resign(matchId, user);
    }
    await Promise.all([
      this.deps.notifications.clear(userId),
      this.deps.email?.forget(userId),
      this.deps.vacations.set({ id: userId, name: account.name }, false),
    ]);
    logger.info({ user: userId, name: account.name, reason, ended: ended.length }, "account closed");
    return { ok: true, value: { closedAt: now } };
  }

  /**
   * The owner closes their account, proving it with the password. Wrong passwords spend the login bucket
   * of the name and address, as a password change's do.
   */
  async closeByOwner(
    session: ResolvedSession,
    password: string,
    from: LoginContext,
  ): Promise<AccountResult<{ closedAt: number }> | RateLimitedResult> {
    const { players, clock } = this.deps;
    const account = await players.accountById(session.user.id);
    if (session.account === null || account === null) {
      return { ok: false, code: "not-found", message: "guests have no account to close" };
    }
    const now = clock.now();
    const key = `login-pair:${account.nameKey}:${from.address ?? "-"}`;
    const bucket = LOGIN_LIMITS.failuresPerNameAndAddress;
    const left = await players.tokensLeft(key, bucket, now);
    if (left < 1) {
      const retryAfterMs = Math.max(1, Math.ceil((1 - left) * bucket.refillMs));
      const message = `too many wrong passwords; try again in ${Math.ceil(retryAfterMs / 1000)} s`;
      return { ok: false, code: "rate-limited", message, retryAfterMs };
    }
    if (!(await verifyPassword(password, account.passwordHash))) {
      await players.takeToken(key, bucket, now);
      return { ok: false, code: "bad-credentials", message: "wrong password" };
    }
    return await this.closeAccount(account.id, "closed by its owner");
  }

  /**
   * Frees the name `name` and its look-alikes when a closed account has held them for
   * `CLOSED_NAME_HELD_MS`: run before a registration, so that the name can be taken once the time is up.
   */
  async freeNameIfDue(name: string): Promise<void> {
    const { players, clock, logger } = this.deps;
    const holders = await Promise.all([
      players.accountByName(name),
      players.accountBySkeleton(nameSkeleton(name)),
    ]);
    for (const holder of holders) {
      const closed = holder === null ? null : closedAt(holder);
      if (holder === null || closed === null || clock.now() - closed < CLOSED_NAME_HELD_MS) continue;
      if (await players.releaseName(holder.id)) {
        logger.info({ user: holder.id, name: holder.name }, "a closed account's name is free again");
      }
    }
  }
}
