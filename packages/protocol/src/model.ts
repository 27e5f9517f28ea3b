import { z } from "./zod.js";
import { asMillis, InviteToken, MatchId, MAX_NAME_CHARS, Millis, Seat, UserId, Version } from "./ids.js";
import { DAYS_PER_MOVE, MAX_BANK_DAYS, MAX_BANK_INCREMENT_DAYS, REPEATABLE_EVENTS } from "./values/model.js";

export * from "./values/model.js";

/** A real-time clock: a base and an increment per move (docs/clocks.md §1). */
export const RealtimeControl = z.strictObject({
  baseMs: z
    .number()
    .int()
    .min(1_000)
    .max(3 * 3_600_000),
  incrementMs: z.number().int().min(0).max(180_000),
});
export type RealtimeControl = z.infer<typeof RealtimeControl>;

/** Correspondence: days per move, the clock set back to the whole period after each move. */
export const DaysPerMove = z.strictObject({
  daysPerMove: z.literal(DAYS_PER_MOVE),
});
export type DaysPerMove = z.infer<typeof DaysPerMove>;

/** Correspondence with a time bank: `bankDays` to start, `incrementDays` added per move, never above `capDays`. */
export const TimeBank = z
  .strictObject({
    bankDays: z.number().int().min(1).max(MAX_BANK_DAYS),
    incrementDays: z.number().int().min(0).max(MAX_BANK_INCREMENT_DAYS),
    capDays: z.number().int().min(1).max(MAX_BANK_DAYS),
  })
  .refine((bank) => bank.bankDays <= bank.capDays, { message: "bankDays must not exceed capDays" });
export type TimeBank = z.infer<typeof TimeBank>;

export type CorrespondenceControl = DaysPerMove | TimeBank;

/** Every match has a clock: real time, days per move, or a time bank (docs/clocks.md). */
export const TimeControl = z.union([RealtimeControl, DaysPerMove, TimeBank]);
export type TimeControl = RealtimeControl | CorrespondenceControl;

export const VISIBILITIES = ["public", "link"] as const;
export const Visibility = z.enum(VISIBILITIES);
export type Visibility = z.infer<typeof Visibility>;

/**
 * A user as the server recorded them. The name was checked as a `DisplayName` where it entered (a rename,
 * `POST /api/session`); stored logs are read back as they are, so a log written before a rule existed
 * still loads (pages render every name isolated and truncated: docs/web.md, "Names").
 */
export const UserRef = z.object({
  id: UserId,
  name: z
    .string()
    .min(1)
    .max(MAX_NAME_CHARS * 8),
  /**
   * True for a registered account (its name is its username, unique and not confusable); absent for a
   * guest, and in records written before the mark existed. Set by the server only (docs/protocol.md, "Names").
   */
  account: z.boolean().optional(),
});
export type UserRef = z.infer<typeof UserRef>;

/**
 * What a room holds per seat, as its `created` event records it. An invite-only seat is reached by the
 * room's invite link, or, when it names an `invitee` (an account the host invited by name), by that
 * account only (docs/protocol.md, "Invitations by name").
 */
export const SeatSpec = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("open") }),
  z.strictObject({ kind: z.literal("invite"), invitee: UserRef.optional() }),
  z.strictObject({ kind: z.literal("ai"), level: z.number().int().min(1).max(20) }),
]);
export type SeatSpec = z.infer<typeof SeatSpec>;

/** The longest account name an invitation may name (accounts' own rule is checked by the server). */
const MAX_INVITE_NAME = 64;

/** What the host asks for, per seat, when creating a room: an invitation names an account, if any. */
export const SeatRequest = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("open") }),
  z.strictObject({
    kind: z.literal("invite"),
    name: z.string().trim().min(1).max(MAX_INVITE_NAME).optional(),
  }),
  z.strictObject({ kind: z.literal("ai"), level: z.number().int().min(1).max(20) }),
]);
export type SeatRequest = z.infer<typeof SeatRequest>;

/** A seat as everyone sees it. */
export const SeatView = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("open"), seat: Seat }),
  /** `invitee`: the account invited by name, the only one who may take the seat. */
  z.object({ kind: z.literal("invite"), seat: Seat, invitee: UserRef.optional() }),
  z.object({ kind: z.literal("ai"), seat: Seat, level: z.number().int() }),
  z.object({
    kind: z.literal("human"),
    seat: Seat,
    user: UserRef,
    connected: z.boolean(),
    /** Server time at which the player went offline, if they are. */
    offlineSince: Millis.nullable(),
    /** Server time at which the offline player counts as gone (docs/clocks.md §6): the claim countdown. */
    goneAt: Millis.nullable(),
    gone: z.boolean(),
    eliminated: z.boolean(),
  }),
]);
export type SeatView = z.infer<typeof SeatView>;

