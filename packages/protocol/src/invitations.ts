import { z } from "./zod.js";
import { MatchId, Seat } from "./ids.js";
import { TimeControl, UserRef } from "./model.js";

/**
 * `invite:received`: a seat an account was invited to by name (docs/protocol.md, "Invitations by name").
 * Sent to every socket of the invitee when the room is created, and again on connecting while the room
 * still waits for that seat.
 */
export const Invitation = z.object({
  matchId: MatchId,
  seat: Seat,
  gameId: z.string(),
  timeControl: TimeControl,
  rated: z.boolean(),
  host: UserRef,
});
export type Invitation = z.infer<typeof Invitation>;

/** `GET /api/bots`: the bot accounts connected now, on any process. */
export const BotsOnline = z.object({ ok: z.literal(true), bots: z.array(UserRef) });
export type BotsOnline = z.infer<typeof BotsOnline>;
