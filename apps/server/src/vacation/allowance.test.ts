import { describe, expect, it } from "vitest";
import {
  daysLeft,
  end,
  exhaustsAt,
  NO_VACATION,
  overUsed,
  refillsAt,
  start,
  usedAt,
  VACATION_ALLOWANCE_MS,
  type VacationRecord,
} from "./allowance.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MARCH = Date.UTC(2026, 2, 1);

function started(record: VacationRecord, at: number): VacationRecord {
  const change = start(record, at);
  if (!change.ok) throw new Error("refused");
  return change.record;
}
function ended(record: VacationRecord, at: number): VacationRecord {
  const change = end(record, at);
  if (!change.ok) throw new Error("refused");
  return change.record;
}

describe("vacation allowance", () => {
  it("gives 30 days a year and charges whole started hours", () => {
    const fresh = NO_VACATION(MARCH);
    expect(daysLeft(fresh, MARCH)).toBe(30);
    const away = started(fresh, MARCH);
    // A minute away costs an hour.
    expect(usedAt(away, MARCH + 60_000)).toBe(HOUR);
    const back = ended(away, MARCH + 60_000);
    expect(back).toEqual({ since: null, usedMs: HOUR, year: 2026 });
    expect(daysLeft(back, MARCH + DAY)).toBe(29);
    // Two days and a minute: 49 hours more.
    const again = ended(started(back, MARCH + DAY), MARCH + 3 * DAY + 60_000);
    expect(again.usedMs).toBe(50 * HOUR);
  });

  it("ends by itself when the allowance runs out, charging no more than it", () => {
    const away = started({ since: null, usedMs: 29 * DAY, year: 2026 }, MARCH);
    expect(exhaustsAt(away, MARCH)).toBe(MARCH + DAY);
    expect(overUsed(away, MARCH + DAY - 1)).toBe(false);
    expect(overUsed(away, MARCH + DAY)).toBe(true);
    // Ended late (after a restart): charged up to the allowance only.
    expect(ended(away, MARCH + 5 * DAY).usedMs).toBe(VACATION_ALLOWANCE_MS);
  });

  it("refuses a start with nothing left, saying when it refills (1 January UTC)", () => {
    const spent = { since: null, usedMs: VACATION_ALLOWANCE_MS, year: 2026 };
    expect(start(spent, MARCH)).toEqual({ ok: false, code: "quota", retryAt: Date.UTC(2027, 0, 1) });
    expect(refillsAt(Date.UTC(2026, 11, 31, 23, 59))).toBe(Date.UTC(2027, 0, 1));
    // A new year starts from nothing.
    expect(daysLeft(spent, Date.UTC(2027, 0, 1))).toBe(30);
    expect(start(spent, Date.UTC(2027, 0, 1)).ok).toBe(true);
  });

  it("starting twice or ending when home changes nothing", () => {
    const away = started(NO_VACATION(MARCH), MARCH);
    expect(start(away, MARCH + HOUR)).toMatchObject({ ok: true, changed: false, record: away });
    expect(end(NO_VACATION(MARCH), MARCH)).toMatchObject({ ok: true, changed: false });
  });
});
