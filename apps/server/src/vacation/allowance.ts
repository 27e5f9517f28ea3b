import { type VacationRecord } from "../store/ports/vacations.js";

/**
 * An account's vacation allowance (docs/clocks.md, "Vacation"): 30 days a calendar year (UTC), charged in
 * whole started hours. Pure: the store keeps the record, the service decides with these functions.
 */

export type { VacationRecord };

export const VACATION_DAYS_PER_YEAR = 30;
const HOUR_MS = 3_600_000;
export const VACATION_ALLOWANCE_MS = VACATION_DAYS_PER_YEAR * 24 * HOUR_MS;

export const NO_VACATION = (now: number): VacationRecord => ({ since: null, usedMs: 0, year: yearOf(now) });

export function yearOf(at: number): number {
  return new Date(at).getUTCFullYear();
}

/** When the allowance of the year holding `at` is whole again: the next 1 January, 00:00 UTC. */
export function refillsAt(at: number): number {
  return Date.UTC(yearOf(at) + 1, 0, 1);
}

/** A stretch away charged in whole started hours (a minute away costs an hour, like a started hour at a desk). */
function charged(ms: number): number {
  return Math.ceil(Math.max(0, ms) / HOUR_MS) * HOUR_MS;
}

/**
 * The record as of `now`: a new year starts from nothing (a vacation that runs across New Year is charged to
 * the new year from the moment it began, so nobody gains days by starting on 31 December).
 */
export function current(record: VacationRecord, now: number): VacationRecord {
  const year = yearOf(now);
  return record.year === year ? record : { since: record.since, usedMs: 0, year };
}

/** How much of the year's allowance is used at `now`, the running vacation included. */
export function usedAt(record: VacationRecord, now: number): number {
  const at = current(record, now);
  return at.usedMs + (at.since === null ? 0 : charged(now - at.since));
}

/** Whole days left at `now` (what the page shows). */
export function daysLeft(record: VacationRecord, now: number): number {
  return Math.max(0, Math.floor((VACATION_ALLOWANCE_MS - usedAt(record, now)) / (24 * HOUR_MS)));
}

/** When the running vacation uses the last of the allowance and ends by itself; null when none runs. */
export function exhaustsAt(record: VacationRecord, now: number): number | null {
  const at = current(record, now);
  if (at.since === null) return null;
  return at.since + Math.max(0, VACATION_ALLOWANCE_MS - at.usedMs);
}

export type VacationChange =
  | { readonly ok: true; readonly record: VacationRecord; readonly changed: boolean }
  | { readonly ok: false; readonly code: "quota"; readonly retryAt: number };

/** Starts a vacation at `now`; refused with when it refills when nothing is left. Starting twice is a no-op. */
export function start(record: VacationRecord, now: number): VacationChange {
  const at = current(record, now);
  if (at.since !== null) return { ok: true, record: at, changed: false };
  if (usedAt(at, now) >= VACATION_ALLOWANCE_MS) return { ok: false, code: "quota", retryAt: refillsAt(now) };
  return { ok: true, record: { ...at, since: now }, changed: true };
}

/** Ends the vacation at `now` (or at the moment the allowance ran out, if that came first), charging it. */
export function end(record: VacationRecord, now: number): VacationChange {
  const at = current(record, now);
  if (at.since === null) return { ok: true, record: at, changed: false };
  const until = Math.min(now, exhaustsAt(at, now) ?? now);
  const usedMs = Math.min(VACATION_ALLOWANCE_MS, at.usedMs + charged(until - at.since));
  return { ok: true, record: { since: null, usedMs, year: at.year }, changed: true };
}

/** Whether the running vacation has used the whole allowance by `now` (it is to be ended: on a timer or on touch). */
export function overUsed(record: VacationRecord, now: number): boolean {
  const until = exhaustsAt(record, now);
  return until !== null && now >= until;
}
