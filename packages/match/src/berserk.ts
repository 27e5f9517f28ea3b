import type { ErrorCode } from "@arena/protocol";
import { isBerserk } from "./clock.js";
import type { MatchModel } from "./model.js";

/** Why a seat may not berserk now. */
export type BerserkRefusal = Extract<
  ErrorCode,
  "berserk-not-allowed" | "berserk-too-late" | "already-berserk"
>;

/**
 * Whether `seat` may berserk now, as lichess rules it (docs/tournaments.md, "Berserk"): a player (not an AI)
 * in a live tournament game whose tournament allows it, once, before their own first move. Null: it may.
 * The server decides with it and the room's Berserk button shows by it.
 */
export function berserkRefusal(model: MatchModel, seat: number): BerserkRefusal | null {
  if (model.tournament?.berserk !== true || model.slots[seat]?.kind !== "human") return "berserk-not-allowed";
  if (isBerserk(model.clock, seat)) return "already-berserk";
  if (model.status !== "live" || model.clock === null) return "berserk-too-late";
  // A move taken back (a casual tournament's takeback) leaves the seat's clock started: still too late.
  if (model.clock.started[seat] === true) return "berserk-too-late";
  for (const move of model.moves) if (move.seat === seat) return "berserk-too-late";
  return null;
}
