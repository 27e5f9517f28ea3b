import { type ErrorEvent } from "./errors.js";
import { type MatchId } from "./ids.js";
import { type PresenceUpdate, type RoomSummary, type Snapshot, type VersionedEvent } from "./model.js";
import { type SessionInfo } from "./client-events.js";

/** Every server→client event. */
export const SERVER_EVENT_NAMES = [
  "session:ready",
  "lobby:rooms",
  "lobby:room-updated",
  "lobby:room-removed",
  "match:event",
  "match:snapshot",
  "presence:update",
  "error",
] as const;

export type ServerToClientEvents = {
  /** After the handshake: the identity to keep (localStorage/cookie) and present next time as `auth.token`. */
  "session:ready": (session: SessionInfo) => void;
  "lobby:rooms": (payload: { rooms: readonly RoomSummary[] }) => void;
  "lobby:room-updated": (payload: { room: RoomSummary }) => void;
  "lobby:room-removed": (payload: { matchId: MatchId }) => void;
  /** One event of a match's log, in version order. A gap means: send `match:sync`. */
  "match:event": (payload: { matchId: MatchId } & VersionedEvent) => void;
  "match:snapshot": (payload: { snapshot: Snapshot }) => void;
  "presence:update": (payload: PresenceUpdate) => void;
  /** Sent instead of an ack when the client gave no ack callback. */
  error: (payload: ErrorEvent) => void;
};
