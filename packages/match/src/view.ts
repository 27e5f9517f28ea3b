import { getGame, isGameId } from "@arena/engine/registry";
import type { ClockState, InviteToken, Millis, RoomSummary, SeatView, Snapshot } from "@arena/protocol";
import { asMillis, asVersion } from "@arena/protocol/values";
import { onVacation } from "./clock.js";
import type { MatchModel, Slot } from "./model.js";
import { MoveList } from "./moves.js";
import { isEliminated, openSeats } from "./queries.js";

/** A seated player's connection, as the server's presence tracking sees it (not part of the log). */
export interface SeatPresence {
  readonly connected: boolean;
  /** Server time at which the player went offline, if they are. */
  readonly offlineSince: number | null;
  /** Server time at which the offline player counts as gone (null while connected). */
  readonly goneAt: number | null;
  /** Offline long enough that the opponents may claim (docs/clocks.md §6). */
  readonly gone: boolean;
}

/** Everything a view needs besides the model: presence per seat, the local viewer count, the time. */
export interface ViewContext {
  readonly presence: (seat: number) => SeatPresence;
  readonly viewers: number;
  readonly now: number;
}

export const NOBODY_CONNECTED: SeatPresence = {
  connected: false,
  offlineSince: null,
  goneAt: null,
  gone: false,
};

export function seatViews(model: MatchModel, ctx: ViewContext): SeatView[] {
  return model.slots.map((slot, seat): SeatView => {
    switch (slot.kind) {
      case "open":
        return { kind: "open", seat };
      case "invite":
        return slot.invitee === undefined
          ? { kind: "invite", seat }
          : { kind: "invite", seat, invitee: slot.invitee };
      case "ai":
        return { kind: "ai", seat, level: slot.level };
      case "human": {
        const presence = ctx.presence(seat);
        return {
          kind: "human",
          seat,
          user: slot.user,
          connected: presence.connected,
          offlineSince: presence.offlineSince === null ? null : asMillis(presence.offlineSince),
          goneAt: presence.goneAt === null ? null : asMillis(presence.goneAt),
          gone: model.status === "live" && presence.gone,
          eliminated: isEliminated(model, seat),
        };
      }
    }
  });
}

/**
 * The one place a snapshot is built: the model in JSON with presence. Nothing secret is in a match
 * model (its secret is only revealed, by the `ended` event, once the game is over); the invite token is
 * added only for the host.
 */
export function snapshotOf(model: MatchModel, ctx: ViewContext, invite?: InviteToken): Snapshot {
  return {
    matchId: model.matchId,
    version: asVersion(model.version),
    positionVersion: asVersion(model.positionVersion),
    createdAt: asMillis(model.createdAt),
    lastEventAt: asMillis(model.lastEventAt),
    gameId: model.gameId,
    options: model.options,
    timeControl: model.timeControl,
    rated: model.rated,
    visibility: model.visibility,
    host: model.host,
    status: model.status,
    specs: [...model.specs],
    seats: seatViews(model, ctx),
    start: model.start === null ? null : model.game.serialize(model.start),
    state: model.state === null ? null : model.game.serialize(model.state),
    moves: model.moves
      .toArray()
      .map(({ seat, move, forced, rolls }) =>
        rolls === undefined ? { seat, move, forced } : { seat, move, forced, rolls: [...rolls] },
      ),
    clock: model.clock,
    deadlines: deadlinesOf(model.clock, model.slots.length),
    result: model.result,
    cancelReason: model.cancelReason,
    eliminatedAt: [...model.eliminatedAt],
    drawOffers: [...model.drawOffers],
    drawOfferPlies: [...model.drawOfferPlies],
    takebackAsks: [...model.takebackAsks],
    takebackAskPlies: [...model.takebackAskPlies],
    rematchOffers: [...model.rematchOffers],
    repeats: { ...model.repeats },
    viewers: ctx.viewers,
    now: asMillis(ctx.now),
    nextMatchId: model.nextMatchId,
    commitment: model.commitment,
    revealedSecret: model.revealedSecret,
    spectatorChat: model.spectatorChat,
    spectatorSlowSeconds: model.spectatorSlowSeconds,
    tournament: model.tournament,
    opening: [...model.opening],
    ...(invite === undefined ? {} : { inviteToken: invite }),
  };
}

