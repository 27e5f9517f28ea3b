import { asUserId, type AuthResponse } from "@arena/protocol";
import { type Logger } from "pino";
import { type Clock } from "../clocks/scheduler.js";
import { type EmailService } from "../mail/email-service.js";
import { type Bucket, type PlayerStore } from "../store/ports/players.js";
import { closedAt } from "./closing.js";
import { checkPassword, hashPassword } from "./passwords.js";
import { type AccountResult, type Accounts, type LoginContext, type RateLimitedResult } from "./service.js";

/**
 * Reset requests (docs/protocol.md, "Password reset"), counted for every name whether or not it is an
 * account's, so that a refusal tells nothing: per name 3, then one every 200 s; per client address 10, then
 * one every 60 s.
 */
export const RESET_LIMITS = {
  perName: { capacity: 3, refillMs: 200_000 },
  perAddress: { capacity: 10, refillMs: 60_000 },
} as const satisfies Record<string, Bucket>;

export interface PasswordResetDeps {
  readonly players: PlayerStore;
  readonly accounts: Accounts;
  readonly email: EmailService;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Closes every socket of the sessions that ended, on every process. */
  readonly sessionsEnded: (sessionIds: readonly string[]) => void;
}

/**
 * Choosing a new password through a link mailed to the account's verified address: the request answers
 * alike for every name; the link works once, for 30 minutes, and ends every session of the account.
 */
export class PasswordReset {
  constructor(private readonly deps: PasswordResetDeps) {}

  /** Mails a reset link when `name` is an open account with a verified address; the same answer otherwise. */
  async request(name: string, from: LoginContext): Promise<{ readonly ok: true } | RateLimitedResult> {
    const { players, clock, email, logger } = this.deps;
    const now = clock.now();
    const keys: [string, Bucket][] = [
      [`reset-address:${from.address ?? "-"}`, RESET_LIMITS.perAddress],
      [`reset-name:${name.toLowerCase()}`, RESET_LIMITS.perName],
    ];
    for (const [key, bucket] of keys) {
      if (!(await players.takeToken(key, bucket, now))) {
        const left = await players.tokensLeft(key, bucket, now);
        const retryAfterMs = Math.max(1, Math.ceil((1 - left) * bucket.refillMs));
        const message = `too many reset requests; try again in ${Math.ceil(retryAfterMs / 1000)} s`;
        return { ok: false, code: "rate-limited", message, retryAfterMs };
      }
    }
    const account = await players.accountByName(name);
    if (account !== null && closedAt(account) === null && !account.bot) {
      if (await email.mailPasswordReset(account.id, account.name)) {
        logger.info({ user: account.id }, "password reset mailed");
      }
    }
    return { ok: true };
  }

  /**
   * Sets the new password of the account the token was mailed for, ends all its sessions (their sockets
   * close) and logs in anew. `invalid-reset-link` for a token unknown, used or expired; a weak password
   * leaves the link usable.
   */
  async confirm(
    token: string,
    newPassword: string,
    from: LoginContext,
  ): Promise<AccountResult<AuthResponse> | RateLimitedResult> {
    const { players, accounts, email, logger } = this.deps;
    const found = await email.takePasswordReset(token);
    const account = found === null ? null : await players.accountById(asUserId(found.userId));
    if (found === null || account === null || closedAt(account) !== null) {
      return { ok: false, code: "invalid-reset-link", message: "this link is used, expired or unknown" };
    }
    const checked = checkPassword(newPassword, account.name);
    if (!checked.ok) {
      await email.keepPasswordReset(token, found);
      return { ok: false, code: "weak-password", message: checked.message };
    }
    await players.setPasswordHash(account.id, await hashPassword(newPassword));
    const ended = await accounts.endSessions(account.id, null);
    this.deps.sessionsEnded(ended);
    logger.info({ user: account.id, ended: ended.length }, "password reset");
    const login = await accounts.login({ name: account.name, password: newPassword }, from);
    if (!login.ok) return login;
    return { ok: true, value: { ok: true, ...login.value } };
  }
}
