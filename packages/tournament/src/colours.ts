import { type Seat } from "./types.js";

/** How strictly colours bind a pairing; pairing relaxes them in this order only when it must. */
export const COLOUR_RULES = ["balanced", "no-three-in-a-row"] as const;
export type ColourRule = (typeof COLOUR_RULES)[number];

/** An entrant's seats in the games they played, in order. */
export type SeatHistory = readonly Seat[];

/** Games in seat 0 minus games in seat 1. */
export const seatBalance = (history: SeatHistory): number =>
  history.reduce((sum: number, seat) => sum + (seat === 0 ? 1 : -1), 0);

/**
 * Whether an entrant may take `seat` next: never a third game in a row in the same seat; under
 * `balanced` also never more than one game apart between the seats.
 */
export function maySit(history: SeatHistory, seat: Seat, rule: ColourRule): boolean {
  const n = history.length;
  if (n >= 2 && history[n - 1] === seat && history[n - 2] === seat) return false;
  if (rule === "balanced") return Math.abs(seatBalance(history) + (seat === 0 ? 1 : -1)) <= 1;
  return true;
}

/**
 * Who of two entrants should move first: the one who has moved first less often (the World Othello
 * Federation gives Black to the player with fewer Blacks), then the one who moved second last time,
 * then `a`. Returns the seat `a` should take.
 */
export function preferredSeat(a: SeatHistory, b: SeatHistory): Seat {
  const balance = seatBalance(a) - seatBalance(b);
  if (balance !== 0) return balance < 0 ? 0 : 1;
  const lastA = a[a.length - 1];
  const lastB = b[b.length - 1];
  if (lastA !== lastB) return lastA === 1 || lastB === 0 ? 0 : 1;
  return 0;
}

/** The seat `a` takes against `b` under a rule, or null when neither way is allowed. */
export function seatFor(a: SeatHistory, b: SeatHistory, rule: ColourRule): Seat | null {
  const preferred = preferredSeat(a, b);
  for (const seat of [preferred, preferred === 0 ? 1 : 0] as const) {
    const other = seat === 0 ? 1 : 0;
    if (maySit(a, seat, rule) && maySit(b, other, rule)) return seat;
  }
  return null;
}
