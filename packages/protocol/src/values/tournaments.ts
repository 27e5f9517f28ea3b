import type { TournamentId, TournamentSummary } from "../tournaments.js";

/** The formats a tournament runs in (docs/tournaments.md). */
export const TOURNAMENT_FORMATS = ["arena", "swiss", "round-robin"] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];

export const TOURNAMENT_STATUSES = ["waiting", "running", "finished"] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

/** A tournament's id: `t_` and nine letters or digits. */
export const TOURNAMENT_ID_PATTERN = /^t_[A-Za-z0-9]{9}$/;

/** Whether a string (a page's route parameter) is a tournament's id. */
export function isTournamentId(id: string): id is TournamentId {
  return TOURNAMENT_ID_PATTERN.test(id);
}

/** The most entrants one tournament takes, and the most AI entrants its creator may add. */
export const MAX_TOURNAMENT_PLAYERS = 500;
export const MAX_AI_ENTRANTS = 16;
/** The most accounts one tournament's creator may invite by name. */
export const MAX_TOURNAMENT_INVITEES = 100;

/** The newest lines of a tournament's chat that `tournament:watch` answers (and the store keeps). */
export const TOURNAMENT_CHAT_LINES_KEPT = 100;

const LIST_RANK: Readonly<Record<TournamentStatus, number>> = { running: 0, waiting: 1, finished: 2 };

/**
 * The tournaments list after `tournaments:changed`: the row replaced, or a new one added after the running
 * ones; running, then waiting, then finished, each in the order they were listed.
 */
export function applyTournamentChange(
  list: readonly TournamentSummary[],
  changed: TournamentSummary,
): TournamentSummary[] {
  const known = list.some((t) => t.id === changed.id);
  const next = known ? list.map((t) => (t.id === changed.id ? changed : t)) : [changed, ...list];
  return next
    .map((t, i) => ({ t, i }))
    .sort((a, b) => LIST_RANK[a.t.status] - LIST_RANK[b.t.status] || a.i - b.i)
    .map(({ t }) => t);
}