/** The running seat's deadline (its clock's end, without the flag's grace); null for every other seat. */
export function deadlinesOf(clock: ClockState | null, seats: number): (Millis | null)[] {
  return Array.from({ length: seats }, (_, seat) => {
    if (clock === null || clock.running !== seat || clock.runningSince === null) return null;
    if (!(clock.started[seat] ?? true) || onVacation(clock, seat)) return null;
    return asMillis(clock.runningSince + (clock.remainingMs[seat] ?? 0));
  });
}

/** The lobby's line for a room. */
export function summaryOf(model: MatchModel, ctx: ViewContext): RoomSummary {
  return {
    matchId: model.matchId,
    createdAt: asMillis(model.createdAt),
    gameId: model.gameId,
    options: model.options,
    status: model.status,
    timeControl: model.timeControl,
    rated: model.rated,
    start: model.game.chosenStart?.(model.options) ?? null,
    host: model.host,
    seats: seatViews(model, ctx),
    openSeats: openSeats(model),
    viewers: ctx.viewers,
    version: asVersion(model.version),
  };
}

function slotOf(view: SeatView): Slot {
  switch (view.kind) {
    case "open":
      return { kind: "open" };
    case "invite":
      return view.invitee === undefined ? { kind: "invite" } : { kind: "invite", invitee: view.invitee };
    case "ai":
      return { kind: "ai", level: view.level };
    case "human":
      return { kind: "human", user: view.user };
  }
}

export type SnapshotError = { readonly ok: false; readonly message: string };

function stateOf(model: { gameId: string }, json: unknown, what: string): { value: unknown } | SnapshotError {
  if (json === null || json === undefined) return { value: null };
  if (!isGameId(model.gameId)) return { ok: false, message: `unknown game ${model.gameId}` };
  const state = getGame(model.gameId).deserialize(json);
  return state.ok ? { value: state.value } : { ok: false, message: `${what}: ${state.error.message}` };
}

/** The model a snapshot was built from: what a client folds the following events onto. */
export function modelFromSnapshot(
  snapshot: Snapshot,
): { readonly ok: true; readonly model: MatchModel } | SnapshotError {
  if (!isGameId(snapshot.gameId)) return { ok: false, message: `unknown game ${snapshot.gameId}` };
  const start = stateOf(snapshot, snapshot.start, "start");
  if ("ok" in start) return start;
  const state = stateOf(snapshot, snapshot.state, "state");
  if ("ok" in state) return state;
  return {
    ok: true,
    model: {
      matchId: snapshot.matchId,
      version: snapshot.version,
      positionVersion: snapshot.positionVersion,
      createdAt: snapshot.createdAt,
      lastEventAt: snapshot.lastEventAt,
      gameId: snapshot.gameId,
      game: getGame(snapshot.gameId),
      options: snapshot.options,
      timeControl: snapshot.timeControl,
      rated: snapshot.rated,
      visibility: snapshot.visibility,
      host: snapshot.host,
      specs: snapshot.specs,
      slots: snapshot.seats.map(slotOf),
      status: snapshot.status,
      start: start.value,
      state: state.value,
      moves: MoveList.of(snapshot.moves),
      clock: snapshot.clock,
      result: snapshot.result,
      cancelReason: snapshot.cancelReason,
      eliminatedAt: snapshot.eliminatedAt,
      drawOffers: snapshot.drawOffers,
      drawOfferPlies: snapshot.drawOfferPlies,
      takebackAsks: snapshot.takebackAsks,
      // A snapshot from before takebacks has none: nobody asked yet.
      takebackAskPlies:
        snapshot.takebackAskPlies.length === snapshot.specs.length
          ? snapshot.takebackAskPlies
          : snapshot.specs.map(() => null),
      rematchOffers: snapshot.rematchOffers,
      repeats: snapshot.repeats,
      nextMatchId: snapshot.nextMatchId,
      commitment: snapshot.commitment,
      revealedSecret: snapshot.revealedSecret,
      spectatorChat: snapshot.spectatorChat,
      spectatorSlowSeconds: snapshot.spectatorSlowSeconds,
      tournament: snapshot.tournament ?? null,
      opening: snapshot.opening,
    },
  };
}

/** Presence per seat as a snapshot reports it. */
export function presenceFromSnapshot(snapshot: Snapshot): readonly SeatPresence[] {
  return snapshot.seats.map((view) =>
    view.kind === "human"
      ? { connected: view.connected, offlineSince: view.offlineSince, goneAt: view.goneAt, gone: view.gone }
      : NOBODY_CONNECTED,
  );
}
