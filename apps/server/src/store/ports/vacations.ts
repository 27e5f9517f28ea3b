import { type UserId } from "@arena/protocol";

/** What an account used of its allowance: `since` while it is away, `usedMs` charged in `year` before that. */
export interface VacationRecord {
  readonly since: number | null;
  readonly usedMs: number;
  readonly year: number;
}

/**
 * Each account's vacation allowance (docs/clocks.md, "Vacation"), durable in every backend: a vacation
 * outlives restarts and spans weeks. Writes are compare-and-set, because the account's request and the
 * timer that ends an over-used vacation may run on two processes at once. Every method may reject when the
 * backing service is down.
 */
export interface VacationStore {
  /** The account's record; null before its first vacation. */
  get(userId: UserId): Promise<VacationRecord | null>;
  /** Writes `next` if the record still is `expected` (null: none yet): whether it was written. */
  swap(userId: UserId, expected: VacationRecord | null, next: VacationRecord): Promise<boolean>;
  /** Every account away now, with its record (for the timers that end vacations after a restart). */
  away(): Promise<{ readonly userId: UserId; readonly record: VacationRecord }[]>;
}

/** One canonical text per record (fixed key order), so stores compare records as strings. */
export function encodeVacation(record: VacationRecord): string {
  return JSON.stringify({ since: record.since, usedMs: record.usedMs, year: record.year });
}

export function decodeVacation(text: string): VacationRecord {
  const { since, usedMs, year } = JSON.parse(text) as VacationRecord;
  return { since, usedMs, year };
}
