import type { AnyGame } from "@arena/engine/core/game";
import { type GameId, getGame, isGameId } from "@arena/engine/registry";
import type {
  CancelReason,
  ClockState,
  MatchEvent,
  MatchEventType,
  MatchId,
  RepeatableEvent,
  Repeats,
  MatchResult,
  MatchStatus,
  SeatSpec,
  TimeControl,
  TournamentTag,
  UserRef,
  VersionedEvent,
  Visibility,
} from "@arena/protocol";
import { REPEATABLE_EVENTS } from "@arena/protocol/values";
import { berserkRefusal } from "./berserk.js";
import { MoveList } from "./moves.js";

/** Who sits in a seat, as the log says (presence is not in the log: it is a view, see `view.ts`). */
export type Slot =
  | { readonly kind: "open" }
  /** `invitee`: the account invited by name, the only one who may take the seat (else: the invite link). */
  | { readonly kind: "invite"; readonly invitee?: UserRef }
  | { readonly kind: "ai"; readonly level: number }
  | { readonly kind: "human"; readonly user: UserRef };

/**
 * A match as a value: the fold of its event log. The same fold serves the server's live room, a reload
 * after a restart, another process catching up, the REST record of a finished game, and the browser,
 * which folds the events it is sent with this code (`follower.ts`).
 */
export interface MatchModel {
  readonly matchId: MatchId;
  readonly version: number;
  /**
   * The version of the last event that changed what players' commands are judged against (the seats,
   * the position, whose turn it is, the status): a command based on any version from it on is current.
   */
  readonly positionVersion: number;
  /** Server time of the `created` event. */
  readonly createdAt: number;
  /** Server time of the last event. */
  readonly lastEventAt: number;
  readonly gameId: GameId;
  readonly game: AnyGame;
  readonly options: unknown;
  readonly timeControl: TimeControl;
  readonly rated: boolean;
  readonly visibility: Visibility;
  readonly host: UserRef;
  /** What the host asked for per seat: a vacated invite-only seat is invite-only again. */
  readonly specs: readonly SeatSpec[];
  readonly slots: readonly Slot[];
  readonly status: MatchStatus;
  /** The engine state the game started from, null before the start (replays fold from it). */
  readonly start: unknown;
  /** The engine state now, null before the start. */
  readonly state: unknown;
  readonly moves: MoveList;
  readonly clock: ClockState | null;
  readonly result: MatchResult | null;
  /** Why the room was cancelled (its host did, or it expired), while it is cancelled. */
  readonly cancelReason: CancelReason | null;
  /** Per seat: the number of moves played when the seat was taken out of the game, or null. */
  readonly eliminatedAt: readonly (number | null)[];
  /** Seats offering a draw, ascending. */
  readonly drawOffers: readonly number[];
  /** Per seat: the number of plies played when it last offered a draw, or null (docs/protocol.md, "Draws"). */
  readonly drawOfferPlies: readonly (number | null)[];
  /** Seats asking to take a move back (docs/protocol.md, "Takebacks"): at most one, as only two-seat games have them. */
  readonly takebackAsks: readonly number[];
  /** Per seat: the number of plies played when it last asked for a takeback, or null. */
  readonly takebackAskPlies: readonly (number | null)[];
  /** Seats asking for a rematch, ascending. */
  readonly rematchOffers: readonly number[];
  /** How many events of each kind a user may repeat the log holds: each is capped per match. */
  readonly repeats: Repeats;
  readonly nextMatchId: MatchId | null;
  /** The commitment to the match's secret (`created`); null for matches created before there was one. */
  readonly commitment: string | null;
  /** The secret, once `ended` revealed it (docs/protocol.md, "Hidden randomness"). */
  readonly revealedSecret: string | null;
  /** Whether spectators may chat: the host's last `spectator-chat`, open by default (docs/protocol.md, "Chat"). */
  readonly spectatorChat: boolean;
  /** The spectators' slow mode: one line per user per this many seconds, 0 (off) by default. */
  readonly spectatorSlowSeconds: number;
  /** A tournament's game: its tournament, round and board (`created`); null for any other match. */
  readonly tournament: TournamentTag | null;
  /** Moves played before the start (`created`): the start position is the one after them. */
  readonly opening: readonly string[];
}

