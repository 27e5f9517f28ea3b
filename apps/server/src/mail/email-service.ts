import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import {
  type Failure,
  failure,
  type EmailSettingsResponse,
  type SetEmailKindsRequest,
} from "@arena/protocol";
import { type Clock } from "../clocks/scheduler.js";
import { type MailQueue } from "../store/ports/mail-queue.js";
import {
  type EmailSettingsStore,
  type StoredEmailSettings,
  type VerificationToken,
} from "../store/ports/email-settings.js";
import { type QuotaStore } from "../store/ports/quotas.js";
import {
  type MailableNotification,
  notificationMail,
  passwordResetMail,
  verificationMail,
} from "./compose.js";
import {
  DEFAULT_MAILED_KINDS,
  MAIL_KINDS,
  MAIL_LANGUAGES,
  type MailKind,
  type MailLanguage,
} from "./messages.js";

/** A verification link works for a day. */
export const VERIFY_TTL_MS = 86_400_000;
/** One verification mail per account per this long. */
export const VERIFY_COOLDOWN_MS = 60_000;

export interface EmailServiceDeps {
  readonly settings: EmailSettingsStore;
  readonly queue: MailQueue;
  readonly quotas: QuotaStore;
  readonly clock: Clock;
  /** The server's public origin, for links (`PUBLIC_ORIGIN`). */
  readonly origin: string;
  /** Signs unsubscribe links (the server's SECRET). */
  readonly secret: string;
  /** Whether mails are sent at all (SMTP_URL set). */
  readonly sending: boolean;
  /** Told after a mail is queued, so this process's sender sends it now rather than at its next poll. */
  readonly queued?: () => void;
}

/** A password reset link works for 30 minutes (docs/protocol.md, "Password reset"). */
export const RESET_TTL_MS = 30 * 60_000;
/** One reset mail per address per this long. */
export const RESET_MAIL_COOLDOWN_MS = 60_000;

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");
/**
 * Reset tokens share the verification tokens' store under another hash: a reset token is never taken for a
 * verification one, nor the other way round.
 */
const resetHash = (token: string) => sha256(`password-reset:${token}`);

/**
 * Accounts' e-mail: the address and its verification, the kinds mailed, one-click unsubscribe, and the
 * mail for a notification (docs/protocol.md, "E-mail").
 */
export class EmailService {
  constructor(private readonly deps: EmailServiceDeps) {}

  async view(userId: string): Promise<EmailSettingsResponse> {
    const stored = await this.deps.settings.get(userId);
    return {
      ok: true,
      address: stored?.address ?? null,
      verified: stored?.verified ?? false,
      language: languageOf(stored),
      kinds: kindsOf(stored),
      sending: this.deps.sending,
    };
  }

  /** Sets the address, unverified, and mails it a single-use verification link. */
  async setAddress(
    userId: string,
    address: string,
    language?: MailLanguage,
  ): Promise<(Failure & { readonly retryAfterMs: number }) | null> {
    if (!this.deps.sending) {
      return { ...failure("unavailable", "this server sends no e-mail (no SMTP_URL)"), retryAfterMs: 0 };
    }
    const now = this.deps.clock.now();
    const wait = await this.deps.quotas.cooldown(`mail-verify:${userId}`, VERIFY_COOLDOWN_MS, now);
    if (wait > 0) {
      return {
        ...failure("rate-limited", `one verification mail a minute; wait ${Math.ceil(wait / 1000)} s`),
        retryAfterMs: wait,
      };
    }
    const stored = await this.deps.settings.get(userId);
    const chosen = language ?? languageOf(stored);
    await this.deps.settings.put(userId, {
      address,
      verified: false,
      language: chosen,
      kinds: stored?.kinds ?? {},
    });
    const token = randomBytes(24).toString("base64url");
    await this.deps.settings.saveToken(sha256(token), { userId, address, expiresAt: now + VERIFY_TTL_MS });
    await this.deps.queue.enqueue(verificationMail(address, chosen, this.deps.origin, token), now);
    this.deps.queued?.();
    return null;
  }

  /** Marks the address the token was sent to verified: false when the token is unknown, used, expired or stale. */
  async verify(token: string): Promise<boolean> {
    const found = await this.deps.settings.takeToken(sha256(token), this.deps.clock.now());
    if (found === null) return false;
    const stored = await this.deps.settings.get(found.userId);
    if (stored?.address !== found.address) return false;
    await this.deps.settings.put(found.userId, { ...stored, verified: true });
    return true;
  }

