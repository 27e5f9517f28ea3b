import { randomUUID } from "node:crypto";
import {
  asUserId,
  type ErrorCode,
  failure,
  type Failure,
  type PublicUser,
  type Sanctioned,
  type SanctionRefusal,
  sanctionRefusal,
  type UserId,
  type UserRef,
} from "@arena/protocol";
import { type Logger } from "pino";
import { type Clock } from "../clocks/scheduler.js";
import { type Identity, randomId } from "../identity/tokens.js";
import { nameSkeleton } from "../store/ports/name-skeleton.js";
import { checkAccountName, nameKey } from "./names.js";
import { checkPassword, decoyHash, hashPassword, verifyPassword } from "./passwords.js";
import { type AccountRecord, type Bucket, BUCKET_IDLE_MS, type PlayerStore } from "../store/ports/players.js";
import { type SessionRecord, type SessionStore } from "../store/ports/sessions.js";
import { SESSION_POLICY, type SessionPolicy, sessionLive, sessionNeedsTouch } from "./session-policy.js";

/**
 * Login attempts (docs/protocol.md, "Accounts"), token buckets in the player store so every process
 * agrees. Every attempt from an address: 20 at once, then one every 3 s. Wrong passwords only (so nobody
 * can spend them with the right one): per account name 10, then one every 12 s — counted for unknown names
 * as for known ones — and per name and address 5, then one a minute. A name whose failures are spent is
 * closed only to the addresses that have been failing at it: the owner's right password from elsewhere
 * always gets through. Registrations: 10 per address, then one every 30 s.
 */
export const LOGIN_LIMITS = {
  perAddress: { capacity: 20, refillMs: 3_000 },
  failuresPerName: { capacity: 10, refillMs: 12_000 },
  failuresPerNameAndAddress: { capacity: 5, refillMs: 60_000 },
  registerPerAddress: { capacity: 10, refillMs: 30_000 },
} as const satisfies Record<string, Bucket>;
export type LoginLimits = { readonly [K in keyof typeof LOGIN_LIMITS]: Bucket };

/** Buckets must be full again once the stores may drop them (ports.ts). */
function checkLimits(limits: LoginLimits): void {
  for (const bucket of Object.values(limits)) {
    if (bucket.capacity * bucket.refillMs > BUCKET_IDLE_MS) {
      throw new Error(`a login bucket refills in more than ${BUCKET_IDLE_MS} ms`);
    }
  }
}

/** Who a token is: a guest, or an account's open session. */
export interface ResolvedSession {
  readonly user: UserRef;
  readonly token: string;
  readonly account: { readonly sessionId: string; readonly bot: boolean } | null;
}

export type AccountResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: ErrorCode; readonly message: string };

/** Where a login comes from: kept with its session for its owner to recognise (docs/protocol.md, "Sessions"). */
export interface LoginContext {
  readonly address: string | null;
  /** The browser and system ("Firefox on Linux"; accounts/device.ts), "" when unknown. */
  readonly device: string;
}

/** A refusal by a login or registration bucket: when to try again. */
export interface RateLimitedResult {
  readonly ok: false;
  readonly code: "rate-limited";
  readonly message: string;
  readonly retryAfterMs: number;
}

const refuse = (code: ErrorCode, message: string) => ({ ok: false as const, code, message });

/**
 * Moderation's word on an account (docs/protocol.md, "Moderation"): a ban that holds now refuses its
 * logins and its tokens. Injected; without it nobody is banned.
 */
export interface AccountStanding {
  banOf(userId: UserId): Promise<Sanctioned | null>;
}
const NO_STANDING: AccountStanding = { banOf: () => Promise.resolve(null) };

/** The one answer to an unknown name and to a wrong password. */
const BAD_CREDENTIALS = refuse("bad-credentials", "wrong name or password");

export const publicUser = (account: AccountRecord): PublicUser => ({
  id: account.id,
  name: account.name,
  bot: account.bot,
  createdAt: account.createdAt,
  // A closed account's games still show its name, marked (docs/protocol.md, "Closing an account").
  ...((account.closedAt ?? null) === null ? {} : { closed: true as const }),
});