/**
 * Whether an event changes what players' commands are judged against: who sits where, the position,
 * whose turn it is, the status. The others (offers, invitations, the chat switch, clock credits, the
 * rematch's id) leave every command as it was, so they never make one stale (docs/protocol.md, "Versions").
 */
export const CHANGES_POSITION: { readonly [T in MatchEventType]: boolean } = {
  created: true,
  "seat-joined": true,
  "seat-left": true,
  "ai-set": true,
  "ai-kicked": true,
  "seats-drawn": true,
  "seat-invited": false,
  "invite-declined": false,
  cancelled: true,
  started: true,
  moved: true,
  eliminated: true,
  // A berserk changes one seat's clock, not what commands are judged against.
  berserked: false,
  // A vacation stops or restarts one seat's clock; the position and the turn stay.
  "vacation-started": false,
  "vacation-ended": false,
  "draw-offered": false,
  "draw-declined": false,
  "takeback-asked": false,
  "takeback-declined": false,
  // The position and the turn go back: a command based on the later position is stale.
  "taken-back": true,
  "clock-credited": false,
  ended: true,
  "rematch-offered": false,
  rematch: false,
  "spectator-chat": false,
};

/** A new match's counts of repeatable events. */
export const NO_REPEATS: Repeats = {
  "seat-joined": 0,
  "seat-left": 0,
  "ai-set": 0,
  "ai-kicked": 0,
  "seat-invited": 0,
  "draw-offered": 0,
  "takeback-asked": 0,
  "rematch-offered": 0,
  "spectator-chat": 0,
};

function isRepeatable(type: MatchEventType): type is RepeatableEvent {
  return (REPEATABLE_EVENTS as readonly MatchEventType[]).includes(type);
}

/** A log that cannot be folded is corrupt: a bug or tampering, never user input. */
export class CorruptLogError extends Error {}

/** The slot a seat returns to when its player leaves or its AI is sent away. */
export function vacated(spec: SeatSpec | undefined): Slot {
  if (spec?.kind !== "invite") return { kind: "open" };
  return spec.invitee === undefined ? { kind: "invite" } : { kind: "invite", invitee: spec.invitee };
}

function setAt<T>(list: readonly T[], index: number, value: T): T[] {
  return list.map((item, i) => (i === index ? value : item));
}

function withSeat(list: readonly number[], seat: number): readonly number[] {
  return list.includes(seat) ? list : [...list, seat].sort((a, b) => a - b);
}

export function initialModel(matchId: MatchId, entry: VersionedEvent): MatchModel {
  const event = entry.event;
  if (event.type !== "created") throw new CorruptLogError(`match ${matchId} does not start with created`);
  if (!isGameId(event.gameId)) throw new CorruptLogError(`unknown game ${event.gameId}`);
  return {
    matchId,
    version: entry.version,
    positionVersion: entry.version,
    createdAt: entry.at,
    lastEventAt: entry.at,
    gameId: event.gameId,
    game: getGame(event.gameId),
    options: event.options,
    timeControl: event.timeControl,
    rated: event.rated,
    visibility: event.visibility,
    host: event.host,
    specs: event.seats,
    slots: event.seats.map((spec) => (spec.kind === "ai" ? spec : vacated(spec))),
    status: "waiting",
    start: null,
    state: null,
    moves: MoveList.empty(),
    clock: null,
    result: null,
    cancelReason: null,
    eliminatedAt: event.seats.map(() => null),
    drawOffers: [],
    drawOfferPlies: event.seats.map(() => null),
    takebackAsks: [],
    takebackAskPlies: event.seats.map(() => null),
    rematchOffers: [],
    repeats: NO_REPEATS,
    nextMatchId: null,
    commitment: event.commitment ?? null,
    revealedSecret: null,
    spectatorChat: true,
    spectatorSlowSeconds: 0,
    tournament: event.tournament ?? null,
    opening: event.opening ?? [],
  };
}

