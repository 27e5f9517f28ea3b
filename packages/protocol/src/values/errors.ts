import { GAME_ERROR_CODES } from "@arena/engine/core/errors";

/** Every way the server refuses a request. One closed set: the engine's codes plus the server's own. */
export const ERROR_CODES = [
  ...GAME_ERROR_CODES,
  "invalid-payload",
  "unknown-event",
  "not-found",
  "forbidden",
  "not-your-seat",
  "not-your-turn",
  "stale-version",
  "not-started",
  "not-finished",
  "busy",
  "rate-limited",
  "quota",
  "payload-too-large",
  "seat-taken",
  "room-full",
  "not-host",
  "no-draw-offer",
  // Draw offers (docs/protocol.md, "Draws"): one's own offer stands, or was made too few plies ago.
  "draw-offer-pending",
  "draw-offer-too-soon",
  // Takebacks (docs/protocol.md, "Takebacks"): never in rated games; one request at a time, not too often.
  "takeback-rated",
  "takeback-pending",
  "takeback-too-soon",
  "no-takeback",
  // Downloads (docs/protocol.md, "Downloads"): a format the match's game has no writer for.
  "bad-format",
  "cannot-claim",
  "cannot-abort",
  // Berserk (docs/tournaments.md, "Berserk"): only in an arena that allows it, once, before one's first move.
  "berserk-not-allowed",
  "berserk-too-late",
  "already-berserk",
  "store-unavailable",
  "unavailable",
  "internal",
  // Accounts and ratings (docs/protocol.md, "Accounts").
  "invalid-name",
  "name-taken",
  "name-confusable",
  "weak-password",
  "bad-credentials",
  "already-registered",
  "not-rated-eligible",
  // A host-chosen start that is already over (docs/protocol.md, "Rooms").
  "start-finished",
  // Chat (docs/protocol.md, "Chat").
  "chat-empty",
  "chat-too-long",
  "chat-closed",
  // Quick pairing (docs/protocol.md, "Quick pairing").
  "playban",
  // Tournaments (docs/protocol.md, "Tournaments"): the director's refusals.
  "tournament-finished",
  "tournament-started",
  "already-entered",
  "not-entered",
  "tournament-full",
  "too-few-entrants",
  "bad-settings",
  "not-invited",
  // Correspondence (docs/protocol.md, "Correspondence", "Vacation", "Forecasts"): games that last weeks and
  // vacations are for accounts; vacations and forecasts are for correspondence games.
  "account-required",
  "not-correspondence",
  "bad-forecast",
  // Blocks (docs/protocol.md, "Blocks"): one of the two blocks the other.
  "blocked",
  // Password reset (docs/protocol.md, "Password reset"): a link unknown, used already or expired.
  "invalid-reset-link",
  // Moderation (docs/protocol.md, "Moderation"): a banned account cannot log in, a muted one cannot chat.
  "banned",
  "muted",
  // Puzzles (docs/puzzles.md, "Serving and rating"): none left for this game and theme.
  "no-puzzle",
] as const;
