import { z } from "./zod.js";
import { DisplayName, InviteToken, MatchId, Millis, Seat, Version } from "./ids.js";
import {
  DaysPerMove,
  SeatRequest,
  SlowSeconds,
  TimeBank,
  TimeControl,
  Visibility,
  type Snapshot,
  type UserRef,
  type VersionedEvent,
} from "./model.js";
import { type Ack } from "./errors.js";
import { LOBBY_VIEWS, LobbyQuery, type LobbyPage, type LobbyView } from "./lobby.js";
import { UserId } from "./ids.js";
import { FollowRequest, type FollowedPlayer } from "./follows.js";
import {
  type TournamentChatLine,
  TournamentId,
  type TournamentSummary,
  type TournamentView,
} from "./tournaments.js";
import { ChatChannel, ChatInput, type ChatLine, ChatPhrase } from "./chat.js";
import { PoolId, type SeekCounts } from "./seeks.js";

export * from "./values/client-events.js";

const matchOnly = z.strictObject({ matchId: MatchId });
/** Every command that changes a match names the version it was based on. */
const command = z.strictObject({ matchId: MatchId, version: Version });
const seatCommand = z.strictObject({ matchId: MatchId, version: Version, seat: Seat.optional() });

/** Every client→server event and its payload schema. Parsed once, at the gateway. */
export const CLIENT_EVENTS = {
  "session:rename": z.strictObject({ name: DisplayName }),
  /** One page of the lobby, then `lobby:changed` whenever that page changes (docs/protocol.md, "Lobby"). */
  "lobby:subscribe": LobbyQuery,
  /** Drops one view's subscription, or every one when no view is named. */
  "lobby:unsubscribe": z.strictObject({ view: z.enum(LOBBY_VIEWS).optional() }),
  "room:create": z.strictObject({
    gameId: z.string().min(1).max(32),
    options: z.unknown().optional(),
    timeControl: TimeControl,
    seats: z.array(SeatRequest).min(1).max(16),
    rated: z.boolean().default(false),
    visibility: Visibility.default("public"),
    /** The seat the host takes at once, if any. */
    sit: Seat.optional(),
  }),
  "room:join-seat": z.strictObject({
    matchId: MatchId,
    version: Version,
    seat: Seat,
    inviteToken: InviteToken.optional(),
  }),
  "room:leave-seat": z.strictObject({ matchId: MatchId, version: Version, seat: Seat }),
  "room:set-ai": z.strictObject({
    matchId: MatchId,
    version: Version,
    seat: Seat,
    level: z.number().int().min(1).max(20),
  }),
  "room:kick-ai": z.strictObject({ matchId: MatchId, version: Version, seat: Seat }),
  "room:cancel": command,
  /** Keeps an open or invite-only seat of a waiting room for an account, by name (docs/protocol.md). */
  "room:invite": z.strictObject({
    matchId: MatchId,
    version: Version,
    seat: Seat,
    name: z.string().trim().min(1).max(64),
  }),
  /** The invitee declines the seat kept for them by name (docs/protocol.md, "Invitations by name"). */
  "room:decline": z.strictObject({ matchId: MatchId, version: Version, seat: Seat }),
  "match:move": z.strictObject({
    matchId: MatchId,
    version: Version,
    /** The move in the game's notation (Othello: "f5", "PA"). */
    move: z.string().min(1).max(64),
    seat: Seat.optional(),
    /** How long the move took on the client's own clock; lets the server measure lag (docs/clocks.md §2). */
    clientMs: Millis.optional(),
    /** The client's own lag estimate, used when `clientMs` is absent. */
    lagMs: Millis.optional(),
  }),
  "match:resign": seatCommand,
  /** A tournament player halves their clock for a bonus (docs/tournaments.md, "Berserk"). */
  "match:berserk": seatCommand,
  "match:flag": matchOnly,
  /**
   * A correspondence player's forecast (docs/protocol.md, "Forecasts"): lines of expected plies from the
   * position at `version`, replacing any before ([] clears them).
   */
  "forecast:set": z.strictObject({
    matchId: MatchId,
    version: Version,
    lines: z.array(z.array(z.string().min(1).max(16)).max(30)).max(30),
  }),
  "forecast:get": matchOnly,
  "match:claim": z.strictObject({
    matchId: MatchId,
    version: Version,
    kind: z.enum(["win", "draw"]),
    seat: Seat.optional(),
  }),
  "match:draw-offer": seatCommand,
  "match:draw-accept": seatCommand,
  "match:draw-decline": seatCommand,
  // Takebacks in casual games (docs/protocol.md, "Takebacks").
  "match:takeback-ask": seatCommand,
  "match:takeback-accept": seatCommand,
  "match:takeback-decline": seatCommand,
  "match:abort": seatCommand,
  "match:rematch": matchOnly,
  "match:watch": z.strictObject({ matchId: MatchId, inviteToken: InviteToken.optional() }),
  "match:unwatch": matchOnly,
  "match:sync": z.strictObject({ matchId: MatchId, sinceVersion: Version }),

  // Chat (docs/protocol.md, "Chat").
  /** A line in the sender's own channel; broadcast as `chat:line` once stored. */
  "chat:say": z.strictObject({ matchId: MatchId, channel: ChatChannel, text: ChatInput }),
  /** A quick phrase by its id, in the sender's own channel; limited and broadcast like a typed line. */
  "chat:phrase": z.strictObject({ matchId: MatchId, channel: ChatChannel, phrase: ChatPhrase }),
  /** The lines the sender may read, and whom they muted. */
  "chat:history": matchOnly,
  /** A player mutes (or unmutes) another player of the match, for that match. */
  "chat:mute": z.strictObject({ matchId: MatchId, userId: UserId, muted: z.boolean() }),
  /**
   * The host opens or closes the spectators' channel, and sets its slow mode if `slowSeconds` is given (0:
   * off): a match event (`spectator-chat`).
   */
  "room:spectator-chat": z.strictObject({
    matchId: MatchId,
    version: Version,
    open: z.boolean(),
    slowSeconds: SlowSeconds.optional(),
  }),
  // ——— Follows (docs/protocol.md, "Follows"): accounts only ———
  /** Follow or stop following an account; answers the list as it is now. */
  "follow:set": FollowRequest,
  /** The players the sender follows, online or not; `follow:presence` reports their changes after it. */
  "follow:list": z.strictObject({}),
  // ——— Quick pairing (docs/protocol.md, "Quick pairing") ———
  /**
   * Seek an opponent in a pool, or in the correspondence pool of a game and time control (its id is
   * `<gameId>:<days>d` or `<gameId>:<bank>d+<increment>d/<cap>d`); replaces the user's seek if they had one.
   */
  "seek:enter": z
    .strictObject({
      poolId: PoolId.optional(),
      gameId: z.string().min(1).max(32).optional(),
      timeControl: z.union([DaysPerMove, TimeBank]).optional(),
      rated: z.boolean().default(false),
    })
    .refine(
      (seek) =>
        seek.poolId === undefined
          ? seek.gameId !== undefined && seek.timeControl !== undefined
          : seek.gameId === undefined && seek.timeControl === undefined,
      { message: "either poolId, or gameId and a correspondence timeControl" },
    ),
  /** Ends the user's seek, if any. */
  "seek:cancel": z.strictObject({}),
  /** How many seek in each pool, then `seek:counts` whenever that changes. */
  "seek:subscribe": z.strictObject({}),
  "seek:unsubscribe": z.strictObject({}),
  // ——— Tournaments (docs/protocol.md, "Tournaments") ———
  /** Follow a tournament's page: answers its view, then `tournament:update` on every change. */
  "tournament:watch": z.strictObject({ tournamentId: TournamentId }),
  "tournament:unwatch": z.strictObject({ tournamentId: TournamentId }),
  /** A line in a tournament's chat, heard by its watchers (`tournament:chat-line`). */
  "tournament:chat": z.strictObject({ tournamentId: TournamentId, text: ChatInput }),
  /** Follow the tournaments list: answers it, then `tournaments:changed` for each tournament that changes. */
  "tournaments:subscribe": z.strictObject({}),
  "tournaments:unsubscribe": z.strictObject({}),
} as const;

