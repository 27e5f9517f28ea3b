import {
  createClock,
  type MatchModel,
  openSeats,
  playOpening,
  seatOrderOf,
  seatsOf,
  startSeedOf,
} from "@arena/match";
import { type Failure, type MatchEvent } from "@arena/protocol";
import { botNotRated } from "../../ratings/eligibility.js";
import { pendingSeat } from "../invitations.js";
import { refuseGuestCorrespondence } from "./accounts-only.js";
import { type Actor, type DecideContext, type Deciders, type Decision, refuse, NO_EVENTS } from "./types.js";
import { draft, withConsequences } from "./play.js";

/** Filling and leaving seats, and the waiting room's life (docs/protocol.md). */
export const SEATING_DECIDERS: Deciders<
  "join" | "leave" | "invite" | "decline" | "set-ai" | "kick-ai" | "cancel" | "expire" | "start"
> = {
  join(model, command, ctx) {
    const actor = ctx.actor;
    if (actor.kind !== "user") return refuse("forbidden", "only users join");
    if (model.status !== "waiting") return refuse("room-full", "the match has started");
    const slot = model.slots[command.seat];
    if (slot === undefined) return refuse("not-found", "no such seat");
    if (seatsOf(model, actor.user.id).length > 0) return refuse("forbidden", "you already hold a seat here");
    // A seat invited by name is that account's alone; the link does not open it (docs/protocol.md,
    // "Invitations by name").
    if (slot.kind === "invite" && slot.invitee !== undefined && slot.invitee.id !== actor.user.id)
      return refuse("forbidden", "this seat is kept for the player the host invited");
    if (slot.kind === "invite" && slot.invitee === undefined && !actor.inviteOk)
      return refuse("forbidden", "this seat needs the invite link");
    if (slot.kind !== "open" && slot.kind !== "invite") return refuse("seat-taken", "the seat is taken");
    const guestRefused = refuseGuestCorrespondence(model.timeControl, actor.user);
    if (guestRefused !== null) return guestRefused;
    return afterSeating(model, { type: "seat-joined", seat: command.seat, user: actor.user }, ctx);
  },

  leave(model, command, ctx) {
    if (model.status !== "waiting") return refuse("forbidden", "the match has started; resign instead");
    const actor = ctx.actor;
    if (actor.kind !== "user" || !seatsOf(model, actor.user.id).includes(command.seat)) {
      return refuse("not-your-seat", "that seat is not yours");
    }
    return { events: [{ type: "seat-left", seat: command.seat }] };
  },

  invite(model, command, ctx) {
    // Checked before the host: a finished match says so to anyone who tries (docs/protocol.md).
    if (model.status !== "waiting") return refuse("forbidden", "the match is no longer waiting for players");
    const denied = requireWaitingHost(model, ctx.actor) ?? vacantSeat(model, command.seat);
    if (denied) return denied;
    if (model.rated && command.bot) return botNotRated();
    // One pending invitation per room and invitee: asked again, it stands as it was and nobody is told.
    const pending = pendingSeat(model, command.invitee.id);
    if (pending === command.seat) return { events: [], reply: { notify: false } };
    if (pending !== null) return refuse("forbidden", `this player is already invited to seat ${pending + 1}`);
    return {
      events: [{ type: "seat-invited", seat: command.seat, invitee: command.invitee }],
      reply: { notify: true },
    };
  },

  decline(model, command, ctx) {
    if (model.status !== "waiting") return refuse("forbidden", "the match is no longer waiting for players");
    const actor = ctx.actor;
    const slot = model.slots[command.seat];
    if (actor.kind !== "user" || slot?.kind !== "invite" || slot.invitee?.id !== actor.user.id) {
      return refuse("forbidden", "that seat is not kept for you");
    }
    return { events: [{ type: "invite-declined", seat: command.seat }] };
  },

  "set-ai"(model, command, ctx) {
    const denied = requireWaitingHost(model, ctx.actor) ?? vacantSeat(model, command.seat);
    if (denied) return denied;
    if (command.level > ctx.maxAiLevel)
      return refuse("invalid-payload", `AI levels go up to ${ctx.maxAiLevel}`);
    return afterSeating(model, { type: "ai-set", seat: command.seat, level: command.level }, ctx);
  },

  "kick-ai"(model, command, ctx) {
    const denied = requireWaitingHost(model, ctx.actor);
    if (denied) return denied;
    if (model.slots[command.seat]?.kind !== "ai") return refuse("not-found", "no AI in that seat");
    return { events: [{ type: "ai-kicked", seat: command.seat }] };
  },

  cancel(model, _command, ctx) {
    return requireWaitingHost(model, ctx.actor) ?? { events: [{ type: "cancelled", reason: "host" }] };
  },

  expire(model, command, ctx) {
    if (ctx.actor.kind !== "system") return refuse("forbidden", "only the room expires itself");
    if (model.status !== "waiting" || command.online.includes(model.host.id)) return NO_EVENTS;
    return { events: [{ type: "cancelled", reason: "expired" }] };
  },

  start(model, _command, ctx) {
    return model.status === "waiting" && openSeats(model) === 0 ? { events: start(model, ctx) } : NO_EVENTS;
  },
};

function start(model: MatchModel, ctx: DecideContext): MatchEvent[] {
  // The start position is drawn from the secret too, so nobody knows it before the game starts (a seat
  // is chosen before that: docs/protocol.md, "Hidden randomness").
  // A tournament pair's opening is played before the clocks start: the game starts after it.
  const state = playOpening(
    model.game,
    model.game.initial(model.options, startSeedOf(ctx.secret)),
    model.opening,
  );
  const first = model.game.toMove(state)[0] ?? null;
  const started: MatchEvent = {
    type: "started",
    state: model.game.serialize(state),
    clock: createClock(
      model.timeControl,
      model.slots.length,
      first,
      ctx.now,
      model.slots.map((slot) => slot.kind === "ai"),
    ),
  };
  // A rated game whose starts favour a seat (KRK: White) draws who sits where, once every seat is taken.
  const drawn: MatchEvent[] =
    model.rated && model.game.unevenSeats === true
      ? [{ type: "seats-drawn", order: seatOrderOf(ctx.secret, model.slots.length) }]
      : [];
  return withConsequences(model, [...drawn, started], ctx);
}

/** A seat was filled: the game starts once none is left open. */
function afterSeating(model: MatchModel, event: MatchEvent, ctx: DecideContext): Decision {
  const next = draft(model, event, ctx.now);
  return { events: openSeats(next) === 0 ? [event, ...start(next, ctx)] : [event] };
}

function requireWaitingHost(model: MatchModel, actor: Actor): Failure | null {
  if (model.status !== "waiting") return refuse("forbidden", "the match has already started");
  if (actor.kind !== "user" || actor.user.id !== model.host.id)
    return refuse("not-host", "only the host may");
  return null;
}

/** An open or invite-only seat the host may fill with an AI. */
function vacantSeat(model: MatchModel, seat: number): Failure | null {
  const slot = model.slots[seat];
  if (slot === undefined) return refuse("not-found", "no such seat");
  if (slot.kind !== "open" && slot.kind !== "invite") return refuse("seat-taken", "the seat is taken");
  return null;
}
