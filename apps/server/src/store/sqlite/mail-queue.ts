import type Database from "better-sqlite3";
import {
  MAX_MAIL_ATTEMPTS,
  newMailId,
  type MailQueue,
  type MailRecord,
  type MailStatus,
  type OutgoingMail,
  type QueuedMail,
} from "../ports/mail-queue.js";
import { retryDelayMs } from "../ports/mail-queue.js";

interface Row {
  id: string;
  mail: string;
  attempts: number;
  status: MailStatus;
  ready_at: number | null;
  owner: string | null;
}

/** The mail queue in the SQLite file: it outlives the process, so a restart sends what was queued. */
export class SqliteMailQueue implements MailQueue {
  private readonly statements;
  private readonly claimTx: (owner: string, now: number, leaseMs: number, limit: number) => Row[];

  constructor(db: Database.Database) {
    this.statements = {
      insert: db.prepare(
        `INSERT INTO mail_queue (id, mail, attempts, status, ready_at, owner) VALUES (?, ?, 0, 'queued', ?, NULL)`,
      ),
      due: db.prepare<[number, number], Row>(
        `SELECT * FROM mail_queue WHERE ready_at IS NOT NULL AND ready_at <= ? ORDER BY seq LIMIT ?`,
      ),
      lease: db.prepare(`UPDATE mail_queue SET owner = ?, ready_at = ? WHERE id = ?`),
      held: db.prepare<[string, string], Row>(
        `SELECT * FROM mail_queue WHERE id = ? AND owner = ? AND status = 'queued'`,
      ),
      settle: db.prepare(
        `UPDATE mail_queue SET status = ?, attempts = ?, ready_at = ?, owner = NULL WHERE id = ?`,
      ),
      get: db.prepare<[string], Row>(`SELECT * FROM mail_queue WHERE id = ?`),
    };
    this.claimTx = db.transaction((owner: string, now: number, leaseMs: number, limit: number) => {
      const rows = this.statements.due.all(now, limit);
      for (const row of rows) this.statements.lease.run(owner, now + leaseMs, row.id);
      return rows;
    });
  }

  enqueue(mail: OutgoingMail, now: number): Promise<string> {
    const id = newMailId();
    this.statements.insert.run(id, JSON.stringify(mail), now);
    return Promise.resolve(id);
  }

  claim(owner: string, now: number, leaseMs: number, limit: number): Promise<QueuedMail[]> {
    return Promise.resolve(
      this.claimTx(owner, now, leaseMs, limit).map((row) => ({
        id: row.id,
        mail: JSON.parse(row.mail) as OutgoingMail,
        attempts: row.attempts,
      })),
    );
  }

  sent(id: string, owner: string): Promise<boolean> {
    const row = this.statements.held.get(id, owner);
    if (row === undefined) return Promise.resolve(false);
    this.statements.settle.run("sent", row.attempts, null, id);
    return Promise.resolve(true);
  }

  failed(id: string, owner: string, now: number): Promise<MailStatus | null> {
    const row = this.statements.held.get(id, owner);
    if (row === undefined) return Promise.resolve(null);
    const attempts = row.attempts + 1;
    const status: MailStatus = attempts >= MAX_MAIL_ATTEMPTS ? "failed" : "queued";
    this.statements.settle.run(
      status,
      attempts,
      status === "failed" ? null : now + retryDelayMs(attempts),
      id,
    );
    return Promise.resolve(status);
  }

  get(id: string): Promise<MailRecord | null> {
    const row = this.statements.get.get(id);
    if (row === undefined) return Promise.resolve(null);
    return Promise.resolve({
      id,
      mail: JSON.parse(row.mail) as OutgoingMail,
      attempts: row.attempts,
      status: row.status,
      readyAt: row.ready_at,
    });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