export type ClientEventName = keyof typeof CLIENT_EVENTS;
export const CLIENT_EVENT_NAMES = Object.keys(CLIENT_EVENTS) as ClientEventName[];
export type ClientPayload<E extends ClientEventName> = z.output<(typeof CLIENT_EVENTS)[E]>;
export type ClientInput<E extends ClientEventName> = z.input<(typeof CLIENT_EVENTS)[E]>;

export function isClientEventName(name: string): name is ClientEventName {
  return Object.hasOwn(CLIENT_EVENTS, name);
}

export interface SessionInfo {
  readonly token: string;
  readonly user: UserRef;
  /** Present for an account's session (docs/protocol.md, "Accounts"); absent for a guest. */
  readonly account?: { readonly bot: boolean };
}

/** `session:ready`: the identity, and the server process that holds this connection. */
export interface SessionReady extends SessionInfo {
  /** Behind a load balancer, which process this socket landed on (for logs, tests and bug reports). */
  readonly instance: string;
}

export interface SyncEvents {
  readonly kind: "events";
  readonly events: readonly VersionedEvent[];
}
export interface SyncSnapshot {
  readonly kind: "snapshot";
  readonly snapshot: Snapshot;
}

/** What each event's ack carries on success. */
export interface AckData {
  "session:rename": SessionInfo;
  "lobby:subscribe": LobbyPage & { readonly view: LobbyView };
  "lobby:unsubscribe": object;
  "room:create": {
    readonly matchId: MatchId;
    readonly version: Version;
    /** The room's invite secret, for its link (the host's only). */
    readonly inviteToken: string;
  };
  "room:join-seat": { readonly version: Version; readonly seat: number };
  "room:leave-seat": { readonly version: Version };
  "room:set-ai": { readonly version: Version };
  "room:kick-ai": { readonly version: Version };
  "room:cancel": { readonly version: Version };
  "room:invite": { readonly version: Version };
  "room:decline": { readonly version: Version };
  "match:move": { readonly version: Version };
  "match:resign": { readonly version: Version };
  "match:berserk": { readonly version: Version };
  "match:flag": { readonly version: Version; readonly flagged: boolean };
  "forecast:set": { readonly lines: readonly (readonly string[])[] };
  "forecast:get": { readonly lines: readonly (readonly string[])[] };
  "match:claim": { readonly version: Version };
  "match:draw-offer": { readonly version: Version };
  "match:draw-accept": { readonly version: Version };
  "match:draw-decline": { readonly version: Version };
  "match:takeback-ask": { readonly version: Version };
  "match:takeback-accept": { readonly version: Version };
  "match:takeback-decline": { readonly version: Version };
  "match:abort": { readonly version: Version };
  "match:rematch": { readonly version: Version; readonly nextMatchId: MatchId | null };
  "match:watch": { readonly snapshot: Snapshot };
  "match:unwatch": object;
  "match:sync": SyncEvents | SyncSnapshot;
  "seek:enter": { readonly poolId: string; readonly rated: boolean };
  /** Whether a seek was there to cancel. */
  "seek:cancel": { readonly cancelled: boolean };
  "seek:subscribe": { readonly counts: SeekCounts };
  "seek:unsubscribe": object;
  "chat:say": { readonly line: ChatLine };
  "chat:phrase": { readonly line: ChatLine };
  "follow:set": { readonly players: readonly FollowedPlayer[] };
  "follow:list": { readonly players: readonly FollowedPlayer[] };
  "chat:history": ChatHistory;
  "chat:mute": { readonly muted: readonly UserId[] };
  "room:spectator-chat": { readonly version: Version };
  "tournament:watch": {
    readonly tournament: TournamentView;
    /** The chat's newest lines, oldest first. */
    readonly chat: readonly TournamentChatLine[];
  };
  "tournament:unwatch": object;
  "tournaments:subscribe": { readonly tournaments: readonly TournamentSummary[] };
  "tournaments:unsubscribe": object;
  "tournament:chat": { readonly line: TournamentChatLine };
}

/** `chat:history`: what the sender may read of a match's chat, oldest first. */
export interface ChatHistory {
  /** The channels the sender reads: their own while the match is not over, both once it is. */
  readonly channels: readonly ChatChannel[];
  /** Lines of those channels, without those of users the sender muted. */
  readonly lines: readonly ChatLine[];
  /** The users the sender muted in this match. */
  readonly muted: readonly UserId[];
}

export type AckFor<E extends ClientEventName> = Ack<AckData[E]>;

/** socket.io's typed map for a client emitting these events with an ack. */
export type ClientToServerEvents = {
  [E in ClientEventName]: (payload: ClientInput<E>, ack: (response: AckFor<E>) => void) => void;
};