export const MATCH_STATUSES = ["waiting", "live", "finished", "aborted", "cancelled"] as const;
export const MatchStatus = z.enum(MATCH_STATUSES);
export type MatchStatus = z.infer<typeof MatchStatus>;

export const RESULT_REASONS = ["normal", "resign", "timeout", "abandon", "abort", "draw-agreed"] as const;
export const ResultReason = z.enum(RESULT_REASONS);
export type ResultReason = z.infer<typeof ResultReason>;

export const MatchResult = z.object({
  reason: ResultReason,
  /** Empty for an abort; every seat for a draw. */
  winners: z.array(Seat),
  /** One per seat in the game's unit; Othello forfeits are recorded as 64–0 (PAIP). Empty for an abort. */
  scores: z.array(z.number()),
});
export type MatchResult = z.infer<typeof MatchResult>;

/**
 * The clock as a plain value (docs/clocks.md §1–4). `runningSince` is the server
 * time at which the seat to move started thinking; `remainingMs` is as of then.
 */
export const ClockState = z.object({
  baseMs: z.number().int(),
  incrementMs: z.number().int(),
  remainingMs: z.array(z.number().int()),
  quotaMs: z.array(z.number().int()),
  /** Whether each seat has made its first move (the clock runs only once it has). */
  started: z.array(z.boolean()),
  running: Seat.nullable(),
  runningSince: z.number().int().nullable(),
  /**
   * Per seat: berserked (docs/tournaments.md, "Berserk"): its base was halved and it gets no increment.
   * Absent while no seat has berserked.
   */
  berserk: z.array(z.boolean()).optional(),
  /** Correspondence, days per move: each move sets the mover's clock back to this (docs/clocks.md). */
  periodMs: z.number().int().optional(),
  /** Correspondence with a time bank: the most a seat's clock holds after a move's increment. */
  capMs: z.number().int().optional(),
  /** Per seat: on vacation, its clock stands still (docs/clocks.md, "Vacation"). Absent while nobody is. */
  vacation: z.array(z.boolean()).optional(),
});
export type ClockState = z.infer<typeof ClockState>;

/**
 * 256 bits as 64 lower-case hexadecimal digits: a match's secret, and the commitment to it (its SHA-256)
 * that the match publishes when it is created (docs/protocol.md, "Hidden randomness").
 */
export const Hex256 = z.string().regex(/^[0-9a-f]{64}$/, "64 lower-case hexadecimal digits");

/** The dice rolled for a move with chance in it (a Dice of Doom chance attack), in the engine's order. */
export const Rolls = z.array(z.number().int().min(1).max(256)).max(256);

/**
 * Why a waiting room was cancelled: its host cancelled it, or it expired because its host had been gone
 * too long (docs/protocol.md, "Quotas").
 */
export const CANCEL_REASONS = ["host", "expired"] as const;
export const CancelReason = z.enum(CANCEL_REASONS);
export type CancelReason = z.infer<typeof CancelReason>;

/** What a match's event log holds; broadcast to players and spectators as is. */
/** The spectators' slow mode, in seconds: 0 (off) to five minutes. */
export const SLOW_SECONDS_MAX = 300;
export const SlowSeconds = z.number().int().min(0).max(SLOW_SECONDS_MAX);

/**
 * A tournament's game: which tournament, round (an arena: pairing wave) and board, and whether its players
 * may berserk (an arena that allows it). Logs written before berserk existed have no flag: they may not.
 */
export const TournamentTag = z.object({
  id: z.string(),
  round: z.number().int().min(1),
  board: z.number().int().min(0),
  berserk: z.boolean().default(false),
});
export type TournamentTag = z.infer<typeof TournamentTag>;

