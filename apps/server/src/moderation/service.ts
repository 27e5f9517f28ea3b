import {
  type AuditAction,
  type AuditEntry,
  type ChatLine,
  failure,
  type Failure,
  type MatchId,
  type ModActionRequest,
  type ModPlayerView,
  type ModUser,
  type ReportRequest,
  type UserId,
} from "@arena/protocol";
import { type Logger } from "pino";
import { type Accounts } from "../accounts/service.js";
import { randomId } from "../identity/tokens.js";
import { type Inbox } from "../notifications/inbox.js";
import { type ModerationStore, type ReportLimits, type ReportRecord } from "../store/ports/moderation.js";
import { type PlayerStore } from "../store/ports/players.js";
import { auditEntry } from "./roles.js";
import { latestEnding } from "./standing.js";

/** Reports one account may have open at once, and file in a day (docs/protocol.md, "Reports"). */
export const REPORT_LIMITS: ReportLimits = { open: 5, perDay: 20 };

/** Who acts: a moderator's account, or "console" for the command line (`arena admin`). */
export type Actor = ModUser | "console";

/**
 * Closing an account (docs/protocol.md, "Moderation"): what it does beyond the audit entry is the lead's
 * to supply. The default ends the account's sessions and changes nothing else.
 */
export type CloseAccount = (userId: UserId, by: string, why: string) => Promise<void>;

export interface ModerationOptions {
  readonly store: ModerationStore;
  readonly players: PlayerStore;
  readonly accounts: Accounts;
  readonly inbox: Inbox;
  /** A match's chat as stored (the evidence of a reported line, a player's recent lines). */
  readonly chatOf: (matchId: MatchId) => Promise<readonly ChatLine[]>;
  readonly now: () => number;
  readonly logger: Logger;
  /** Closes every socket of the user, on every process (a ban). */
  readonly disconnectUser: (userId: UserId, sessionIds: readonly string[]) => void;
  /** Tells the match's sockets, on every process, that a line is gone. */
  readonly lineRemoved: (matchId: MatchId, lineId: string) => void;
  readonly closeAccount?: CloseAccount;
  readonly limits?: ReportLimits;
}

export type ModResult<T extends object = object> =
  ({ readonly ok: true } & T) | (Failure & { readonly retryAfterMs?: number });

const notFound = (what: string): Failure => failure("not-found", what);

/**
 * Reports and moderators' actions (docs/protocol.md, "Reports", "Moderation"): every action is written to
 * the audit log with who, when and why; sanctions are kept in the store, where `Standing` reads them.
 */
export class Moderation {
  private readonly closeAccount: CloseAccount;

  constructor(private readonly options: ModerationOptions) {
    this.closeAccount =
      options.closeAccount ??
      (async (userId) => {
        options.disconnectUser(userId, await options.accounts.endSessions(userId, null));
      });
  }

  isModerator(userId: UserId): Promise<boolean> {
    return this.options.store.isModerator(userId);
  }

  /** A report by an account: of a player, or of one of their chat lines (its text kept as evidence). */
  async report(reporter: ModUser, input: ReportRequest): Promise<ModResult<{ id: string }>> {
    const { store, accounts, now } = this.options;
    let target: ModUser | null = null;
    let evidence: string | null = null;
    if (input.lineId !== undefined) {
      if (input.matchId === undefined) return failure("invalid-payload", "lineId: a line is in a match");
      const line = (await this.options.chatOf(input.matchId)).find((l) => l.id === input.lineId);
      if (line === undefined) return notFound("no such chat line");
      // A guest's line is reported by its author's id: guests have no account to look up.
      target = { id: line.author.id, name: line.author.name };
      evidence = line.phrase === undefined ? line.text : `[${line.phrase}]`;
    } else {
      const account = await accounts.account(input.name);
      if (account !== null) target = { id: account.id, name: account.name };
    }
    if (target === null) return notFound("no such player");
    if (target.id === reporter.id) return failure("invalid-payload", "you cannot report yourself");
    const record: ReportRecord = {
      id: randomId(9),
      reporter,
      target,
      reason: input.reason,
      text: input.text?.trim() ?? "",
      matchId: input.matchId ?? null,
      lineId: input.lineId ?? null,
      evidence,
      createdAt: now(),
      status: "open",
      closedBy: null,
      closedAt: null,
    };
    const filed = await store.fileReport(record, this.options.limits ?? REPORT_LIMITS);
    if (!filed.ok) {
      return filed.limit === "open"
        ? failure("quota", "you have too many open reports; wait until moderators handle them")
        : {
            ...failure("rate-limited", "too many reports today; try again later"),
            retryAfterMs: filed.retryAfterMs,
          };
    }
    this.options.logger.info({ report: record.id, reporter: reporter.id, target: target.id }, "report filed");
    return { ok: true, id: record.id };
  }

  openReports(): Promise<ReportRecord[]> {
    return this.options.store.openReports(100);
  }

  audit(limit = 100): Promise<AuditEntry[]> {
    return this.options.store.audit(limit);
  }

