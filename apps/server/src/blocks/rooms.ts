import { type MatchModel } from "@arena/match";
import { type UserId } from "@arena/protocol";

/**
 * Who a user meets by joining a room or asking its players for a rematch: its host and its seated people,
 * but the user (docs/protocol.md, "Blocks": a block refuses both).
 */
export function peopleMet(model: MatchModel, user: UserId): UserId[] {
  const seated = model.slots.flatMap((slot) => (slot.kind === "human" ? [slot.user.id] : []));
  return [...new Set([model.host.id, ...seated])].filter((id) => id !== user);
}
