import { z } from "./zod.js";
import { MatchId } from "./ids.js";
import { UserRef } from "./model.js";
import { NOTIFICATION_KINDS } from "./values/notifications.js";

export * from "./values/notifications.js";

/** The most notifications one inbox keeps (older ones are dropped), and the most one read returns. */
export const NOTIFICATIONS_KEPT = 200;
/** How many `GET /api/notifications` returns without `?limit`. */
export const NOTIFICATIONS_PAGE = 50;

/**
 * One entry of a user's inbox. The id is deterministic (`<kind>:<matchId>:<version>` and the like), so the
 * same news told by two processes, or again after a restart, is one notification.
 */
export const Notification = z.object({
  id: z.string().min(1).max(200),
  kind: z.enum(NOTIFICATION_KINDS),
  matchId: MatchId.optional(),
  tournamentId: z.string().optional(),
  gameId: z.string().optional(),
  /** Server time (ms) of the news. */
  createdAt: z.number().int(),
  read: z.boolean(),
  /** Who it comes from (an invitation's host, the opponent offering a draw), when anyone. */
  from: UserRef.optional(),
});
export type Notification = z.infer<typeof Notification>;

/** `GET /api/notifications`: newest first. */
export interface NotificationsResponse {
  readonly notifications: readonly Notification[];
}

/** `POST /api/notifications/read`: these ids read, or every notification when `ids` is absent. */
export const MarkReadRequest = z.strictObject({
  ids: z.array(z.string().min(1).max(200)).max(200).optional(),
});
export type MarkReadRequest = z.infer<typeof MarkReadRequest>;
