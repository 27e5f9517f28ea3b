import type { ClockState, MatchEvent, SeatView, Snapshot, VersionedEvent } from "@arena/protocol";
import { deserializeState, engineFor } from "../games/engines";

/**
 * What the room page shows: the server's last snapshot, carried forward by
 * the versioned events that follow it. The engine state is rebuilt from the
 * server's serialized state and the moves it reports; the client never
 * decides legality itself.
 */
export interface MatchModel {
  readonly snapshot: Snapshot;
  /** The engine state (deserialized), null before the start. */
  readonly state: unknown;
  /** Engine states after each move in `snapshot.moves`, when the start is known (for replay). */
  readonly history: readonly unknown[] | null;
  /** The start state, when this client saw it (for replay). */
  readonly initial: unknown;
}

export type ApplyResult =
  | { readonly kind: "applied"; readonly model: MatchModel }
  | { readonly kind: "stale" }
  | { readonly kind: "gap" };

export function modelFromSnapshot(snapshot: Snapshot, initial: unknown = null): MatchModel {
  const state = deserializeState(snapshot.gameId, snapshot.state);
  // With no move played yet, the current state is the start.
  const start = initial ?? (snapshot.moves.length === 0 ? state : null);
  return { snapshot, state, initial: start, history: rebuildHistory(snapshot, start) };
}

/** Replays the move list from a known start with the engine; null if anything fails to parse. */
export function rebuildHistory(snapshot: Snapshot, initial: unknown): unknown[] | null {
  const game = engineFor(snapshot.gameId);
  if (game === null || initial === null) return null;
  const states: unknown[] = [];
  let state = initial;
  for (const { move, seat } of snapshot.moves) {
    const next = playNotation(snapshot.gameId, state, move, seat);
    if (next === null) return null;
    state = next;
    states.push(state);
  }
  return states;
}

/** Applies a move written in the game's notation through the engine; null if the engine refuses it. */
export function playNotation(gameId: string, state: unknown, move: string, seat?: number): unknown {
  const game = engineFor(gameId);
  if (game === null || state === null) return null;
  const parsed = game.parseMove(state, move);
  if (!parsed.ok) return null;
  const played = game.play(state, parsed.value, seat);
  return played.ok ? played.value : null;
}

function withSeat(seats: readonly SeatView[], seat: number, view: SeatView): SeatView[] {
  const next = [...seats];
  next[seat] = view;
  return next;
}

function setClock(snapshot: Snapshot, clock: ClockState | null): Snapshot {
  return clock === null ? snapshot : { ...snapshot, clock };
}

/**
 * Carries the model forward by one versioned event. An event at or below the
 * current version is stale; one past the next version is a gap, and the
 * caller must resync (`match:sync`).
 */
export function applyEvent(model: MatchModel, entry: VersionedEvent): ApplyResult {
  const current = model.snapshot.version;
  if (entry.version <= current) return { kind: "stale" };
  if (entry.version !== current + 1) return { kind: "gap" };
  const next = reduce(model, entry.event);
  if (next === null) return { kind: "gap" };
  return {
    kind: "applied",
    model: { ...next, snapshot: { ...next.snapshot, version: entry.version } },
  };
}

function reduce(model: MatchModel, event: MatchEvent): MatchModel | null {
  const s = model.snapshot;
  switch (event.type) {
    case "created":
      return model;
    case "seat-joined":
      return {
        ...model,
        snapshot: {
          ...s,
          seats: withSeat(s.seats, event.seat, {
            kind: "human",
            seat: event.seat,
            user: event.user,
            connected: true,
            offlineSince: null,
            gone: false,
            eliminated: false,
          }),
        },
      };
    case "seat-left":
      return {
        ...model,
        snapshot: { ...s, seats: withSeat(s.seats, event.seat, { kind: "open", seat: event.seat }) },
      };
    case "ai-set":
      return {
        ...model,
        snapshot: {
          ...s,
          seats: withSeat(s.seats, event.seat, { kind: "ai", seat: event.seat, level: event.level }),
        },
      };
    case "ai-kicked":
      return {
        ...model,
        snapshot: { ...s, seats: withSeat(s.seats, event.seat, { kind: "open", seat: event.seat }) },
      };
    case "cancelled":
      return { ...model, snapshot: { ...s, status: "cancelled" } };
    case "started": {
      const state = deserializeState(s.gameId, event.state);
      if (state === null) return null;
      return {
        snapshot: { ...s, status: "live", state: event.state, clock: event.clock, moves: [] },
        state,
        initial: state,
        history: [],
      };
    }
    case "moved": {
      const state = playNotation(s.gameId, model.state, event.move, event.seat);
      if (state === null) return null;
      const game = engineFor(s.gameId);
      return {
        snapshot: {
          ...s,
          state: game === null ? s.state : game.serialize(state),
          clock: event.clock,
          moves: [...s.moves, { seat: event.seat, move: event.move, forced: event.forced }],
          drawOffers: event.forced ? s.drawOffers : [],
        },
        state,
        initial: model.initial,
        history: model.history === null ? null : [...model.history, state],
      };
    }
    case "eliminated": {
      const game = engineFor(s.gameId);
      const seatView = s.seats[event.seat];
      const seats =
        seatView?.kind === "human"
          ? withSeat(s.seats, event.seat, { ...seatView, eliminated: true })
          : s.seats;
      const state =
        game?.eliminate !== undefined && model.state !== null
          ? game.eliminate(model.state, event.seat)
          : model.state;
      return { ...model, state, snapshot: setClock({ ...s, seats }, event.clock) };
    }
    case "draw-offered":
      return {
        ...model,
        snapshot: {
          ...s,
          drawOffers: s.drawOffers.includes(event.seat) ? s.drawOffers : [...s.drawOffers, event.seat],
        },
      };
    case "draw-declined":
      return { ...model, snapshot: { ...s, drawOffers: [] } };
    case "clock-credited":
      return { ...model, snapshot: setClock(s, event.clock) };
    case "ended":
      return {
        ...model,
        snapshot: setClock(
          {
            ...s,
            status: event.result.reason === "abort" ? "aborted" : "finished",
            result: event.result,
            drawOffers: [],
          },
          event.clock,
        ),
      };
    case "rematch-offered":
      return {
        ...model,
        snapshot: {
          ...s,
          rematchOffers: s.rematchOffers.includes(event.seat)
            ? s.rematchOffers
            : [...s.rematchOffers, event.seat],
        },
      };
    case "rematch":
      return { ...model, snapshot: { ...s, nextMatchId: event.nextMatchId } };
    default:
      // Events this client does not show (yet) only advance the version.
      return model;
  }
}
