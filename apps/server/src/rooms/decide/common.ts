import {
  activeSeats,
  createClock,
  DRAW_OFFER_GAP_PLIES,
  evolve,
  firstMoveDeadline,
  flag as flagClock,
  handOver,
  isEliminated,
  type MatchModel,
  openSeats,
  outOfTime,
  pass,
  pliesUntilDrawOffer,
  rollsAt,
  seatOrderOf,
  startSeedOf,
  seatToMove,
  seatsOf,
  stop,
} from "@arena/match";
import {
  asMillis,
  asVersion,
  type ClockState,
  type ErrorCode,
  type Failure,
  failure,
  type MatchEvent,
  type MatchResult,
  type RepeatableEvent,
} from "@arena/protocol";
import { type Actor, type DecideContext, type Decided, type Decision, type Moment } from "./types.js";

export const refuse = (code: ErrorCode, message: string): Failure => failure(code, message);

/**
 * How many events of each kind a user can repeat one match's log may hold (docs/protocol.md, "Quotas"):
 * beyond it the command is refused `quota` and nothing is appended, so no user can grow a log without end.
 * Far above what a game needs (a draw offer is allowed once per `DRAW_OFFER_GAP_PLIES` per seat anyway).
 */
export const REPEAT_CAPS = {
  "seat-joined": { cap: 40, what: "seats taken" },
  "seat-left": { cap: 40, what: "seats left" },
  "ai-set": { cap: 40, what: "AIs seated" },
  "ai-kicked": { cap: 40, what: "AIs sent away" },
  "seat-invited": { cap: 20, what: "invitations" },
  "draw-offered": { cap: 40, what: "draw offers" },
  "takeback-asked": { cap: 20, what: "takeback requests" },
  "rematch-offered": { cap: 20, what: "rematch offers" },
  "spectator-chat": { cap: 20, what: "spectator-chat switches" },
} as const satisfies { readonly [T in RepeatableEvent]: { readonly cap: number; readonly what: string } };

export const NO_EVENTS: Decision = { events: [] };

export function isRefusal(decided: Decided): decided is Failure {
  return "ok" in decided;
}

/**
 * Applies a draft event to a model with the version and time the room will append it with (to decide
 * what follows). `played` is the position after a "moved" event, when the caller has it already.
 */
export function draft(model: MatchModel, event: MatchEvent, now: number, played?: unknown): MatchModel {
  return evolve(model, { version: asVersion(model.version + 1), at: asMillis(now), event }, played);
}

// ——— The end of a game, written once ———

/** Every end of a game reveals the match's secret, so that anyone can verify it (`verifyMatch`). */
export function ended(result: MatchResult, clock: ClockState | null, at: Moment): MatchEvent {
  return { type: "ended", result, clock, secret: at.secret };
}

/** No result: the game ended before it began (docs/clocks.md §4, §6). */
export function aborted(clock: ClockState | null, at: Moment): MatchEvent {
  return ended({ reason: "abort", winners: [], scores: [] }, clock, at);
}

/** Every seat still in the game shares the result. */
export function drawn(model: MatchModel, reason: "draw-agreed" | "abandon", at: Moment): MatchEvent {
  return ended(
    { reason, winners: activeSeats(model), scores: model.slots.map(() => 0) },
    stoppedAt(model.clock, at.now),
    at,
  );
}

/**
 * The dice a move rolls, drawn from the match's secret at the move's ply once the move has been chosen
 * (none for a move without chance): nothing public predicts them, and the fold replays them as logged.
 */
export function rollsFor(model: MatchModel, move: unknown, at: Moment): readonly number[] | undefined {
  const faces = model.game.diceFor?.(model.state, move) ?? [];
  return faces.length === 0 ? undefined : rollsAt(at.secret, model.moves.length, faces);
}

export function stoppedAt(clock: ClockState | null, now: number): ClockState | null {
  return clock === null ? null : stop(clock, now);
}

