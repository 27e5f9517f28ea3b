import { type AnyGame, type GameId, getGame, isGameId } from "@arena/engine";
import {
  type ClockState,
  type MatchEvent,
  type MatchId,
  type MatchResult,
  type MatchStatus,
  type SeatSpec,
  type TimeControl,
  type UserRef,
  type VersionedEvent,
  type Visibility,
} from "@arena/protocol";

export type Slot =
  | { readonly kind: "open" }
  | { readonly kind: "invite" }
  | { readonly kind: "ai"; readonly level: number }
  | { readonly kind: "human"; readonly user: UserRef };

export interface PlayedMove {
  readonly seat: number;
  readonly move: string;
  readonly forced: boolean;
}

/**
 * The moves of a match so far, as an append-only list that models share: each list is a prefix of one
 * array, so a move adds one entry instead of copying every move before it (a quadratic copy per game,
 * and most of what the fold allocated per move). Immutable to its readers: entries below `length`
 * never change.
 */
export class MoveList implements Iterable<PlayedMove> {
  // A private field, not a property: equality (tests) compares the moves and the length, never the array
  // another list may have grown.
  readonly #items: PlayedMove[];

  private constructor(
    items: PlayedMove[],
    readonly length: number,
  ) {
    this.#items = items;
  }

  static empty(): MoveList {
    return new MoveList([], 0);
  }

  append(move: PlayedMove): MoveList {
    // Another list grew the shared array past this one (a draft that was never kept): this one copies.
    const items = this.#items.length === this.length ? this.#items : this.#items.slice(0, this.length);
    items.push(move);
    return new MoveList(items, this.length + 1);
  }

  toArray(): PlayedMove[] {
    return this.#items.slice(0, this.length);
  }

  *[Symbol.iterator](): Iterator<PlayedMove> {
    for (let i = 0; i < this.length; i++) yield this.#items[i] as PlayedMove;
  }
}

/**
 * A match as a value: the fold of its event log. The same fold serves the
 * live room, a reload after a restart and the REST record of a finished game.
 */
export interface MatchModel {
  readonly matchId: MatchId;
  readonly version: number;
  readonly lastEventAt: number;
  readonly gameId: GameId;
  readonly game: AnyGame;
  readonly options: unknown;
  readonly timeControl: TimeControl;
  readonly rated: boolean;
  readonly visibility: Visibility;
  readonly host: UserRef;
  readonly seed: number;
  readonly specs: readonly SeatSpec[];
  readonly slots: readonly Slot[];
  readonly status: MatchStatus;
  readonly state: unknown;
  readonly moves: MoveList;
  readonly clock: ClockState | null;
  readonly result: MatchResult | null;
  readonly eliminated: readonly boolean[];
  readonly drawOffers: readonly number[];
  readonly rematchOffers: readonly number[];
  readonly nextMatchId: MatchId | null;
}

/** A log that cannot be folded is corrupt: a bug or tampering, never user input. */
export class CorruptLogError extends Error {}

function vacated(spec: SeatSpec | undefined): Slot {
  return spec?.kind === "invite" ? { kind: "invite" } : { kind: "open" };
}

function setAt<T>(list: readonly T[], index: number, value: T): T[] {
  return list.map((item, i) => (i === index ? value : item));
}

function withSeat(list: readonly number[], seat: number): number[] {
  return list.includes(seat) ? [...list] : [...list, seat].sort((a, b) => a - b);
}

export function initialModel(matchId: MatchId, entry: VersionedEvent): MatchModel {
  const event = entry.event;
  if (event.type !== "created") throw new CorruptLogError(`match ${matchId} does not start with created`);
  if (!isGameId(event.gameId)) throw new CorruptLogError(`unknown game ${event.gameId}`);
  const game = getGame(event.gameId);
  return {
    matchId,
    version: entry.version,
    lastEventAt: entry.at,
    gameId: event.gameId,
    game,
    options: event.options,
    timeControl: event.timeControl,
    rated: event.rated,
    visibility: event.visibility,
    host: event.host,
    seed: event.seed,
    specs: event.seats,
    slots: event.seats.map((spec) => (spec.kind === "ai" ? spec : vacated(spec))),
    status: "waiting",
    state: null,
    moves: MoveList.empty(),
    clock: null,
    result: null,
    eliminated: event.seats.map(() => false),
    drawOffers: [],
    rematchOffers: [],
    nextMatchId: null,
  };
}