export const MatchEvent = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("created"),
    gameId: z.string(),
    options: z.unknown(),
    timeControl: TimeControl,
    seats: z.array(SeatSpec),
    rated: z.boolean(),
    visibility: Visibility,
    host: UserRef,
    /**
     * SHA-256 of the match's secret, which draws the start position and every roll and is revealed in
     * `ended`. Absent only in matches created before hidden randomness (their seed was public).
     */
    commitment: Hex256.optional(),
    /** A tournament's game: which tournament, round (an arena: pairing wave) and board. */
    tournament: TournamentTag.optional(),
    /**
     * Moves (in the game's notation) played from the start position before the game starts: a tournament
     * pair's shared opening (docs/tournaments.md, "Pairs from one opening"). The clocks start after them.
     */
    opening: z.array(z.string().min(1).max(16)).max(60).optional(),
  }),
  z.object({ type: z.literal("seat-joined"), seat: Seat, user: UserRef }),
  z.object({ type: z.literal("seat-left"), seat: Seat }),
  z.object({ type: z.literal("ai-set"), seat: Seat, level: z.number().int() }),
  z.object({ type: z.literal("ai-kicked"), seat: Seat }),
  /** The host kept a waiting seat for an account invited by name (docs/protocol.md, "Invitations by name"). */
  z.object({ type: z.literal("seat-invited"), seat: Seat, invitee: UserRef }),
  /** The invitee declined the seat kept for them: it is invite-only again, for whoever has the link. */
  z.object({ type: z.literal("invite-declined"), seat: Seat }),
  // Logs written before rooms could expire have no reason: their host cancelled them.
  z.object({ type: z.literal("cancelled"), reason: CancelReason.default("host") }),
  /**
   * Who sits where, drawn from the match's secret as a rated game of uneven seats starts (docs/protocol.md,
   * "Ratings"): seat i now holds whoever held seat `order[i]`.
   */
  z.object({ type: z.literal("seats-drawn"), order: z.array(Seat) }),
  z.object({ type: z.literal("started"), state: z.unknown(), clock: ClockState }),
  z.object({
    type: z.literal("moved"),
    seat: Seat,
    move: z.string(),
    /** A forced move (Othello's pass) applied by the server, with no time charged. */
    forced: z.boolean(),
    /** The dice the server rolled for a move with chance, drawn from the match's secret once it was made. */
    rolls: Rolls.optional(),
    clock: ClockState,
  }),
  z.object({
    type: z.literal("eliminated"),
    seat: Seat,
    reason: z.enum(["resign", "timeout", "abandon"]),
    clock: ClockState,
  }),
  /**
   * A tournament player berserked before their first move (docs/tournaments.md, "Berserk"): `clock` has the
   * seat's time halved and its increment gone.
   */
  z.object({ type: z.literal("berserked"), seat: Seat, clock: ClockState }),
  /**
   * A correspondence player went on vacation or came back (docs/clocks.md, "Vacation"): `clock` has the
   * seat's clock standing still, or running again from now.
   */
  z.object({ type: z.literal("vacation-started"), seat: Seat, clock: ClockState }),
  z.object({ type: z.literal("vacation-ended"), seat: Seat, clock: ClockState }),
  z.object({ type: z.literal("draw-offered"), seat: Seat }),
  z.object({ type: z.literal("draw-declined"), seat: Seat }),
  /** A player of a casual game asks to take their last move back (docs/protocol.md, "Takebacks"). */
  z.object({ type: z.literal("takeback-asked"), seat: Seat }),
  z.object({ type: z.literal("takeback-declined"), seat: Seat }),
  /**
   * The opponent agreed: the last `plies` moves are taken back, to the asker's turn; `clock` runs for the
   * seat to move in that earlier position (docs/clocks.md, "Takebacks").
   */
  z.object({ type: z.literal("taken-back"), plies: z.number().int().min(1), clock: ClockState }),
  z.object({
    type: z.literal("clock-credited"),
    creditsMs: z.array(z.number().int()),
    clock: ClockState,
    why: z.string(),
  }),
  z.object({
    type: z.literal("ended"),
    result: MatchResult,
    clock: ClockState.nullable(),
    /** The match's secret, revealed: anyone can check it against the commitment and replay every roll. */
    secret: Hex256.optional(),
  }),
  z.object({ type: z.literal("rematch-offered"), seat: Seat }),
  z.object({ type: z.literal("rematch"), nextMatchId: MatchId }),
  /**
   * The host opened or closed the spectators' chat channel, and set its slow mode when `slowSeconds` is
   * there (one line per user per that many seconds; 0: off) (docs/protocol.md, "Chat").
   */
  z.object({ type: z.literal("spectator-chat"), open: z.boolean(), slowSeconds: SlowSeconds.optional() }),
]);
export type MatchEvent = z.infer<typeof MatchEvent>;
export type MatchEventType = MatchEvent["type"];

export const Repeats = z.record(z.enum(REPEATABLE_EVENTS), z.number().int().min(0));
export type Repeats = z.infer<typeof Repeats>;

/** One versioned entry of a match's log: `version` is the count of events including this one. */
export const VersionedEvent = z.object({ version: Version, at: Millis, event: MatchEvent });
export type VersionedEvent = z.infer<typeof VersionedEvent>;

/**
 * A match as a player or spectator first sees it: the model the event log folds to (`@arena/match`), in
 * JSON, plus who is connected. A client rebuilds the very same model from it and folds the events that
 * follow with the server's code.
 */