/** The others win with the game's forfeit score (Othello: PAIP's 64–0; others 1–0). */
export function forfeitResult(
  model: MatchModel,
  winners: readonly number[],
  reason: MatchResult["reason"],
): MatchResult {
  const top = model.game.forfeitScore ?? 1;
  return {
    reason,
    winners: [...winners],
    scores: model.slots.map((_, seat) => (winners.includes(seat) ? top : 0)),
  };
}

/**
 * What follows on its own from a position: forced moves (Othello's pass, applied at once with no time
 * charged) and the end of the game.
 */
export function consequences(model: MatchModel, at: Moment): { events: MatchEvent[]; model: MatchModel } {
  const { now } = at;
  const events: MatchEvent[] = [];
  let current = model;
  for (let guard = 0; guard < 64 && current.status === "live"; guard++) {
    const outcome = current.game.outcome(current.state);
    let event: MatchEvent;
    // The position after a forced move, played here already: the draft need not play it again.
    let played: unknown;
    if (outcome.kind === "finished") {
      event = ended(
        { reason: "normal", winners: [...outcome.winners], scores: [...outcome.scores] },
        stoppedAt(current.clock, now),
        at,
      );
    } else {
      const forced = current.game.forcedMove(current.state);
      const seat = seatToMove(current);
      if (forced === null || seat === null || current.clock === null) break;
      const rolls = rollsFor(current, forced, at);
      played = current.game.apply(current.state, forced, rolls);
      const nextSeat = current.game.toMove(played)[0] ?? null;
      event = {
        type: "moved",
        seat,
        move: current.game.formatMove(current.state, forced),
        forced: true,
        ...(rolls === undefined ? {} : { rolls: [...rolls] }),
        clock: pass(current.clock, nextSeat, now),
      };
    }
    events.push(event);
    current = draft(current, event, now, played);
  }
  return { events, model: current };
}

/** `first` and whatever follows from it on its own. */
export function withConsequences(model: MatchModel, first: readonly MatchEvent[], at: Moment): MatchEvent[] {
  let current = model;
  for (const event of first) current = draft(current, event, at.now);
  return [...first, ...consequences(current, at).events];
}

/**
 * Seats leave the game (resign, timeout, abandon): in a game that goes on without them (more than two
 * seats left, and the game has `eliminate`), play goes on; otherwise the game ends and the others win.
 */
export function forfeit(
  model: MatchModel,
  seats: readonly number[],
  reason: "resign" | "timeout" | "abandon",
  at: Moment,
): MatchEvent[] {
  const { now } = at;
  const remaining = activeSeats(model).filter((seat) => !seats.includes(seat));
  const clock = model.clock;
  if (clock !== null && model.game.eliminate !== undefined && remaining.length >= 2) {
    let current = model;
    const events: MatchEvent[] = [];
    for (const seat of seats) {
      const next = current.game.eliminate ? current.game.eliminate(current.state, seat) : current.state;
      const nextSeat = current.game.toMove(next)[0] ?? null;
      const running = current.clock ?? clock;
      // The eliminated seat's turn (if it was its turn) passes on; a flagged seat ends at zero.
      const after =
        running.running === seat
          ? handOver(reason === "timeout" ? flagClock(running) : running, nextSeat, now)
          : running;
      const event: MatchEvent = { type: "eliminated", seat, reason, clock: after };
      events.push(event);
      current = draft(current, event, now);
    }
    return [...events, ...consequences(current, at).events];
  }
  const finalClock = clock === null ? null : reason === "timeout" ? flagClock(clock) : stop(clock, now);
  return [ended(forfeitResult(model, remaining, reason), finalClock, at)];
}