function playLogged(model: MatchModel, seat: number, text: string): unknown {
  const parsed = model.game.parseMove(model.state, text);
  if (!parsed.ok) throw new CorruptLogError(`logged move ${text}: ${parsed.error.message}`);
  const played = model.game.play(model.state, parsed.value, seat);
  if (!played.ok) throw new CorruptLogError(`logged move ${text}: ${played.error.message}`);
  return played.value;
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
      lastEventAt: entry.at,
      gameId: model.gameId,
      game: model.game,
      options: model.options,
      timeControl: model.timeControl,
      rated: model.rated,
      visibility: model.visibility,
      host: model.host,
      seed: model.seed,
      specs: model.specs,
      slots: model.slots,
      status: model.status,
      state: played === undefined ? playLogged(model, event.seat, event.move) : played,
      moves: model.moves.append({ seat: event.seat, move: event.move, forced: event.forced }),
      clock: event.clock,
      result: model.result,
      eliminated: model.eliminated,
      drawOffers: event.forced || model.drawOffers.length === 0 ? model.drawOffers : [],
      rematchOffers: model.rematchOffers,
      nextMatchId: model.nextMatchId,
    };
  }
  const base = { ...model, version: entry.version, lastEventAt: entry.at };
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
    case "cancelled":
      return { ...base, status: "cancelled" };
    case "started": {
      const state = model.game.deserialize(event.state);
      if (!state.ok) throw new CorruptLogError(`started state: ${state.error.message}`);
      return { ...base, status: "live", state: state.value, clock: event.clock };
    }
    case "eliminated":
      return {
        ...base,
        state: model.game.eliminate ? model.game.eliminate(model.state, event.seat) : model.state,
        eliminated: setAt(model.eliminated, event.seat, true),
        clock: event.clock,
      };
    case "draw-offered":
      return { ...base, drawOffers: withSeat(model.drawOffers, event.seat) };
    case "draw-declined":
      return { ...base, drawOffers: [] };
    case "clock-credited":
      return { ...base, clock: event.clock };
    case "ended":
      return {
        ...base,
        status: event.result.reason === "abort" ? "aborted" : "finished",
        result: event.result,
        clock: event.clock,
        drawOffers: [],
      };
    case "rematch-offered":
      return { ...base, rematchOffers: withSeat(model.rematchOffers, event.seat) };
    case "rematch":
      return { ...base, nextMatchId: event.nextMatchId };
  }
}

export function fold(matchId: MatchId, log: readonly VersionedEvent[]): MatchModel {
  const [first, ...rest] = log;
  if (first === undefined) throw new CorruptLogError(`match ${matchId} has an empty log`);
  return rest.reduce((current, entry) => evolve(current, entry), initialModel(matchId, first));
}

/** The seat whose turn it is (first of `toMove`), or null when nobody is to move. */
export function seatToMove(model: MatchModel): number | null {
  if (model.status !== "live") return null;
  return model.game.toMove(model.state)[0] ?? null;
}

export function seatsOf(model: MatchModel, userId: string): number[] {
  const seats: number[] = [];
  model.slots.forEach((slot, seat) => {
    if (slot.kind === "human" && slot.user.id === userId) seats.push(seat);
  });
  return seats;
}

export function openSeats(model: MatchModel): number {
  return model.slots.filter((slot) => slot.kind === "open" || slot.kind === "invite").length;
}

export function activeSeats(model: MatchModel): number[] {
  return model.slots.map((_, seat) => seat).filter((seat) => model.eliminated[seat] !== true);
}
