import type { InviteToken, MatchId, Millis, UserId, Version } from "../ids.js";

/** The longest display name, in characters (Unicode code points) after normalisation. */
export const MAX_NAME_CHARS = 24;

/** Server-side constructors for values the server itself generates (already valid). */
export const asMatchId = (id: string): MatchId => id as MatchId;
export const asUserId = (id: string): UserId => id as UserId;
export const asVersion = (n: number): Version => n as Version;
export const asMillis = (n: number): Millis => n as Millis;
export const asInviteToken = (s: string): InviteToken => s as InviteToken;
