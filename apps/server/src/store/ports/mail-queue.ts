import { randomBytes } from "node:crypto";

/** A mail ready to go: the sender adds only the From address. */
export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post for notification mails). */
  readonly headers: Readonly<Record<string, string>>;
}

export const MAIL_STATUSES = ["queued", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export interface QueuedMail {
  readonly id: string;
  readonly mail: OutgoingMail;
  /** Tries made before this claim. */
  readonly attempts: number;
}

export interface MailRecord extends QueuedMail {
  readonly status: MailStatus;
  /** When a queued mail may next be claimed (its due time, or the end of a lease); null once settled. */
  readonly readyAt: number | null;
}

/** The first retry waits a minute, each next one twice as long, never more than an hour. */
export const FIRST_RETRY_MS = 60_000;
export const MAX_RETRY_MS = 3_600_000;
/** A mail that failed this many times is kept as failed and not tried again. */
export const MAX_MAIL_ATTEMPTS = 10;

/** How long to wait after the `attempts`-th failed try (1-based). */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/**
 * The outgoing mail of a deployment, shared by every process (docs/mail.md). A mail is
 * claimed with a lease, so two processes never send it twice; a process that dies holding one leaves it
 * to be claimed again once the lease ends. Every method takes the caller's clock.
 */
export interface MailQueue {
  enqueue(mail: OutgoingMail, now: number): Promise<string>;
  /** Up to `limit` mails due at `now` and not leased, leased to `owner` until `now + leaseMs`. */
  claim(owner: string, now: number, leaseMs: number, limit: number): Promise<QueuedMail[]>;
  /** Marks a mail `owner` holds as sent: false when its lease was lost (another owner has it). */
  sent(id: string, owner: string): Promise<boolean>;
  /**
   * A try of a mail `owner` holds failed: queued again after `retryDelayMs`, or kept as failed after
   * `MAX_MAIL_ATTEMPTS` tries. Null when its lease was lost.
   */
  failed(id: string, owner: string, now: number): Promise<MailStatus | null>;
  get(id: string): Promise<MailRecord | null>;
  close(): Promise<void>;
}

/** A fresh mail id: random, so that processes never collide. */
export function newMailId(): string {
  return randomBytes(12).toString("base64url");
}
