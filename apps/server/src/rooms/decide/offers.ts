import {
  choicePlies,
  DRAW_OFFER_GAP_PLIES,
  handOver,
  type MatchModel,
  pliesUntilDrawOffer,
  outOfTime,
  pliesUntilTakeback,
  seatsOf,
  stop,
  TAKEBACK_GAP_PLIES,
  takebackPlies,
  takebacksAllowed,
} from "@arena/match";
import { type ClockState, type MatchEvent } from "@arena/protocol";
import { type DecideContext, type Decided, type Deciders, refuse, NO_EVENTS } from "./types.js";
import { draft, aborted, drawn, livePlayer, checkClock } from "./play.js";

/** Offers between players (draws, takebacks, aborts, rematches) and the host's spectator-chat switch. */
export const OFFER_DECIDERS: Deciders<
  | "draw-offer"
  | "draw-accept"
  | "draw-decline"
  | "takeback-ask"
  | "takeback-accept"
  | "takeback-decline"
  | "abort"
  | "rematch"
  | "spectator-chat"
> = {
  "draw-offer"(model, command, ctx) {
    return offerOrAccept(model, command.seat, ctx, true);
  },

  "draw-accept"(model, command, ctx) {
    return offerOrAccept(model, command.seat, ctx, false);
  },

  "draw-decline"(model, command, ctx) {
    const player = livePlayer(model, ctx, command.seat);
    if ("ok" in player) return player;
    if (!model.drawOffers.some((s) => s !== player.seat)) {
      return refuse("no-draw-offer", "there is no draw offer to decline");
    }
    return { events: [{ type: "draw-declined", seat: player.seat }] };
  },

  "takeback-ask"(model, command, ctx) {
    const player = livePlayer(model, ctx, command.seat);
    if ("ok" in player) return player;
    if (model.rated) return refuse("takeback-rated", "rated games have no takebacks");
    if (!takebacksAllowed(model)) return refuse("forbidden", "this game has no takebacks");
    if (model.takebackAsks.length > 0) {
      return refuse("takeback-pending", "a takeback request stands; wait for the answer");
    }
    const plies = takebackPlies(model, player.seat);
    if (plies === 0) return refuse("no-takeback", "you have no move to take back");
    const wait = pliesUntilTakeback(model, player.seat);
    if (wait > 0) {
      return refuse(
        "takeback-too-soon",
        `one takeback request per ${TAKEBACK_GAP_PLIES} plies; you may ask again in ${wait} plies`,
      );
    }
    const asked: MatchEvent = { type: "takeback-asked", seat: player.seat };
    // A computer opponent agrees at once, as lichess's does in casual games.
    const opponent = model.slots[1 - player.seat];
    if (opponent?.kind !== "ai") return { events: [asked] };
    if (outOfTime(player.clock, ctx.now, true)) return checkClock(model, player.clock, ctx);
    return { events: [asked, takenBack(player.clock, plies, player.seat, ctx.now)] };
  },

  "takeback-accept"(model, command, ctx) {
    const player = livePlayer(model, ctx, command.seat);
    if ("ok" in player) return player;
    const asker = model.takebackAsks.find((s) => s !== player.seat);
    if (asker === undefined) return refuse("no-takeback", "there is no takeback request to accept");
    const plies = takebackPlies(model, asker);
    if (plies === 0) return refuse("no-takeback", "there is no move to take back");
    // A flag that fell first decides the game; time is never handed back.
    if (outOfTime(player.clock, ctx.now, true)) return checkClock(model, player.clock, ctx);
    return { events: [takenBack(player.clock, plies, asker, ctx.now)] };
  },

  "takeback-decline"(model, command, ctx) {
    const player = livePlayer(model, ctx, command.seat);
    if ("ok" in player) return player;
    if (!model.takebackAsks.some((s) => s !== player.seat)) {
      return refuse("no-takeback", "there is no takeback request to decline");
    }
    return { events: [{ type: "takeback-declined", seat: player.seat }] };
  },

  abort(model, command, ctx) {
    const player = livePlayer(model, ctx, command.seat);
    if ("ok" in player) return player;
    if (choicePlies(model) >= 2) return refuse("cannot-abort", "two plies have been played; resign instead");
    return { events: [aborted(stop(player.clock, ctx.now), ctx)] };
  },

  rematch(model, _command, ctx) {
    if (model.status !== "finished" && model.status !== "aborted") {
      return refuse("forbidden", "the match is not over");
    }
    if (model.nextMatchId !== null) return { events: [], reply: { nextMatchId: model.nextMatchId } };
    const actor = ctx.actor;
    if (actor.kind !== "user") return refuse("forbidden", "only players ask for rematches");
    const seat = seatsOf(model, actor.user.id)[0];
    if (seat === undefined) return refuse("not-your-seat", "only players ask for rematches");
    const everyone = (offers: readonly number[]) =>
      model.slots.every((slot, s) => slot.kind !== "human" || offers.includes(s));
    // Asked already: the offer stands and nothing is appended (a second click or tab); if everyone asked
    // and the rematch was not made (its creation failed), it is made now.
    if (model.rematchOffers.includes(seat)) {
      return everyone(model.rematchOffers)
        ? { events: [], rematch: true }
        : { events: [], reply: { nextMatchId: null } };
    }
    const event: MatchEvent = { type: "rematch-offered", seat };
    const offered = draft(model, event, ctx.now);
    return everyone(offered.rematchOffers)
      ? { events: [event], rematch: true }
      : { events: [event], reply: { nextMatchId: null } };
  },

  "spectator-chat"(model, command, ctx) {
    const actor = ctx.actor;
    if (actor.kind !== "user" || actor.user.id !== model.host.id)
      return refuse("not-host", "only the host may");
    if (model.status === "cancelled") return refuse("forbidden", "the room was cancelled");
    // Already as asked: nothing to write (the host's two tabs may both ask).
    const slowSeconds = command.slowSeconds ?? model.spectatorSlowSeconds;
    if (model.spectatorChat === command.open && model.spectatorSlowSeconds === slowSeconds) return NO_EVENTS;
    return {
      events: [
        slowSeconds === model.spectatorSlowSeconds
          ? { type: "spectator-chat", open: command.open }
          : { type: "spectator-chat", open: command.open, slowSeconds },
      ],
    };
  },
};

