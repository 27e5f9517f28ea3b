import {
  asMillis,
  asVersion,
  type InviteToken,
  type RoomSummary,
  type SeatView,
  type Snapshot,
} from "@arena/protocol";
import { type MatchModel, openSeats } from "./model.js";
import { type Presence } from "./presence.js";

export interface ViewContext {
  readonly presence: Presence;
  readonly viewers: number;
  readonly now: number;
}

export function seatViews(model: MatchModel, ctx: ViewContext): SeatView[] {
  return model.slots.map((slot, seat): SeatView => {
    switch (slot.kind) {
      case "open":
      case "invite":
        return { kind: slot.kind, seat };
      case "ai":
        return { kind: "ai", seat, level: slot.level };
      case "human": {
        const offline = ctx.presence.offlineSince(seat, ctx.now);
        return {
          kind: "human",
          seat,
          user: slot.user,
          connected: ctx.presence.connected(seat),
          offlineSince: offline === null ? null : asMillis(offline),
          gone: model.status === "live" && ctx.presence.isGone(seat, ctx.now),
          eliminated: model.eliminated[seat] === true,
        };
      }
    }
  });
}

/**
 * The full picture for a player or spectator. Nothing secret is in a match
 * model except the invite token, which only the host is given.
 */
export function snapshotOf(model: MatchModel, ctx: ViewContext, invite?: InviteToken): Snapshot {
  return {
    matchId: model.matchId,
    version: asVersion(model.version),
    gameId: model.gameId,
    options: model.options,
    timeControl: model.timeControl,
    rated: model.rated,
    visibility: model.visibility,
    host: model.host,
    status: model.status,
    seats: seatViews(model, ctx),
    state: model.state === null ? null : model.game.serialize(model.state),
    moves: model.moves.toArray(),
    clock: model.clock,
    result: model.result,
    drawOffers: [...model.drawOffers],
    rematchOffers: [...model.rematchOffers],
    viewers: ctx.viewers,
    now: asMillis(ctx.now),
    nextMatchId: model.nextMatchId,
    ...(invite === undefined ? {} : { inviteToken: invite }),
  };
}

export function summaryOf(model: MatchModel, ctx: ViewContext): RoomSummary {
  return {
    matchId: model.matchId,
    gameId: model.gameId,
    status: model.status,
    timeControl: model.timeControl,
    rated: model.rated,
    host: model.host,
    seats: seatViews(model, ctx),
    openSeats: openSeats(model),
    viewers: ctx.viewers,
    version: asVersion(model.version),
  };
}