export function start(model: MatchModel, ctx: DecideContext): MatchEvent[] {
  // The start position is drawn from the secret too, so nobody knows it before the game starts (a seat
  // is chosen before that: docs/protocol.md, "Hidden randomness").
  const state = model.game.initial(model.options, startSeedOf(ctx.secret));
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
export function afterSeating(model: MatchModel, event: MatchEvent, ctx: DecideContext): Decision {
  const next = draft(model, event, ctx.now);
  return { events: openSeats(next) === 0 ? [event, ...start(next, ctx)] : [event] };
}

// ——— Who may act, written once ———

/** The seat a user acts for: the one named (if theirs), else their seat to move, else their first live seat. */
export function actingSeat(model: MatchModel, actor: Actor, named: number | undefined): number | Failure {
  if (actor.kind === "ai") return actor.seat;
  if (actor.kind === "system") return refuse("forbidden", "not a player");
  const userId = actor.user.id;
  const holds = (seat: number): boolean => {
    const slot = model.slots[seat];
    return slot?.kind === "human" && slot.user.id === userId && !isEliminated(model, seat);
  };
  if (named !== undefined) return holds(named) ? named : refuse("not-your-seat", "that seat is not yours");
  const toMove = seatToMove(model);
  if (toMove !== null && holds(toMove)) return toMove;
  for (let seat = 0; seat < model.slots.length; seat++) if (holds(seat)) return seat;
  return refuse("not-your-seat", "you hold no seat in this match");
}

/** The match is live and the actor holds a seat in it: that seat, with the live clock. */
export function livePlayer(
  model: MatchModel,
  ctx: DecideContext,
  named: number | undefined,
): { readonly seat: number; readonly clock: ClockState } | Failure {
  if (model.status === "waiting") return refuse("not-started", "the match has not started");
  if (model.status !== "live") return refuse("game-over", "the match is over");
  if (model.clock === null) return refuse("internal", "live match without a clock");
  const seat = actingSeat(model, ctx.actor, named);
  return typeof seat === "number" ? { seat, clock: model.clock } : seat;
}

export function requireWaitingHost(model: MatchModel, actor: Actor): Failure | null {
  if (model.status !== "waiting") return refuse("forbidden", "the match has already started");
  if (actor.kind !== "user" || actor.user.id !== model.host.id)
    return refuse("not-host", "only the host may");
  return null;
}

/** An open or invite-only seat the host may fill with an AI. */
export function vacantSeat(model: MatchModel, seat: number): Failure | null {
  const slot = model.slots[seat];
  if (slot === undefined) return refuse("not-found", "no such seat");
  if (slot.kind !== "open" && slot.kind !== "invite") return refuse("seat-taken", "the seat is taken");
  return null;
}

/** Two-seat games (Othello, Connect-k) may end in an agreed draw. */
export function drawsAllowed(model: MatchModel): boolean {
  return model.slots.length === 2;
}

/**
 * The server's flag timer (`tick`) and anyone's `flag`: a first-move window that closed aborts the game;
 * a running seat out of time (§3, with grace unless a player claims their own flag) loses on time.
 */
export function checkClock(model: MatchModel, clock: ClockState, ctx: DecideContext): Decision {
  const { now, actor } = ctx;
  const windowEnd = firstMoveDeadline(clock);
  if (windowEnd !== null && now >= windowEnd) {
    return { events: [aborted(stop(clock, now), ctx)], reply: { flagged: true } };
  }
  const running = clock.running;
  const own = actor.kind === "user" && running !== null && seatsOf(model, actor.user.id).includes(running);
  if (running === null || !outOfTime(clock, now, !own)) return { events: [], reply: { flagged: false } };
  return { events: forfeit(model, [running], "timeout", ctx), reply: { flagged: true } };
}

/** An offer, or the acceptance of another seat's offer (an offer made while one stands accepts it). */
export function offerOrAccept(
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
export function takenBack(clock: ClockState, plies: number, asker: number, now: number): MatchEvent {
  return { type: "taken-back", plies, clock: handOver(clock, asker, now) };
}

/** The kind of event, if any, that `events` would take past its cap in this match (`REPEAT_CAPS`). */
export function overCap(model: MatchModel, events: readonly MatchEvent[]): RepeatableEvent | null {
  const added = new Map<RepeatableEvent, number>();
  for (const { type } of events) {
    if (!(type in REPEAT_CAPS)) continue;
    const kind = type as RepeatableEvent;
    const count = (added.get(kind) ?? 0) + 1;
    if (model.repeats[kind] + count > REPEAT_CAPS[kind].cap) return kind;
    added.set(kind, count);
  }
  return null;
}
