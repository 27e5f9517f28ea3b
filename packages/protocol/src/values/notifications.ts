/** What a notification tells of (docs/protocol.md, "Notifications"). */
export const NOTIFICATION_KINDS = [
  "your-turn",
  "time-running-out",
  "game-over",
  "invitation",
  "draw-offer",
  "takeback-request",
  "tournament-invitation",
  // A report its reporter filed was handled (docs/protocol.md, "Reports").
  "report-handled",
  // A moderator warned the account (docs/protocol.md, "Moderation").
  "moderator-warning",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
