import { firstMoveDeadline, type MatchModel } from "@arena/match";

/**
 * The seat a game was aborted on for not moving: the seat whose first-move window had closed when the
 * `abort` ended it (docs/clocks.md §4). Null for any other end, an abort by a player or a vanished
 * opponent's claim included.
 */
export function noShowSeat(before: MatchModel, after: MatchModel): number | null {
  if (after.result?.reason !== "abort" || before.status !== "live" || before.clock === null) return null;
  const windowEnd = firstMoveDeadline(before.clock);
  if (windowEnd === null || after.lastEventAt < windowEnd) return null;
  return before.clock.running;
}