  /**
   * Mails `name`'s owner a single-use link to choose a new password when the account has a verified
   * address: whether one was queued (at most one per address a minute; no mail, no error otherwise, so
   * that the answer tells nothing about the account).
   */
  async mailPasswordReset(userId: string, name: string): Promise<boolean> {
    const stored = await this.deps.settings.get(userId);
    if (!this.deps.sending || stored === null || stored.address === null || !stored.verified) return false;
    const now = this.deps.clock.now();
    const address = stored.address;
    if ((await this.deps.quotas.cooldown(`mail-reset:${address}`, RESET_MAIL_COOLDOWN_MS, now)) > 0)
      return false;
    const token = randomBytes(24).toString("base64url");
    await this.deps.settings.saveToken(resetHash(token), { userId, address, expiresAt: now + RESET_TTL_MS });
    const mail = passwordResetMail(address, languageOf(stored), this.deps.origin, name, token);
    await this.deps.queue.enqueue(mail, now);
    this.deps.queued?.();
    return true;
  }

  /**
   * The account a reset token was mailed for, the token taken (single use on every process); null when it
   * is unknown, used, expired, or its address is no longer the account's verified one.
   */
  async takePasswordReset(token: string): Promise<VerificationToken | null> {
    const found = await this.deps.settings.takeToken(resetHash(token), this.deps.clock.now());
    if (found === null) return null;
    const stored = await this.deps.settings.get(found.userId);
    return stored?.address === found.address && stored.verified ? found : null;
  }

  /** Puts a taken reset token back, as it was (the new password given with it was refused). */
  async keepPasswordReset(token: string, found: VerificationToken): Promise<void> {
    await this.deps.settings.saveToken(resetHash(token), found);
  }

  /** Forgets the address and every choice (a closed account's, docs/protocol.md "Closing an account"). */
  async forget(userId: string): Promise<void> {
    if ((await this.deps.settings.get(userId)) === null) return;
    await this.deps.settings.put(userId, { address: null, verified: false, language: "en", kinds: {} });
  }

  async setKinds(userId: string, request: SetEmailKindsRequest): Promise<void> {
    const stored = await this.deps.settings.get(userId);
    await this.deps.settings.put(userId, {
      address: stored?.address ?? null,
      verified: stored?.verified ?? false,
      language: languageOf(stored),
      kinds: { ...stored?.kinds, ...request.kinds },
    });
  }

  /** What an unsubscribe link stops and the language its page is in: null for a forged token. */
  async unsubscribeTarget(token: string): Promise<{ kind: MailKind | "all"; language: MailLanguage } | null> {
    const parsed = this.readUnsubscribeToken(token);
    if (parsed === null) return null;
    return { kind: parsed.kind, language: languageOf(await this.deps.settings.get(parsed.userId)) };
  }

  /** Turns off the kind (or every kind) the token names, without signing in: false for a forged token. */
  async unsubscribe(token: string): Promise<boolean> {
    const parsed = this.readUnsubscribeToken(token);
    if (parsed === null) return false;
    const stored = await this.deps.settings.get(parsed.userId);
    if (stored === null) return true;
    const off = parsed.kind === "all" ? MAIL_KINDS : [parsed.kind];
    await this.deps.settings.put(parsed.userId, {
      ...stored,
      kinds: { ...stored.kinds, ...Object.fromEntries(off.map((k) => [k, false])) },
    });
    return true;
  }

  /** Queues the notification's mail when the account has a verified address and mails its kind. */
  async mailFor(userId: string, notification: MailableNotification): Promise<boolean> {
    const stored = await this.deps.settings.get(userId);
    if (stored?.address == null || !stored.verified || !kindsOf(stored)[notification.kind]) return false;
    const mail = notificationMail(
      stored.address,
      languageOf(stored),
      this.deps.origin,
      notification,
      this.unsubscribeToken(userId, notification.kind),
    );
    await this.deps.queue.enqueue(mail, this.deps.clock.now());
    this.deps.queued?.();
    return true;
  }

  /**
   * `<user>.<kind>.<mac>`, base64url: signed, not stored, so every mail carries one without a write and it
   * keeps working as long as the secret does.
   */
  unsubscribeToken(userId: string, kind: MailKind | "all"): string {
    const body = `${Buffer.from(userId).toString("base64url")}.${kind}`;
    return `${body}.${this.mac(body)}`;
  }

  private readUnsubscribeToken(token: string): { userId: string; kind: MailKind | "all" } | null {
    const parts = token.split(".");
    if (parts.length !== 3) return null;
    const [user, kind, mac] = parts as [string, string, string];
    const expected = Buffer.from(this.mac(`${user}.${kind}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const known = kind === "all" ? "all" : MAIL_KINDS.find((k) => k === kind);
    if (known === undefined) return null;
    return { userId: Buffer.from(user, "base64url").toString(), kind: known };
  }

  private mac(body: string): string {
    return createHmac("sha256", this.deps.secret).update(`unsubscribe:${body}`).digest("base64url");
  }
}

function languageOf(stored: StoredEmailSettings | null): MailLanguage {
  return MAIL_LANGUAGES.find((l) => l === stored?.language) ?? "en";
}

function kindsOf(stored: StoredEmailSettings | null): Record<MailKind, boolean> {
  return Object.fromEntries(
    MAIL_KINDS.map((k) => [k, stored?.kinds[k] ?? DEFAULT_MAILED_KINDS.includes(k)]),
  ) as Record<MailKind, boolean>;
}