/** Registering, logging in and out, and telling who a token is (docs/architecture.md, "Identity"). */
export class Accounts {
  constructor(
    private readonly store: PlayerStore,
    private readonly sessions: SessionStore,
    private readonly identity: Identity,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly limits: LoginLimits = LOGIN_LIMITS,
    private readonly policy: SessionPolicy = SESSION_POLICY,
    private readonly standing: AccountStanding = NO_STANDING,
  ) {
    checkLimits(limits);
  }

  /**
   * Claims `name` for the guest `claimant` (who keeps its user id, so its games stay its own), or for a
   * new user when there is none; opens a session.
   */
  async register(
    input: { readonly name: string; readonly password: string; readonly bot: boolean },
    claimant: ResolvedSession | null,
    from: LoginContext,
  ): Promise<AccountResult<{ token: string; user: PublicUser }> | RateLimitedResult> {
    const { address } = from;
    const name = checkAccountName(input.name);
    if (!name.ok) return refuse("invalid-name", name.message);
    const password = checkPassword(input.password, name.name);
    if (!password.ok) return refuse("weak-password", password.message);
    if (claimant?.account !== undefined && claimant.account !== null) {
      return refuse("already-registered", "you are logged in to an account already");
    }
    // Counted once the request is well-formed: what the bucket protects is the hashing and the names.
    const registerKey = `register:${address ?? "-"}`;
    if (!(await this.store.takeToken(registerKey, this.limits.registerPerAddress, this.clock.now()))) {
      return await this.limited(
        registerKey,
        this.limits.registerPerAddress,
        this.clock.now(),
        "too many registrations from this address",
      );
    }
    const account: AccountRecord = {
      id: claimant?.user.id ?? asUserId(`u_${randomId()}`),
      name: name.name,
      nameKey: nameKey(name.name),
      bot: input.bot,
      passwordHash: await hashPassword(input.password),
      createdAt: this.clock.now(),
    };
    const created = await this.store.createAccount(account);
    if (!created.ok) {
      switch (created.reason) {
        case "name-taken":
          return refuse("name-taken", `'${name.name}' is taken`);
        case "name-confusable":
          return refuse("name-confusable", `'${name.name}' looks like another player's name`);
        case "already-registered":
          return refuse("already-registered", "this guest has claimed an account already: log in");
      }
    }
    this.logger.info({ user: account.id, name: account.name, bot: account.bot }, "account registered");
    return { ok: true, value: { token: await this.openSession(account, from), user: publicUser(account) } };
  }

  /** The same answer, after the same work (a scrypt hash), for an unknown name and a wrong password. */
  async login(
    input: { readonly name: string; readonly password: string },
    from: LoginContext,
  ): Promise<AccountResult<{ token: string; user: PublicUser }> | RateLimitedResult | SanctionRefusal> {
    const now = this.clock.now();
    const { perAddress, failuresPerName, failuresPerNameAndAddress } = this.limits;
    const addressKey = `login-address:${from.address ?? "-"}`;
    if (!(await this.store.takeToken(addressKey, perAddress, now))) {
      return await this.limited(addressKey, perAddress, now, "too many login attempts from this address");
    }
    const key = nameKey(input.name);
    const nameKeyed = `login-name:${key}`;
    const pairKeyed = `login-pair:${key}:${from.address ?? "-"}`;
    const [nameLeft, pairLeft] = await Promise.all([
      this.store.tokensLeft(nameKeyed, failuresPerName, now),
      this.store.tokensLeft(pairKeyed, failuresPerNameAndAddress, now),
    ]);
    // An address that has not been failing at this name is never shut out by others' failures.
    const failing = pairLeft < failuresPerNameAndAddress.capacity;
    if (pairLeft < 1 || (failing && nameLeft < 1)) {
      const [bucketKey, bucket] =
        pairLeft < 1 ? [pairKeyed, failuresPerNameAndAddress] : [nameKeyed, failuresPerName];
      return await this.limited(bucketKey, bucket, now, "too many failed logins for this name");
    }
    const account = await this.store.accountByName(input.name);
    const matches = await verifyPassword(input.password, account?.passwordHash ?? (await decoyHash()));
    if (account === null || !matches) {
      await Promise.all([
        this.store.takeToken(nameKeyed, failuresPerName, now),
        this.store.takeToken(pairKeyed, failuresPerNameAndAddress, now),
      ]);
      return BAD_CREDENTIALS;
    }
    // Moderation: only the right password learns of the ban, with its reason and end.
    const ban = await this.standing.banOf(account.id);
    if (ban !== null) return sanctionRefusal("banned", ban);
    return { ok: true, value: { token: await this.openSession(account, from), user: publicUser(account) } };
  }

