import type { SeatView } from "@arena/protocol";

/**
 * When the viewer may claim against an absent opponent (docs/clocks.md §6): the earliest time, in server
 * time, at which an offline opponent counts as gone, as the server pushed it. Null when no opponent is
 * offline (or one already is gone: then the claim is offered at once).
 */
export function claimOpensAt(seats: readonly SeatView[], mine: readonly number[]): number | null {
  let earliest: number | null = null;
  for (const seat of seats) {
    if (seat.kind !== "human" || mine.includes(seat.seat) || seat.eliminated) continue;
    if (seat.gone) return null;
    if (seat.connected || seat.goneAt === null) continue;
    if (earliest === null || seat.goneAt < earliest) earliest = seat.goneAt;
  }
  return earliest;
}

/** The countdown's text, whole seconds rounded up ("0:23", "1:05"); never negative. */
export function formatWait(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
