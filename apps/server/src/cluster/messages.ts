import { MatchId, RoomSummary, TournamentId } from "@arena/protocol";
import { z } from "zod";

/** rooms/presence.ts `PresenceReport`, as it crosses processes. */
const PresenceReport = z.object({
  seats: z
    .array(
      z.object({
        seat: z.number().int().nonnegative(),
        connections: z.number().int().nonnegative(),
        offlineSince: z.number().nullable(),
        deliberate: z.boolean(),
      }),
    )
    .readonly(),
  viewers: z.number().int().nonnegative(),
});

/**
 * What one server process tells the others (besides match news, which rides on the appends): checked on
 * receipt, since it crosses processes. Broadcasts to browsers stay on socket.io's adapter.
 */
export const ClusterMessage = z.discriminatedUnion("type", [
  /** A room's lobby entry changed on another process: its summary, or null when it left the lobby. */
  z.object({ type: z.literal("lobby:entry"), matchId: MatchId, summary: RoomSummary.nullable() }),
  /** Another process's followers of matches (docs/architecture.md, "Presence across processes"). */
  z.object({
    type: z.literal("presence:reports"),
    instance: z.string(),
    reports: z.array(z.tuple([MatchId, PresenceReport]).readonly()).readonly(),
  }),
  /** Another process loaded a match's room: the followers of it here, please. */
  z.object({ type: z.literal("presence:wanted"), matchId: MatchId }),
  /** A process handed back a match's lease for `to`, the process its sockets are on, to take now. */
  z.object({ type: z.literal("lease:offered"), matchId: MatchId, to: z.string() }),
  /** Another process appended to a tournament's log (now `version` events long): copies of it here catch up. */
  z.object({
    type: z.literal("tournament:appended"),
    tournamentId: TournamentId,
    version: z.number().int().nonnegative(),
  }),
  /** Quick pairing: a pool changed on another process (its seek-count watchers here should hear). */
  z.object({ type: z.literal("seek:changed") }),
]);
export type ClusterMessage = z.infer<typeof ClusterMessage>;
