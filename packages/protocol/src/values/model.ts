import type { CorrespondenceControl, MatchEventType, TimeControl } from "../model.js";

/**
 * The time controls the product offers, in one list: the create form's chips and the quick-pairing grid
 * (each game a subset of it) both take theirs from here (docs/clocks.md §1). Any other base+increment
 * within bounds is accepted too.
 */
export const TIME_PRESETS = [
  { name: "1+0", baseMs: 60_000, incrementMs: 0 },
  { name: "3+2", baseMs: 180_000, incrementMs: 2_000 },
  { name: "5+0", baseMs: 300_000, incrementMs: 0 },
  { name: "10+5", baseMs: 600_000, incrementMs: 5_000 },
  { name: "15+10", baseMs: 900_000, incrementMs: 10_000 },
] as const;

/** A preset's name ("3+2"). */
export type TimePresetName = (typeof TIME_PRESETS)[number]["name"];

/** Correspondence: days per move, the clock set back to the whole period after each move (lichess's set). */
export const DAYS_PER_MOVE = [1, 2, 3, 5, 7, 14] as const;

/** The most days a time bank may hold (docs/clocks.md, "Correspondence"). */
export const MAX_BANK_DAYS = 21;
/** The most days a move may add to a time bank. */
export const MAX_BANK_INCREMENT_DAYS = 7;

/**
 * Whether a time bank's terms are within bounds: whole days, 1 to `MAX_BANK_DAYS` to start and as the cap,
 * 0 to `MAX_BANK_INCREMENT_DAYS` a move, and a start no greater than the cap. The `TimeBank` schema says the same
 * with zod (a test holds the two together); forms check with this one, which the browser loads.
 */
export function isTimeBankWithinBounds(bank: {
  readonly bankDays: number;
  readonly incrementDays: number;
  readonly capDays: number;
}): boolean {
  const days = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;
  return (
    days(bank.bankDays, 1, MAX_BANK_DAYS) &&
    days(bank.incrementDays, 0, MAX_BANK_INCREMENT_DAYS) &&
    days(bank.capDays, 1, MAX_BANK_DAYS) &&
    bank.bankDays <= bank.capDays
  );
}

export const DAY_MS = 86_400_000;

export function isCorrespondence(tc: TimeControl): tc is CorrespondenceControl {
  return !("baseMs" in tc);
}

/**
 * The clock's terms for any time control: what a seat starts with, what a move adds, and for
 * correspondence whether a move sets the clock back to the whole period (`periodMs`) or the bank's cap.
 */
export interface ClockTerms {
  readonly baseMs: number;
  readonly incrementMs: number;
  /** Days per move: each move sets the mover's clock back to this. */
  readonly periodMs?: number;
  /** A time bank: the most a seat's clock may hold after a move. */
  readonly capMs?: number;
}

export function clockTerms(tc: TimeControl): ClockTerms {
  if ("baseMs" in tc) return { baseMs: tc.baseMs, incrementMs: tc.incrementMs };
  if ("daysPerMove" in tc) {
    const periodMs = tc.daysPerMove * DAY_MS;
    return { baseMs: periodMs, incrementMs: 0, periodMs };
  }
  return { baseMs: tc.bankDays * DAY_MS, incrementMs: tc.incrementDays * DAY_MS, capMs: tc.capDays * DAY_MS };
}

/**
 * The events a user can append again and again (seating, invitations, offers, the chat switch): a match
 * counts each kind, and the server caps each per match (docs/protocol.md, "Quotas").
 */
export const REPEATABLE_EVENTS = [
  "seat-joined",
  "seat-left",
  "ai-set",
  "ai-kicked",
  "seat-invited",
  "draw-offered",
  "takeback-asked",
  "rematch-offered",
  "spectator-chat",
] as const satisfies readonly MatchEventType[];
export type RepeatableEvent = (typeof REPEATABLE_EVENTS)[number];
