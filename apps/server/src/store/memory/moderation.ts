import { type UserId } from "@arena/protocol";
import {
  type AuditRecord,
  DAY_MS,
  type FileReportResult,
  type ModerationStore,
  newestFirst,
  type ReportLimits,
  type ReportRecord,
  type SanctionRecord,
} from "../ports/moderation.js";

/** Moderation in this process's memory (tests, and a server started without a data folder). */
export class MemoryModerationStore implements ModerationStore {
  private readonly moderators = new Set<UserId>();
  private readonly reports = new Map<string, ReportRecord>();
  private readonly sanctions: SanctionRecord[] = [];
  private readonly entries: AuditRecord[] = [];
  private readonly removed = new Map<string, Set<string>>();
  private readonly guests = new Map<UserId, UserId>();

  setModerator(userId: UserId, moderator: boolean): Promise<boolean> {
    const had = this.moderators.has(userId);
    if (moderator) this.moderators.add(userId);
    else this.moderators.delete(userId);
    return Promise.resolve(had !== moderator);
  }

  isModerator(userId: UserId): Promise<boolean> {
    return Promise.resolve(this.moderators.has(userId));
  }

  fileReport(report: ReportRecord, limits: ReportLimits): Promise<FileReportResult> {
    const mine = [...this.reports.values()].filter((r) => r.reporter.id === report.reporter.id);
    if (mine.filter((r) => r.status === "open").length >= limits.open) {
      return Promise.resolve({ ok: false, limit: "open" });
    }
    const today = mine
      .map((r) => r.createdAt)
      .filter((at) => at > report.createdAt - DAY_MS)
      .sort((a, b) => a - b);
    if (today.length >= limits.perDay) {
      const oldest = today[0] ?? report.createdAt;
      return Promise.resolve({ ok: false, limit: "day", retryAfterMs: oldest + DAY_MS - report.createdAt });
    }
    this.reports.set(report.id, report);
    return Promise.resolve({ ok: true });
  }

  report(id: string): Promise<ReportRecord | null> {
    return Promise.resolve(this.reports.get(id) ?? null);
  }

  openReports(limit: number): Promise<ReportRecord[]> {
    const open = [...this.reports.values()].filter((r) => r.status === "open");
    return Promise.resolve(open.sort((a, b) => newestFirst(b, a)).slice(0, limit));
  }

  reportsAbout(userId: UserId, limit: number): Promise<ReportRecord[]> {
    const about = [...this.reports.values()].filter((r) => r.target.id === userId);
    return Promise.resolve(about.sort(newestFirst).slice(0, limit));
  }

  closeReport(
    id: string,
    status: "handled" | "dismissed",
    by: string,
    at: number,
  ): Promise<ReportRecord | null> {
    const report = this.reports.get(id);
    if (report?.status !== "open") return Promise.resolve(null);
    const closed: ReportRecord = { ...report, status, closedBy: by, closedAt: at };
    this.reports.set(id, closed);
    return Promise.resolve(closed);
  }

  addSanction(sanction: SanctionRecord): Promise<void> {
    this.sanctions.push(sanction);
    return Promise.resolve();
  }

  sanctionsOf(userId: UserId): Promise<SanctionRecord[]> {
    return Promise.resolve(this.sanctions.filter((s) => s.userId === userId).reverse());
  }

  appendAudit(entry: AuditRecord): Promise<void> {
    this.entries.push(entry);
    return Promise.resolve();
  }

  audit(limit: number, target?: UserId): Promise<AuditRecord[]> {
    const about = this.entries.filter((e) => target === undefined || e.target?.id === target);
    return Promise.resolve(about.reverse().slice(0, limit));
  }

  removeLine(matchId: string, lineId: string): Promise<void> {
    let lines = this.removed.get(matchId);
    if (lines === undefined) this.removed.set(matchId, (lines = new Set()));
    lines.add(lineId);
    return Promise.resolve();
  }

  removedLines(matchId: string): Promise<string[]> {
    return Promise.resolve([...(this.removed.get(matchId) ?? [])].sort());
  }

  linkGuest(guestId: UserId, accountId: UserId): Promise<void> {
    this.guests.set(guestId, accountId);
    return Promise.resolve();
  }

  guestsOf(accountId: UserId): Promise<UserId[]> {
    const linked = [...this.guests].filter(([, account]) => account === accountId).map(([guest]) => guest);
    return Promise.resolve(linked.sort());
  }

  guestOf(guestId: UserId): Promise<UserId | null> {
    return Promise.resolve(this.guests.get(guestId) ?? null);
  }
}
