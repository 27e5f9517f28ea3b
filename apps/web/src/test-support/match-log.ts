// Real match logs for the web's tests, written event by event as the server writes them, so that the
// tests fold, snapshot and follow them with `@arena/match` itself.
import { getGame, type GameId } from "@arena/engine/registry";
import { type MatchModel, createClock, fold, NOBODY_CONNECTED, snapshotOf, step } from "@arena/match";
import {
  type ClockState,
  type MatchEvent,
  type SeatSpec,
  type Snapshot,
  type TimeControl,
  type UserRef,
  type VersionedEvent,
  asMatchId,
  asMillis,
  asUserId,
  asVersion,
} from "@arena/protocol";

export const ANN: UserRef = { id: asUserId("u_ann"), name: "Ann" };
export const BEN: UserRef = { id: asUserId("u_ben"), name: "Ben" };
export const MATCH_ID = asMatchId("m_test");

/** A match's log being written: each `add` appends the next event one second after the last. */
export class MatchLog {
  readonly entries: VersionedEvent[] = [];
  private at = 1_000;

  constructor(
    readonly gameId: GameId,
    seats: readonly SeatSpec[],
    readonly timeControl: TimeControl = { baseMs: 300_000, incrementMs: 0 },
    /** The game's options as `room:create` sends them (the engine's defaults when left out). */
    readonly options: unknown = {},
  ) {
    this.add({
      type: "created",
      gameId,
      options,
      timeControl,
      seats: [...seats],
      rated: false,
      visibility: "public",
      host: ANN,
    });
  }

  add(event: MatchEvent, afterMs = 1_000): VersionedEvent {
    this.at += afterMs;
    const entry = { version: asVersion(this.entries.length + 1), at: asMillis(this.at), event };
    this.entries.push(entry);
    return entry;
  }

  get now(): number {
    return this.at;
  }

  model(): MatchModel {
    return fold(MATCH_ID, this.entries);
  }

  /** The snapshot the server would send now, with every human seat connected. */
  snapshot(): Snapshot {
    return snapshotOf(this.model(), {
      presence: () => ({ ...NOBODY_CONNECTED, connected: true }),
      viewers: 1,
      now: this.at,
    });
  }

  /** Starts the game with the engine's start position and a fresh clock, the first seat to move. */
  start(): VersionedEvent {
    const game = getGame(this.gameId);
    const options = game.parseOptions(this.options);
    if (!options.ok) throw new Error(options.error.message);
    const state = game.initial(options.value, 0);
    const seats = game.seatCount(options.value);
    return this.add({
      type: "started",
      state: game.serialize(state),
      clock: createClock(this.timeControl, seats, game.toMove(state)[0] ?? null, this.at + 1_000),
    });
  }

  /**
   * The seat to move plays `move` (in notation), `afterMs` after the last event, the clock stepped; a
   * move with chance takes the dice the server would have rolled for it.
   */
  move(move: string, afterMs = 1_000, rolls?: readonly number[]): VersionedEvent {
    const model = this.model();
    const seat = model.game.toMove(model.state)[0];
    if (seat === undefined || model.clock === null) throw new Error("nobody is to move");
    const parsed = model.game.parseMove(model.state, move);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const played = model.game.play(model.state, parsed.value, seat, rolls);
    if (!played.ok) throw new Error(played.error.message);
    const next = model.game.toMove(played.value)[0] ?? null;
    const clock: ClockState = step(model.clock, { now: this.at + afterMs }, next).clock;
    return this.add(
      {
        type: "moved",
        seat,
        move,
        forced: false,
        clock,
        ...(rolls === undefined ? {} : { rolls: [...rolls] }),
      },
      afterMs,
    );
  }
}