  /** What the moderation page shows of an account: games, chat lines, reports, sanctions and standing. */
  async player(name: string): Promise<ModPlayerView | null> {
    const { store, players, accounts, now } = this.options;
    const account = await accounts.account(name);
    if (account === null) return null;
    const [games, reports, sanctions, moderator] = await Promise.all([
      players.history(account.id, {}, 0, 20),
      store.reportsAbout(account.id, 50),
      store.sanctionsOf(account.id),
      store.isModerator(account.id),
    ]);
    // Their lines in their last ten games (lines are kept per match, not per player).
    const logs = await Promise.all(games.slice(0, 10).map((g) => this.options.chatOf(g.matchId)));
    const chat = logs
      .flatMap((lines, i) =>
        lines
          .filter((line) => line.author.id === account.id)
          .map((line) => ({
            matchId: games[i]?.matchId ?? "",
            id: line.id,
            text: line.text,
            ...(line.phrase === undefined ? {} : { phrase: line.phrase }),
            at: line.at,
          })),
      )
      .sort((a, b) => b.at - a.at)
      .slice(0, 50);
    const mute = latestEnding(sanctions, "mute", now());
    return {
      user: { id: account.id, name: account.name, createdAt: account.createdAt, moderator },
      games: games.map((g) => ({ matchId: g.matchId, gameId: g.gameId, endedAt: g.endedAt })),
      chat,
      reports,
      sanctions,
      muted: mute === null || mute.until === null ? null : { until: mute.until, why: mute.why },
      banned: latestEnding(sanctions, "ban", now()),
    };
  }

  /** One moderator action, written to the audit log. */
  async act(by: Actor, request: ModActionRequest): Promise<ModResult> {
    switch (request.action) {
      case "handle-report":
      case "dismiss-report":
        return this.closeReport(by, request.reportId, request.action, request.why);
      case "remove-line":
        return this.removeLine(by, request.matchId, request.lineId, request.why);
      default:
        break;
    }
    const account = await this.options.accounts.account(request.name);
    if (account === null) return notFound("no such player");
    const target: ModUser = { id: account.id, name: account.name };
    const { store, now } = this.options;
    const sanction = async (kind: "warn" | "mute" | "ban", minutes: number | null) => {
      const until = kind === "warn" || minutes === null ? null : now() + minutes * 60_000;
      const id = randomId(9);
      await store.addSanction({
        id,
        userId: account.id,
        kind,
        why: request.why,
        by: nameOf(by),
        at: now(),
        until,
      });
      await this.record(by, kind, target, request.why, until === null ? "" : new Date(until).toISOString());
      return id;
    };
    switch (request.action) {
      case "warn": {
        const id = await sanction("warn", null);
        // The warned player is told (the reason stays with the moderators).
        await this.options.inbox.add({
          userId: account.id,
          notification: {
            id: `moderator-warning:${id}`,
            kind: "moderator-warning",
            createdAt: now(),
            read: false,
          },
        });
        return { ok: true };
      }
      case "mute":
        await sanction("mute", request.minutes);
        return { ok: true };
      case "ban": {
        await sanction("ban", request.minutes ?? null);
        const ended = await this.options.accounts.endSessions(account.id, null);
        this.options.disconnectUser(account.id, ended);
        // The guests its browser became after a session ended (guest-chain.ts) are closed too.
        for (const guest of await store.guestsOf(account.id)) this.options.disconnectUser(guest, []);
        return { ok: true };
      }
      case "reset-rating": {
        const reset = await this.options.players.resetRating(account.id, request.gameId, request.speed);
        if (!reset) return notFound("no rating in that pool");
        await this.record(by, "reset-rating", target, request.why, `${request.gameId} ${request.speed}`);
        return { ok: true };
      }
      case "close-account":
        await this.closeAccount(account.id, nameOf(by), request.why);
        await this.record(by, "close-account", target, request.why, "");
        return { ok: true };
    }
  }

  private async closeReport(
    by: Actor,
    reportId: string,
    action: "handle-report" | "dismiss-report",
    why: string,
  ): Promise<ModResult> {
    const { store, now, inbox } = this.options;
    const status = action === "handle-report" ? "handled" : "dismissed";
    const closed = await store.closeReport(reportId, status, nameOf(by), now());
    if (closed === null) return notFound("no such open report");
    await this.record(by, action, closed.target, why, reportId);
    // Its reporter is told either way: the report was looked at.
    await inbox.add({
      userId: closed.reporter.id,
      notification: {
        id: `report-handled:${reportId}`,
        kind: "report-handled",
        createdAt: now(),
        read: false,
        ...(closed.matchId === null ? {} : { matchId: closed.matchId as MatchId }),
      },
    });
    return { ok: true };
  }

  private async removeLine(by: Actor, matchId: MatchId, lineId: string, why: string): Promise<ModResult> {
    const line = (await this.options.chatOf(matchId)).find((l) => l.id === lineId);
    if (line === undefined) return notFound("no such chat line");
    await this.options.store.removeLine(matchId, lineId);
    this.options.lineRemoved(matchId, lineId);
    const author = { id: line.author.id, name: line.author.name };
    await this.record(by, "remove-line", author, why, `${matchId} ${lineId}: ${line.text}`);
    return { ok: true };
  }

  private async record(
    by: Actor,
    action: AuditAction,
    target: ModUser | null,
    why: string,
    detail: string,
  ): Promise<void> {
    const entry = auditEntry(this.options.now(), nameOf(by), action, target, why, detail);
    await this.options.store.appendAudit(entry);
    this.options.logger.info({ audit: entry }, "moderation");
  }
}

const nameOf = (actor: Actor): string => (actor === "console" ? "console" : actor.name);
