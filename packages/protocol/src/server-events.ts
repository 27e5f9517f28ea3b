import { type ErrorEvent } from "./errors.js";
import { type MatchId } from "./ids.js";
import { type LobbyChange } from "./lobby.js";
import { type PresenceUpdate, type VersionedEvent } from "./model.js";
import { type SessionReady } from "./client-events.js";
import { type ChatLine } from "./chat.js";
import { type SeekCounts, type SeekEnded, type SeekPaired } from "./seeks.js";
import { type Invitation } from "./invitations.js";
import { type MyGame, type MyGameChange, type RematchOffer } from "./my-games.js";
import { type FollowedPlayer } from "./follows.js";
import {
  type TournamentChatLine,
  type TournamentId,
  type TournamentSummary,
  type TournamentView,
  type TournamentInvitation,
} from "./tournaments.js";
import { type AnalysisProgress } from "./analysis.js";
import { type Notification } from "./notifications.js";

/** Every server→client event; the server sends each of them (`server-events.test.ts` in the server checks). */
export const SERVER_EVENT_NAMES = [
  "session:ready",
  "lobby:changed",
  "match:event",
  "presence:update",
  "error",
  "chat:line",
  // Moderation (docs/protocol.md, "Moderation"): a line a moderator removed, to the match's sockets.
  "chat:removed",
  "seek:paired",
  "seek:ended",
  "seek:counts",
  // Invitations by name (docs/protocol.md, "Invitations by name").
  "invite:received",
  // My games (docs/protocol.md, "My games"): the user's own channel.
  "games:list",
  "games:game",
  "rematch:offered",
  // Follows (docs/protocol.md, "Follows").
  "follow:presence",
  // Post-game analysis (docs/protocol.md, "Analysis"): pushed to the match's sockets.
  "analysis:progress",
  // Tournaments (docs/protocol.md, "Tournaments"): to the sockets watching one.
  "tournament:update",
  "tournament:chat-line",
  // ... to an invitee's own channel,
  "tournament:invited",
  // ... and to the sockets following the tournaments list.
  "tournaments:changed",
  // Notifications (docs/protocol.md, "Notifications"): one new entry of the user's inbox, to their channel.
  "notification",
] as const;

export type ServerToClientEvents = {
  /** After the handshake: the identity to keep (localStorage/cookie) and present next time as `auth.token`. */
  "session:ready": (session: SessionReady) => void;
  /** A subscribed lobby page changed (batched: at most one per view every 700 ms). */
  "lobby:changed": (payload: LobbyChange) => void;
  /** One event of a match's log, in version order. A gap means: send `match:sync`. */
  "match:event": (payload: { matchId: MatchId } & VersionedEvent) => void;
  "presence:update": (payload: PresenceUpdate) => void;
  /** Sent instead of an ack when the client gave no ack callback. */
  error: (payload: ErrorEvent) => void;
  /** A chat line, to the sockets that may read its channel (docs/protocol.md, "Chat"). */
  "chat:line": (payload: { matchId: MatchId } & ChatLine) => void;
  /** A moderator removed a line: pages drop it (docs/protocol.md, "Moderation"). */
  "chat:removed": (payload: { matchId: MatchId; lineId: string }) => void;
  /** Quick pairing found an opponent: the new room, both seated (open `/play/<matchId>`). */
  "seek:paired": (payload: SeekPaired) => void;
  /** This socket's seek ended without a pairing (replaced by another of the user's, or a failed room). */
  "seek:ended": (payload: SeekEnded) => void;
  /** The seekers per pool changed (batched: at most one every 700 ms). */
  "seek:counts": (payload: { counts: SeekCounts }) => void;
  /** A seat this account was invited to by name; again on connecting while the seat still waits. */
  "invite:received": (payload: Invitation) => void;
  /** On connecting: every live game of the user's (docs/protocol.md, "My games"). */
  "games:list": (payload: { games: readonly MyGame[] }) => void;
  /** One game of the user's started, changed whose turn it is, or ended. */
  "games:game": (payload: MyGameChange) => void;
  /** An opponent of a finished game of the user's asks for a rematch. */
  "rematch:offered": (payload: RematchOffer) => void;
  /** A followed player came online, went offline, or sat down in or left a live game. */
  "follow:presence": (payload: FollowedPlayer) => void;
  /** A finished match's analysis moved on (a position done, the result, or `none` when its job failed). */
  "analysis:progress": (payload: AnalysisProgress) => void;
  /** A watched tournament changed: its whole view (standings, rounds, crosstable). */
  "tournament:update": (payload: { tournament: TournamentView }) => void;
  /** A line said in a watched tournament's chat. */
  "tournament:chat-line": (payload: { tournamentId: TournamentId; line: TournamentChatLine }) => void;
  /** A tournament this account was invited to; again on connecting while it is unfinished and not entered. */
  "tournament:invited": (payload: TournamentInvitation) => void;
  /** A tournament of the list was created or changed its row (status, players). */
  "tournaments:changed": (payload: { tournament: TournamentSummary }) => void;
  /** A new notification in the user's inbox (docs/protocol.md, "Notifications"). */
  notification: (payload: Notification) => void;
};
