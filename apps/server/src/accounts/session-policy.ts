import { type SessionRecord } from "../store/ports/sessions.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long a session lives (docs/protocol.md, "Sessions"): it ends after 90 days without use (sliding: every
 * use moves the end), and 365 days after its login whatever its use. 90 days outlast a year's vacation
 * allowance, so that a correspondence player never comes back from a vacation logged out. A use is written at most every 10
 * minutes, so that a busy player does not write on every request. An account keeps at most 50 open: a new
 * login beyond them ends the least recently used, so that logging in without end fills no store.
 */
export const SESSION_POLICY = {
  idleMs: 90 * DAY_MS,
  maxAgeMs: 365 * DAY_MS,
  touchEveryMs: 10 * 60 * 1000,
  maxPerUser: 50,
} as const;
export type SessionPolicy = { readonly [K in keyof typeof SESSION_POLICY]: number };

/** When the session ends unless it is used again. */
export function sessionExpiresAt(session: SessionRecord, policy: SessionPolicy = SESSION_POLICY): number {
  return Math.min(session.lastUsedAt + policy.idleMs, session.createdAt + policy.maxAgeMs);
}

/** Whether a token of the session may still be accepted at `now`. */
export function sessionLive(
  session: SessionRecord,
  now: number,
  policy: SessionPolicy = SESSION_POLICY,
): boolean {
  return now < sessionExpiresAt(session, policy);
}

/** Whether a use at `now` is worth writing down. */
export function sessionNeedsTouch(
  session: SessionRecord,
  now: number,
  policy: SessionPolicy = SESSION_POLICY,
): boolean {
  return now - session.lastUsedAt >= policy.touchEveryMs;
}