  /** `rate-limited`, with the time until the bucket holds a token again. */
  private async limited(key: string, bucket: Bucket, now: number, why: string): Promise<RateLimitedResult> {
    const left = await this.store.tokensLeft(key, bucket, now);
    const retryAfterMs = Math.max(1, Math.ceil((1 - left) * bucket.refillMs));
    return {
      ok: false,
      code: "rate-limited",
      message: `${why}; try again in ${Math.ceil(retryAfterMs / 1000)} s`,
      retryAfterMs,
    };
  }

  /** Ends the token's session for good: a token of a session that ended resolves as nobody. */
  async logout(token: unknown): Promise<string | null> {
    const claims = this.identity.claims(token);
    if (claims === null || claims.session === null) return null;
    await this.sessions.end(claims.session.id);
    return claims.session.id;
  }

  /**
   * Who `token` is: a guest (signed), or an account whose session is still open in the store; null for
   * anything else (forged, or a session that ended). While the store cannot be reached, a well-signed
   * account token is believed (docs/architecture.md, "Identity").
   */
  async resolve(token: unknown): Promise<ResolvedSession | null> {
    const claims = this.identity.claims(token);
    if (claims === null || typeof token !== "string") return null;
    if (claims.session === null) {
      // A guest token names an id no account holds: once a guest claims an account, every token it held
      // as a guest is nobody's (docs/architecture.md, "Identity"). While the store cannot be reached it is
      // believed, as an account's token is.
      let claimed: boolean;
      try {
        claimed = (await this.store.accountById(claims.user.id)) !== null;
      } catch (error) {
        this.logger.warn({ err: error }, "guests cannot be checked: the player store is unreachable");
        claimed = false;
      }
      if (claimed) return null;
      // Moderation: a guest its banned account's browser became is nobody's either (guest-chain.ts).
      if ((await this.standing.banOf(claims.user.id).catch(() => null)) !== null) return null;
      // A guest whose signed name is no longer valid gets a token with the name it now has.
      return {
        user: claims.user,
        token: claims.renamed ? this.identity.issue(claims.user) : token,
        account: null,
      };
    }
    let owner: UserId | null;
    try {
      owner = await this.liveSessionUser(claims.session.id);
    } catch (error) {
      this.logger.warn({ err: error }, "sessions cannot be checked: the session store is unreachable");
      owner = claims.user.id;
    }
    if (owner !== claims.user.id) return null;
    // Moderation: a banned account's tokens are nobody's (its sessions were ended too; this covers a race).
    if ((await this.standing.banOf(owner).catch(() => null)) !== null) return null;
    // Marked as an account wherever it shows: seats, lists and chat (docs/protocol.md, "Names").
    return {
      user: { ...claims.user, account: true },
      token,
      account: { sessionId: claims.session.id, bot: claims.session.bot },
    };
  }

  /**
   * Whether a guest may go by `name` (docs/protocol.md, "Names"): not an account's name, whatever its
   * case, nor one that looks like it (the same skeleton). Null when it may.
   */
  async checkGuestName(name: string): Promise<Failure | null> {
    if ((await this.store.accountByName(name)) !== null) {
      return failure("name-taken", `'${name}' is an account's name; guests cannot use it`);
    }
    const lookalike = await this.store.accountBySkeleton(nameSkeleton(name));
    if (lookalike !== null) {
      return failure("name-confusable", `'${name}' looks like the account name '${lookalike.name}'`);
    }
    return null;
  }

