import { asUserId, type UserId } from "@arena/protocol";
import type Database from "better-sqlite3";
import {
  type AuditRecord,
  DAY_MS,
  type FileReportResult,
  type ModerationStore,
  type ReportLimits,
  type ReportRecord,
  type SanctionRecord,
} from "../ports/moderation.js";

const parse = <T>(row: { record: string }): T => JSON.parse(row.record) as T;

/** Moderation in the SQLite file (`mod_*` tables), on the writer connection: writes are rare. */
export class SqliteModerationStore implements ModerationStore {
  private readonly statements;
  private readonly file;

  constructor(db: Database.Database) {
    this.statements = {
      grant: db.prepare(`INSERT OR IGNORE INTO mod_roles (user_id) VALUES (?)`),
      revoke: db.prepare(`DELETE FROM mod_roles WHERE user_id = ?`),
      isModerator: db.prepare<[string], { user_id: string }>(
        `SELECT user_id FROM mod_roles WHERE user_id = ?`,
      ),
      openBy: db.prepare<[string], { n: number }>(
        `SELECT COUNT(*) AS n FROM mod_reports WHERE reporter = ? AND status = 'open'`,
      ),
      since: db.prepare<[string, number], { n: number; oldest: number | null }>(
        `SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM mod_reports WHERE reporter = ? AND created_at > ?`,
      ),
      insert: db.prepare(
        `INSERT INTO mod_reports (id, reporter, target, status, created_at, record) VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      report: db.prepare<[string], { record: string }>(`SELECT record FROM mod_reports WHERE id = ?`),
      open: db.prepare<[number], { record: string }>(
        `SELECT record FROM mod_reports WHERE status = 'open' ORDER BY created_at, id LIMIT ?`,
      ),
      about: db.prepare<[string, number], { record: string }>(
        `SELECT record FROM mod_reports WHERE target = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
      ),
      close: db.prepare(`UPDATE mod_reports SET status = ?, record = ? WHERE id = ? AND status = 'open'`),
      addSanction: db.prepare(`INSERT INTO mod_sanctions (user_id, record) VALUES (?, ?)`),
      sanctions: db.prepare<[string], { record: string }>(
        `SELECT record FROM mod_sanctions WHERE user_id = ? ORDER BY seq DESC`,
      ),
      appendAudit: db.prepare(`INSERT INTO mod_audit (target, record) VALUES (?, ?)`),
      audit: db.prepare<[number], { record: string }>(
        `SELECT record FROM mod_audit ORDER BY seq DESC LIMIT ?`,
      ),
      auditAbout: db.prepare<[string, number], { record: string }>(
        `SELECT record FROM mod_audit WHERE target = ? ORDER BY seq DESC LIMIT ?`,
      ),
      removeLine: db.prepare(`INSERT OR IGNORE INTO mod_removed_lines (match_id, line_id) VALUES (?, ?)`),
      removed: db.prepare<[string], { line_id: string }>(
        `SELECT line_id FROM mod_removed_lines WHERE match_id = ? ORDER BY line_id`,
      ),
      linkGuest: db.prepare(`INSERT OR REPLACE INTO mod_guests (guest_id, account_id) VALUES (?, ?)`),
      guestOf: db.prepare<[string], { account_id: string }>(
        `SELECT account_id FROM mod_guests WHERE guest_id = ?`,
      ),
      guestsOf: db.prepare<[string], { guest_id: string }>(
        `SELECT guest_id FROM mod_guests WHERE account_id = ? ORDER BY guest_id`,
      ),
    };
    // The limits and the insert in one transaction: one writer, so two reports cannot both pass a limit.
    this.file = db.transaction((report: ReportRecord, limits: ReportLimits): FileReportResult => {
      const reporter = report.reporter.id;
      if ((this.statements.openBy.get(reporter)?.n ?? 0) >= limits.open) return { ok: false, limit: "open" };
      const today = this.statements.since.get(reporter, report.createdAt - DAY_MS);
      if (today !== undefined && today.n >= limits.perDay) {
        const oldest = today.oldest ?? report.createdAt;
        return { ok: false, limit: "day", retryAfterMs: oldest + DAY_MS - report.createdAt };
      }
      this.statements.insert.run(
        report.id,
        reporter,
        report.target.id,
        report.status,
        report.createdAt,
        JSON.stringify(report),
      );
      return { ok: true };
    });
  }

  setModerator(userId: UserId, moderator: boolean): Promise<boolean> {
    const statement = moderator ? this.statements.grant : this.statements.revoke;
    return Promise.resolve(statement.run(userId).changes === 1);
  }

  isModerator(userId: UserId): Promise<boolean> {
    return Promise.resolve(this.statements.isModerator.get(userId) !== undefined);
  }

  fileReport(report: ReportRecord, limits: ReportLimits): Promise<FileReportResult> {
    return Promise.resolve(this.file(report, limits));
  }

  report(id: string): Promise<ReportRecord | null> {
    const row = this.statements.report.get(id);
    return Promise.resolve(row === undefined ? null : parse<ReportRecord>(row));
  }

  openReports(limit: number): Promise<ReportRecord[]> {
    return Promise.resolve(this.statements.open.all(limit).map(parse<ReportRecord>));
  }

  reportsAbout(userId: UserId, limit: number): Promise<ReportRecord[]> {
    return Promise.resolve(this.statements.about.all(userId, limit).map(parse<ReportRecord>));
  }

  closeReport(
    id: string,
    status: "handled" | "dismissed",
    by: string,
    at: number,
  ): Promise<ReportRecord | null> {
    const row = this.statements.report.get(id);
    if (row === undefined) return Promise.resolve(null);
    const closed: ReportRecord = { ...parse<ReportRecord>(row), status, closedBy: by, closedAt: at };
    const changed = this.statements.close.run(status, JSON.stringify(closed), id).changes === 1;
    return Promise.resolve(changed ? closed : null);
  }

  addSanction(sanction: SanctionRecord): Promise<void> {
    this.statements.addSanction.run(sanction.userId, JSON.stringify(sanction));
    return Promise.resolve();
  }

  sanctionsOf(userId: UserId): Promise<SanctionRecord[]> {
    return Promise.resolve(this.statements.sanctions.all(userId).map(parse<SanctionRecord>));
  }

  appendAudit(entry: AuditRecord): Promise<void> {
    this.statements.appendAudit.run(entry.target?.id ?? null, JSON.stringify(entry));
    return Promise.resolve();
  }

  audit(limit: number, target?: UserId): Promise<AuditRecord[]> {
    const rows =
      target === undefined ? this.statements.audit.all(limit) : this.statements.auditAbout.all(target, limit);
    return Promise.resolve(rows.map(parse<AuditRecord>));
  }

  removeLine(matchId: string, lineId: string): Promise<void> {
    this.statements.removeLine.run(matchId, lineId);
    return Promise.resolve();
  }

  removedLines(matchId: string): Promise<string[]> {
    return Promise.resolve(this.statements.removed.all(matchId).map((row) => row.line_id));
  }

  linkGuest(guestId: UserId, accountId: UserId): Promise<void> {
    this.statements.linkGuest.run(guestId, accountId);
    return Promise.resolve();
  }

  guestsOf(accountId: UserId): Promise<UserId[]> {
    return Promise.resolve(this.statements.guestsOf.all(accountId).map((row) => asUserId(row.guest_id)));
  }

  guestOf(guestId: UserId): Promise<UserId | null> {
    const row = this.statements.guestOf.get(guestId);
    return Promise.resolve(row === undefined ? null : asUserId(row.account_id));
  }
}
