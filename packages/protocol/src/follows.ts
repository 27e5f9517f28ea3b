import { z } from "zod";
import { AccountName } from "./accounts.js";
import { type MatchId, type UserId } from "./ids.js";

/** The most players one account follows (docs/protocol.md, "Follows"): more answers `quota`. */
export const MAX_FOLLOWS = 400;

/** `follow:set`: follow (or stop following) an account by its name. */
export const FollowRequest = z.strictObject({ name: AccountName, following: z.boolean() });

/**
 * A followed player as the follower sees them: whether any of their sockets is connected now, and the
 * live game they hold a seat in, if any (to watch). Pushed as `follow:presence` when it changes.
 */
export interface FollowedPlayer {
  readonly id: UserId;
  readonly name: string;
  readonly online: boolean;
  readonly playing: MatchId | null;
}