  /** The account of a name (case-insensitive). */
  account(name: string): Promise<AccountRecord | null> {
    return this.store.accountByName(name);
  }

  /**
   * The user of a session that is open and not expired (session-policy.ts), marking its use; an expired one
   * is ended on the way, so that it leaves its owner's list too.
   */
  private async liveSessionUser(sessionId: string): Promise<UserId | null> {
    const session = await this.sessions.get(sessionId);
    if (session === null) return null;
    const now = this.clock.now();
    if (!sessionLive(session, now, this.policy)) {
      await this.sessions.end(sessionId);
      return null;
    }
    if (sessionNeedsTouch(session, now, this.policy)) await this.sessions.touch(sessionId, now);
    return session.userId;
  }

  /** The account's open sessions, the last used first; those expired are ended and left out. */
  async listSessions(userId: UserId): Promise<SessionRecord[]> {
    const now = this.clock.now();
    const listed = await this.sessions.list(userId);
    const expired = listed.filter((session) => !sessionLive(session, now, this.policy));
    await Promise.all(expired.map((session) => this.sessions.end(session.id)));
    return listed.filter((session) => sessionLive(session, now, this.policy));
  }

  /** Ends one of the user's own sessions: false when it is not theirs or no longer open. */
  async endSession(userId: UserId, sessionId: string): Promise<boolean> {
    const session = await this.sessions.get(sessionId);
    if (session?.userId !== userId) return false;
    return await this.sessions.end(sessionId);
  }

  /** Ends every session of the user but `keep` (null: all of them): the ids ended, for their sockets. */
  endSessions(userId: UserId, keep: string | null): Promise<string[]> {
    return this.sessions.endAllBut(userId, keep);
  }

  /**
   * A new password for an account whose old one is given (docs/protocol.md, "Sessions"): every other
   * session ends. Wrong old passwords spend the login buckets of the account's name, as a login would.
   */
  async changePassword(
    session: ResolvedSession,
    input: { readonly oldPassword: string; readonly newPassword: string },
    from: LoginContext,
  ): Promise<AccountResult<{ ended: string[] }> | RateLimitedResult> {
    if (session.account === null) return refuse("not-found", "guests have no password");
    const account = await this.store.accountById(session.user.id);
    if (account === null) return refuse("not-found", "no such account");
    const now = this.clock.now();
    const pairKeyed = `login-pair:${account.nameKey}:${from.address ?? "-"}`;
    const bucket = this.limits.failuresPerNameAndAddress;
    if ((await this.store.tokensLeft(pairKeyed, bucket, now)) < 1) {
      return await this.limited(pairKeyed, bucket, now, "too many wrong passwords");
    }
    if (!(await verifyPassword(input.oldPassword, account.passwordHash))) {
      await this.store.takeToken(pairKeyed, bucket, now);
      return BAD_CREDENTIALS;
    }
    const checked = checkPassword(input.newPassword, account.name);
    if (!checked.ok) return refuse("weak-password", checked.message);
    await this.store.setPasswordHash(account.id, await hashPassword(input.newPassword));
    const ended = await this.sessions.endAllBut(account.id, session.account.sessionId);
    this.logger.info({ user: account.id, ended: ended.length }, "password changed");
    return { ok: true, value: { ended } };
  }

  private async openSession(account: AccountRecord, from: LoginContext): Promise<string> {
    const sessionId = randomUUID();
    const now = this.clock.now();
    await this.sessions.open({
      id: sessionId,
      userId: account.id,
      createdAt: now,
      lastUsedAt: now,
      device: from.device,
      address: from.address,
    });
    const open = await this.sessions.list(account.id);
    await Promise.all(open.slice(this.policy.maxPerUser).map((old) => this.sessions.end(old.id)));
    return this.identity.issueSession(
      { id: account.id, name: account.name },
      { id: sessionId, bot: account.bot },
    );
  }
}