export const Snapshot = z.object({
  matchId: MatchId,
  version: Version,
  /**
   * The version of the last event that changed the position, the seats or the status: a command based
   * on any version from it to `version` is current (docs/protocol.md, "Versions").
   */
  positionVersion: Version,
  /** Server time of the room's creation. */
  createdAt: Millis,
  /** Server time of the last event. */
  lastEventAt: Millis,
  gameId: z.string(),
  options: z.unknown(),
  timeControl: TimeControl,
  rated: z.boolean(),
  visibility: Visibility,
  host: UserRef,
  status: MatchStatus,
  /** What the host asked for per seat (a vacated invite-only seat is invite-only again). */
  specs: z.array(SeatSpec),
  seats: z.array(SeatView),
  /** The serialized state the game started from (engine `serialize`), null before the start. */
  start: z.unknown(),
  /** The game's serialized state now, null before the start. */
  state: z.unknown(),
  moves: z.array(z.object({ seat: Seat, move: z.string(), forced: z.boolean(), rolls: Rolls.optional() })),
  /** The `created` event's commitment to the match's secret; null for matches created before there was one. */
  commitment: Hex256.nullable(),
  /** The secret, once the `ended` event revealed it; null before. */
  revealedSecret: Hex256.nullable(),
  clock: ClockState.nullable(),
  /**
   * Per seat: the server time its clock runs out, for the seat whose clock runs (null for the others, and
   * while a vacation holds it still): a correspondence game's "move by" (docs/protocol.md, "Correspondence").
   */
  deadlines: z.array(Millis.nullable()).default([]),
  result: MatchResult.nullable(),
  /** Why the room was cancelled, if it was. */
  cancelReason: CancelReason.nullable(),
  /** Per seat: the number of moves played when it was taken out of the game, or null. */
  eliminatedAt: z.array(z.number().int().nullable()),
  drawOffers: z.array(Seat),
  /** Per seat: the plies played when it last offered a draw, or null (docs/protocol.md, "Draws"). */
  drawOfferPlies: z.array(z.number().int().nullable()),
  rematchOffers: z.array(Seat),
  /** Seats asking to take a move back (docs/protocol.md, "Takebacks"); at most one. */
  takebackAsks: z.array(Seat).default([]),
  /** Per seat: the plies played when it last asked for a takeback, or null. */
  takebackAskPlies: z.array(z.number().int().nullable()).default([]),
  /** How many events of each kind a user may repeat the match's log holds (each is capped per match). */
  repeats: Repeats,
  viewers: z.number().int(),
  /** Server time when the snapshot was taken, to line the client's clock display up. */
  now: Millis,
  nextMatchId: MatchId.nullable(),
  /** Whether spectators may chat (the host's `spectator-chat`); open unless closed. */
  spectatorChat: z.boolean().default(true),
  /** The spectators' slow mode: one line per user per this many seconds; 0: off (the default). */
  spectatorSlowSeconds: SlowSeconds.default(0),
  /** A tournament's game: its tournament, round and board (absent: not a tournament's). */
  tournament: TournamentTag.nullable().optional(),
  /** The moves played before the start (`created`'s opening), shown as pre-played; the start is after them. */
  opening: z.array(z.string()).default([]),
  /** Only present for the host: the invite secret for the room's link. */
  inviteToken: InviteToken.optional(),
});
export type Snapshot = z.infer<typeof Snapshot>;

export const RoomSummary = z.object({
  matchId: MatchId,
  /** Server time of the room's creation: the lobby lists the newest first (0 in entries older than it). */
  createdAt: Millis.default(asMillis(0)),
  gameId: z.string(),
  /** The game's options, by which the lobby names the room's variant ("Connect Four"); absent in old entries. */
  options: z.unknown().optional(),
  status: MatchStatus,
  timeControl: TimeControl,
  rated: z.boolean(),
  /** The start the host chose (a FEN, an Othello position, KRK's `#n`), or null for the game's own. */
  start: z.string().nullable().default(null),
  host: UserRef,
  seats: z.array(SeatView),
  openSeats: z.number().int(),
  viewers: z.number().int(),
  version: Version,
});
export type RoomSummary = z.infer<typeof RoomSummary>;

export const PresenceUpdate = z.object({
  matchId: MatchId,
  seats: z.array(
    z.object({
      seat: Seat,
      connected: z.boolean(),
      offlineSince: Millis.nullable(),
      goneAt: Millis.nullable(),
      gone: z.boolean(),
    }),
  ),
  viewers: z.number().int(),
});
export type PresenceUpdate = z.infer<typeof PresenceUpdate>;
