import { type Logger } from "pino";
import { type Clock } from "../clocks/scheduler.js";
import { randomId } from "../identity/tokens.js";
import { type MailQueue } from "../store/ports/mail-queue.js";
import { type MailTransport } from "./transport.js";

/** How often the queue is looked at for due mails. */
export const MAIL_POLL_MS = 15_000;
/** How long a claimed mail is this process's: far above an SMTP exchange's timeouts. */
export const MAIL_LEASE_MS = 5 * 60_000;
/** Mails claimed per pass. */
const BATCH = 20;

/**
 * Sends the queue's due mails, one pass every `MAIL_POLL_MS`: each sent one is marked sent, each refused
 * one goes back to the queue to be tried later (the queue's backoff). Any number of processes may run one.
 */
export class MailSender {
  /** This process's name on its leases. */
  private readonly owner = `sender-${randomId(8)}`;
  private cancel: (() => void) | null = null;
  private running: Promise<number> | null = null;
  private again = false;

  constructor(
    private readonly queue: MailQueue,
    private readonly transport: MailTransport,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  start(): void {
    const tick = () => {
      void this.pass().finally(() => {
        if (this.cancel !== null) this.cancel = this.clock.schedule(this.clock.now() + MAIL_POLL_MS, tick);
      });
    };
    this.cancel = this.clock.schedule(this.clock.now(), tick);
  }

  /**
   * One pass over the due mails: how many were sent. Passes never overlap; one asked for during a pass runs
   * right after it, so a mail queued meanwhile does not wait for the next poll.
   */
  pass(): Promise<number> {
    if (this.running !== null) {
      this.again = true;
      return this.running;
    }
    this.running = this.sendDue().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        void this.pass();
      }
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.cancel?.();
    this.cancel = null;
    await this.running;
    this.transport.close();
  }

  private async sendDue(): Promise<number> {
    let sent = 0;
    try {
      const due = await this.queue.claim(this.owner, this.clock.now(), MAIL_LEASE_MS, BATCH);
      for (const { id, mail, attempts } of due) {
        try {
          await this.transport.send(mail);
          if (await this.queue.sent(id, this.owner)) sent += 1;
        } catch (error) {
          const status = await this.queue.failed(id, this.owner, this.clock.now());
          this.logger.warn({ err: error, mail: id, attempts: attempts + 1, status }, "mail not sent");
        }
      }
    } catch (error) {
      // The queue's store is down: the next pass tries again, and claimed mails come back after their lease.
      this.logger.error({ err: error }, "mail queue unreachable");
    }
    return sent;
  }
}
