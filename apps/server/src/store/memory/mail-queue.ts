import {
  MAX_MAIL_ATTEMPTS,
  newMailId,
  type MailQueue,
  type MailRecord,
  type MailStatus,
  type OutgoingMail,
  type QueuedMail,
  retryDelayMs,
} from "../ports/mail-queue.js";

interface Entry {
  id: string;
  seq: number;
  mail: OutgoingMail;
  attempts: number;
  status: MailStatus;
  readyAt: number | null;
  owner: string | null;
}

/** The mail queue of one process (memory store): lost with the process, like everything it keeps. */
export class MemoryMailQueue implements MailQueue {
  private readonly entries = new Map<string, Entry>();
  private seq = 0;

  enqueue(mail: OutgoingMail, now: number): Promise<string> {
    const id = newMailId();
    this.entries.set(id, {
      id,
      seq: this.seq++,
      mail,
      attempts: 0,
      status: "queued",
      readyAt: now,
      owner: null,
    });
    return Promise.resolve(id);
  }

  claim(owner: string, now: number, leaseMs: number, limit: number): Promise<QueuedMail[]> {
    const due = [...this.entries.values()]
      .filter((e) => e.status === "queued" && e.readyAt !== null && e.readyAt <= now)
      .sort((a, b) => a.seq - b.seq)
      .slice(0, limit);
    for (const e of due) {
      e.owner = owner;
      e.readyAt = now + leaseMs;
    }
    return Promise.resolve(due.map((e) => ({ id: e.id, mail: e.mail, attempts: e.attempts })));
  }

  sent(id: string, owner: string): Promise<boolean> {
    const e = this.held(id, owner);
    if (e === null) return Promise.resolve(false);
    e.status = "sent";
    e.readyAt = null;
    e.owner = null;
    return Promise.resolve(true);
  }

  failed(id: string, owner: string, now: number): Promise<MailStatus | null> {
    const e = this.held(id, owner);
    if (e === null) return Promise.resolve(null);
    e.attempts += 1;
    e.owner = null;
    if (e.attempts >= MAX_MAIL_ATTEMPTS) {
      e.status = "failed";
      e.readyAt = null;
    } else {
      e.readyAt = now + retryDelayMs(e.attempts);
    }
    return Promise.resolve(e.status);
  }

  get(id: string): Promise<MailRecord | null> {
    const e = this.entries.get(id);
    return Promise.resolve(
      e === undefined
        ? null
        : { id, mail: e.mail, attempts: e.attempts, status: e.status, readyAt: e.readyAt },
    );
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private held(id: string, owner: string): Entry | null {
    const e = this.entries.get(id);
    return e !== undefined && e.status === "queued" && e.owner === owner ? e : null;
  }
}