/** Two-seat games (Othello, Connect-k) may end in an agreed draw. */
function drawsAllowed(model: MatchModel): boolean {
  return model.slots.length === 2;
}

/** An offer, or the acceptance of another seat's offer (an offer made while one stands accepts it). */
function offerOrAccept(
  model: MatchModel,
  named: number | undefined,
  ctx: DecideContext,
  offering: boolean,
): Decided {
  const player = livePlayer(model, ctx, named);
  if ("ok" in player) return player;
  if (!drawsAllowed(model)) return refuse("forbidden", "this game has no agreed draws");
  if (model.drawOffers.some((s) => s !== player.seat)) return { events: [drawn(model, "draw-agreed", ctx)] };
  if (!offering) return refuse("no-draw-offer", "there is no draw offer to accept");
  if (model.drawOffers.includes(player.seat)) {
    return refuse("draw-offer-pending", "your draw offer stands; wait for the answer");
  }
  // As lichess: one offer per seat per `DRAW_OFFER_GAP_PLIES` plies, declined or not.
  const wait = pliesUntilDrawOffer(model, player.seat);
  if (wait > 0) {
    return refuse(
      "draw-offer-too-soon",
      `one draw offer per ${DRAW_OFFER_GAP_PLIES} plies; you may offer again in ${wait} plies`,
    );
  }
  return { events: [{ type: "draw-offered", seat: player.seat }] };
}

/**
 * The last `plies` moves taken back, to the asker's turn (docs/clocks.md, "Takebacks"): the seat on move
 * is charged the time it used, no time or increment is given back, and the asker's clock runs.
 */
function takenBack(clock: ClockState, plies: number, asker: number, now: number): MatchEvent {
  return { type: "taken-back", plies, clock: handOver(clock, asker, now) };
}
