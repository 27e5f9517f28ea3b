import { type AuditEntry, type ReportView, type SanctionView, type UserId } from "@arena/protocol";

/** A report as kept: its view (docs/protocol.md, "Reports"). */
export type ReportRecord = ReportView;
export type SanctionRecord = SanctionView;
export type AuditRecord = AuditEntry;

/** How many reports one reporter may have open at once, and file in a day (docs/protocol.md, "Reports"). */
export interface ReportLimits {
  readonly open: number;
  readonly perDay: number;
}

export const DAY_MS = 24 * 60 * 60_000;

/** Why a report was not filed: too many open (`open`), or too many in the last day (`day`, until when). */
export type FileReportResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly limit: "open" }
  | { readonly ok: false; readonly limit: "day"; readonly retryAfterMs: number };

/**
 * Moderation (docs/protocol.md, "Reports", "Moderation"): moderators' role, reports, sanctions, the audit
 * log, chat lines removed, and which guests an account's browser became. Durable in every backend and
 * shared by every process, so that a ban or mute given on one holds on all. Every method may reject when
 * the backing service is down.
 */
export interface ModerationStore {
  /** Grants or takes the moderator role: whether it changed. */
  setModerator(userId: UserId, moderator: boolean): Promise<boolean>;
  isModerator(userId: UserId): Promise<boolean>;
  /** Files a report unless its reporter is over a limit at `report.createdAt` (atomically). */
  fileReport(report: ReportRecord, limits: ReportLimits): Promise<FileReportResult>;
  report(id: string): Promise<ReportRecord | null>;
  /** Open reports, the oldest first. */
  openReports(limit: number): Promise<ReportRecord[]>;
  /** Reports about a user, the newest first. */
  reportsAbout(userId: UserId, limit: number): Promise<ReportRecord[]>;
  /** Closes an open report: the closed record, or null when it was not open (another moderator was first). */
  closeReport(
    id: string,
    status: "handled" | "dismissed",
    by: string,
    at: number,
  ): Promise<ReportRecord | null>;
  addSanction(sanction: SanctionRecord): Promise<void>;
  /** A user's sanctions, the last given first. */
  sanctionsOf(userId: UserId): Promise<SanctionRecord[]>;
  appendAudit(entry: AuditRecord): Promise<void>;
  /** The last `limit` entries, the last appended first; only those about `target` when given. */
  audit(limit: number, target?: UserId): Promise<AuditRecord[]>;
  /** A chat line removed from its match's history, for everyone. */
  removeLine(matchId: string, lineId: string): Promise<void>;
  removedLines(matchId: string): Promise<string[]>;
  /** A guest an account's browser became once its session ended (the "session chain" of a ban). */
  linkGuest(guestId: UserId, accountId: UserId): Promise<void>;
  guestOf(guestId: UserId): Promise<UserId | null>;
  /** The guests linked to an account, in id order. */
  guestsOf(accountId: UserId): Promise<UserId[]>;
}

/** Newest first, then by id: the order of reports about a user (`openReports` is its reverse). */
export const newestFirst = (a: ReportRecord, b: ReportRecord): number =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
