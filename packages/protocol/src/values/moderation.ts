/** Why a player is reported (docs/protocol.md, "Reports"). */
export const REPORT_REASONS = ["cheating", "abuse", "spam", "name", "other"] as const;

/** The longest report text and moderator's reason, in characters. */
export const MAX_REPORT_TEXT = 500;