/**
 * Plays a move the log recorded, with the dice the log says were rolled for it (a fold never rolls); a
 * move the engine refuses means the log is corrupt.
 */
export function playLogged(
  game: AnyGame,
  state: unknown,
  seat: number,
  text: string,
  rolls?: readonly number[],
): unknown {
  const parsed = game.parseMove(state, text);
  if (!parsed.ok) throw new CorruptLogError(`logged move ${text}: ${parsed.error.message}`);
  const played = game.play(state, parsed.value, seat, rolls);
  if (!played.ok) throw new CorruptLogError(`logged move ${text}: ${played.error.message}`);
  return played.value;
}

/** The position after a match's opening (`created`), played from `state` one seat to move at a time. */
export function playOpening(game: AnyGame, state: unknown, opening: readonly string[]): unknown {
  return opening.reduce((s, text) => playLogged(game, s, game.toMove(s)[0] ?? 0, text), state);
}

/**
 * Applies one logged event. Pure: returns a new model. `played`, for a "moved" event, is the position
 * after the move when the caller has just computed it (deciding a move); a log being read never has it.
 */
export function evolve(model: MatchModel, entry: VersionedEvent, played?: unknown): MatchModel {
  if (entry.version !== model.version + 1) {
    throw new CorruptLogError(`event ${entry.version} follows version ${model.version}`);
  }
  const event: MatchEvent = entry.event;
  if (event.type === "moved") {
    // The hot path: every field written out, so that V8 allocates one object of the model's own shape
    // (a spread with overrides copied the model and then reshaped the copy).
    return {
      matchId: model.matchId,
      version: entry.version,
      positionVersion: entry.version,
      createdAt: model.createdAt,
      lastEventAt: entry.at,
      gameId: model.gameId,
      game: model.game,
      options: model.options,
      timeControl: model.timeControl,
      rated: model.rated,
      visibility: model.visibility,
      host: model.host,
      specs: model.specs,
      slots: model.slots,
      status: model.status,
      start: model.start,
      state:
        played === undefined
          ? playLogged(model.game, model.state, event.seat, event.move, event.rolls)
          : played,
      moves: model.moves.append(
        event.rolls === undefined
          ? { seat: event.seat, move: event.move, forced: event.forced }
          : { seat: event.seat, move: event.move, forced: event.forced, rolls: event.rolls },
      ),
      clock: event.clock,
      result: model.result,
      cancelReason: model.cancelReason,
      eliminatedAt: model.eliminatedAt,
      drawOffers: event.forced || model.drawOffers.length === 0 ? model.drawOffers : [],
      drawOfferPlies: model.drawOfferPlies,
      // A move answers a takeback request as it answers a draw offer: by playing on.
      takebackAsks: event.forced || model.takebackAsks.length === 0 ? model.takebackAsks : [],
      takebackAskPlies: model.takebackAskPlies,
      rematchOffers: model.rematchOffers,
      repeats: model.repeats,
      nextMatchId: model.nextMatchId,
      commitment: model.commitment,
      revealedSecret: model.revealedSecret,
      spectatorChat: model.spectatorChat,
      spectatorSlowSeconds: model.spectatorSlowSeconds,
      tournament: model.tournament,
      opening: model.opening,
    };
  }
  const base = {
    ...model,
    version: entry.version,
    positionVersion: CHANGES_POSITION[event.type] ? entry.version : model.positionVersion,
    lastEventAt: entry.at,
    repeats: isRepeatable(event.type)
      ? { ...model.repeats, [event.type]: model.repeats[event.type] + 1 }
      : model.repeats,
  };
  switch (event.type) {
    case "created":
      throw new CorruptLogError("created twice");
    case "seat-joined":
      return { ...base, slots: setAt(model.slots, event.seat, { kind: "human", user: event.user }) };
    case "seat-left":
    case "ai-kicked":
      return { ...base, slots: setAt(model.slots, event.seat, vacated(model.specs[event.seat])) };
    case "ai-set":
      return { ...base, slots: setAt(model.slots, event.seat, { kind: "ai", level: event.level }) };
    case "seat-invited": {
      const spec = { kind: "invite" as const, invitee: event.invitee };
      return {
        ...base,
        specs: setAt(model.specs, event.seat, spec),
        slots: setAt(model.slots, event.seat, spec),
      };
    }
    case "invite-declined": {
      const spec = { kind: "invite" as const };
      return {
        ...base,
        specs: setAt(model.specs, event.seat, spec),
        slots: setAt(model.slots, event.seat, spec),
      };
    }
    case "seats-drawn":
      return { ...base, slots: event.order.map((from) => model.slots[from] ?? vacated(model.specs[from])) };
    case "cancelled":
      return { ...base, status: "cancelled", cancelReason: event.reason };
    case "started": {
      const state = model.game.deserialize(event.state);
      if (!state.ok) throw new CorruptLogError(`started state: ${state.error.message}`);
      return { ...base, status: "live", start: state.value, state: state.value, clock: event.clock };
    }
    case "eliminated":
      return {
        ...base,
        state: eliminate(model.game, model.state, event.seat),
        eliminatedAt: setAt(model.eliminatedAt, event.seat, model.moves.length),
        clock: event.clock,
      };
    case "berserked": {
      const refusal = berserkRefusal(model, event.seat);
      if (refusal !== null) throw new CorruptLogError(`berserked seat ${event.seat}: ${refusal}`);
      return { ...base, clock: event.clock };
    }
    case "vacation-started":
    case "vacation-ended":
      if (model.status !== "live") throw new CorruptLogError(`${event.type} in a ${model.status} match`);
      return { ...base, clock: event.clock };
    case "draw-offered":
      return {
        ...base,
        drawOffers: withSeat(model.drawOffers, event.seat),
        drawOfferPlies: setAt(model.drawOfferPlies, event.seat, model.moves.length),
      };
    case "draw-declined":
      return { ...base, drawOffers: [] };
    case "takeback-asked":
      return {
        ...base,
        takebackAsks: withSeat(model.takebackAsks, event.seat),
        takebackAskPlies: setAt(model.takebackAskPlies, event.seat, model.moves.length),
      };
    case "takeback-declined":
      return { ...base, takebackAsks: [] };
    case "taken-back": {
      const moves = model.moves.take(model.moves.length - event.plies);
      if (moves.length !== model.moves.length - event.plies) {
        throw new CorruptLogError(`taken-back ${event.plies} of ${model.moves.length} plies`);
      }
      let state = model.start;
      for (const move of moves) state = playLogged(model.game, state, move.seat, move.move, move.rolls);
      return { ...base, state, moves, clock: event.clock, takebackAsks: [], drawOffers: [] };
    }
    case "clock-credited":
      return { ...base, clock: event.clock };
    case "ended":
      return {
        ...base,
        status: event.result.reason === "abort" ? "aborted" : "finished",
        result: event.result,
        clock: event.clock,
        drawOffers: [],
        takebackAsks: [],
        revealedSecret: event.secret ?? null,
      };
    case "rematch-offered":
      return { ...base, rematchOffers: withSeat(model.rematchOffers, event.seat) };
    case "rematch":
      return { ...base, nextMatchId: event.nextMatchId };
    case "spectator-chat":
      return {
        ...base,
        spectatorChat: event.open,
        spectatorSlowSeconds: event.slowSeconds ?? model.spectatorSlowSeconds,
      };
  }
}

/** Takes a seat out of a game that goes on without it (games of more than two seats). */
export function eliminate(game: AnyGame, state: unknown, seat: number): unknown {
  return game.eliminate === undefined ? state : game.eliminate(state, seat);
}

export function fold(matchId: MatchId, log: readonly VersionedEvent[]): MatchModel {
  const [first, ...rest] = log;
  if (first === undefined) throw new CorruptLogError(`match ${matchId} has an empty log`);
  return rest.reduce((current, entry) => evolve(current, entry), initialModel(matchId, first));
}
