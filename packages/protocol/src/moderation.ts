import { z } from "./zod.js";
import { MatchId, type UserId } from "./ids.js";
import { RatingSpeed } from "./accounts.js";
import { type Failure } from "./errors.js";
import { MAX_REPORT_TEXT, REPORT_REASONS } from "./values/moderation.js";

export * from "./values/moderation.js";

export const ReportReason = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof ReportReason>;

/** `POST /api/reports`: a player, in a match and at one of its chat lines when given. */
export const ReportRequest = z.strictObject({
  name: z.string().min(1).max(64),
  matchId: MatchId.optional(),
  lineId: z.string().min(1).max(64).optional(),
  reason: ReportReason,
  text: z.string().max(MAX_REPORT_TEXT).optional(),
});
export type ReportRequest = z.infer<typeof ReportRequest>;

export const REPORT_STATUSES = ["open", "handled", "dismissed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A player as moderation shows them: id and name. */
export interface ModUser {
  readonly id: UserId;
  readonly name: string;
}

/** One report as the moderation page shows it. */
export interface ReportView {
  readonly id: string;
  readonly reporter: ModUser;
  readonly target: ModUser;
  readonly reason: ReportReason;
  readonly text: string;
  readonly matchId: string | null;
  readonly lineId: string | null;
  /** The reported chat line's text when it was filed (kept even once the line is removed). */
  readonly evidence: string | null;
  readonly createdAt: number;
  readonly status: ReportStatus;
  /** The moderator who closed it ("console" for the command line), and when. */
  readonly closedBy: string | null;
  readonly closedAt: number | null;
}

/** What a moderator may do to a player, kept as the player's record. */
export const SANCTION_KINDS = ["warn", "mute", "ban"] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];

export interface SanctionView {
  readonly id: string;
  readonly userId: UserId;
  readonly kind: SanctionKind;
  readonly why: string;
  readonly by: string;
  readonly at: number;
  /** When it ends; null: for good (a ban) or nothing to end (a warning). */
  readonly until: number | null;
}

/** Every kind of audit-log entry (docs/protocol.md, "Moderation"). */
export const AUDIT_ACTIONS = [
  "grant",
  "revoke",
  "warn",
  "mute",
  "ban",
  "remove-line",
  "reset-rating",
  "close-account",
  "handle-report",
  "dismiss-report",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  readonly id: string;
  readonly at: number;
  /** The moderator's name, or "console" for the command line. */
  readonly by: string;
  readonly action: AuditAction;
  /** The player acted on, when one. */
  readonly target: ModUser | null;
  readonly why: string;
  /** What else identifies the action: a report's id, a line's match and id, a rating pool, an end time. */
  readonly detail: string;
}

const Why = z.string().trim().min(1).max(MAX_REPORT_TEXT);
const Name = z.string().min(1).max(64);
/** A mute or ban's length: a minute to a year. */
const Minutes = z.number().int().min(1).max(525_600);

/** `POST /api/mod/actions`: one moderator action, always with its reason (`why`). */
export const ModActionRequest = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("warn"), name: Name, why: Why }),
  z.strictObject({ action: z.literal("mute"), name: Name, why: Why, minutes: Minutes }),
  /** Without `minutes`: for good. */
  z.strictObject({ action: z.literal("ban"), name: Name, why: Why, minutes: Minutes.optional() }),
  z.strictObject({
    action: z.literal("remove-line"),
    matchId: MatchId,
    lineId: z.string().min(1).max(64),
    why: Why,
  }),
  z.strictObject({
    action: z.literal("reset-rating"),
    name: Name,
    gameId: z.string().min(1).max(32),
    speed: RatingSpeed,
    why: Why,
  }),
  z.strictObject({ action: z.literal("close-account"), name: Name, why: Why }),
  z.strictObject({
    action: z.enum(["handle-report", "dismiss-report"]),
    reportId: z.string().min(1).max(64),
    why: Why,
  }),
]);
export type ModActionRequest = z.infer<typeof ModActionRequest>;

/** A chat line of a player, with its match, for the moderation page. */
export interface ModChatLine {
  readonly matchId: string;
  readonly id: string;
  readonly text: string;
  readonly phrase?: string;
  readonly at: number;
}

/** `GET /api/mod/players/:name`. */
export interface ModPlayerView {
  readonly user: ModUser & { readonly createdAt: number; readonly moderator: boolean };
  readonly games: readonly {
    readonly matchId: string;
    readonly gameId: string;
    readonly endedAt: number;
  }[];
  readonly chat: readonly ModChatLine[];
  readonly reports: readonly ReportView[];
  readonly sanctions: readonly SanctionView[];
  /** Whether a mute or a ban holds now, and until when (null: for good). */
  readonly muted: { readonly until: number; readonly why: string } | null;
  readonly banned: { readonly until: number | null; readonly why: string } | null;
}

/** The standing that refuses a user's login or chat: why, and until when (null: for good). */
export interface Sanctioned {
  readonly why: string;
  readonly until: number | null;
}

/** `banned` (a login, a socket) or `muted` (a chat line): the moderator's reason and the end (null: never). */
export interface SanctionRefusal extends Failure {
  readonly code: "banned" | "muted";
  readonly why: string;
  readonly until: number | null;
}

/** A refusal with its reason and end, and a message that says both (for clients that show only messages). */
export function sanctionRefusal(code: "banned" | "muted", sanction: Sanctioned): SanctionRefusal {
  const end = sanction.until === null ? "for good" : `until ${new Date(sanction.until).toISOString()}`;
  const what = code === "banned" ? "this account is banned" : "you are muted";
  return { ok: false, code, message: `${what} ${end}: ${sanction.why}`, ...sanction };
}

/** `GET /api/mod/reports`: the open queue, the oldest first. */
export interface ModReportsResponse {
  readonly ok: true;
  readonly reports: readonly ReportView[];
}

/** `GET /api/mod/audit`: the newest entries first. */
export interface ModAuditResponse {
  readonly ok: true;
  readonly entries: readonly AuditEntry[];
}

/** `GET /api/mod/me`: whether the bearer's account is a moderator (the page's link and its guard). */
export interface ModMeResponse {
  readonly ok: true;
  readonly moderator: boolean;
}
