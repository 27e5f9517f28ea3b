import {
  activeSeats,
  credit,
  evolve,
  firstMoveDeadline,
  flag as flagClock,
  goneAfterMs,
  handOver,
  isCorrespondenceClock,
  isEliminated,
  type MatchModel,
  outOfTime,
  pass,
  remainingAt,
  rollsAt,
  seatsOf,
  seatToMove,
  step,
  stop,
} from "@arena/match";
import {
  asMillis,
  asVersion,
  type ClockState,
  type Failure,
  type MatchEvent,
  type MatchResult,
} from "@arena/protocol";
import {
  type Actor,
  type DecideContext,
  type Deciders,
  type Decision,
  type Moment,
  refuse,
  NO_EVENTS,
} from "./types.js";

/** Playing: moves, resignation, the clock and its credits, claims against a gone player (docs/clocks.md). */
export const PLAY_DECIDERS: Deciders<"move" | "resign" | "flag" | "tick" | "claim" | "credit"> = {
  move(model, command, ctx) {
    const player = livePlayer(model, ctx, command.seat);
    if ("ok" in player) return player;
    const { seat, clock } = player;
    const { now } = ctx;
    if (seatToMove(model) !== seat) return refuse("wrong-seat", "it is not your turn");
    // §4: a first move after its window closed aborts the game (the timer may not have fired yet).
    const windowEnd = firstMoveDeadline(clock);
    if (windowEnd !== null && now >= windowEnd) {
      return {
        events: [aborted(stop(clock, now), ctx)],
        refusal: refuse("game-over", "the first-move window closed; the game is aborted"),
      };
    }
    const timing = { now, clientMs: command.clientMs, lagMs: command.lagMs };
    // §3: a move after the flag fell is never applied; it ends the game as a time loss.
    if (step(clock, timing, null).kind === "flagged") {
      return {
        events: forfeit(model, [seat], "timeout", ctx),
        refusal: refuse("game-over", "your flag fell before the move arrived"),
      };
    }
    const parsed = model.game.parseMove(model.state, command.move);
    if (!parsed.ok) return refuse(parsed.error.code, parsed.error.message);
    // Rolls are a function of the ply alone: drawing them for a move that is then refused changes nothing.
    const rolls = rollsFor(model, parsed.value, ctx);
    const played = model.game.play(model.state, parsed.value, seat, rolls);
    if (!played.ok) return refuse(played.error.code, played.error.message);
    const next = model.game.toMove(played.value)[0] ?? null;
    const event: MatchEvent = {
      type: "moved",
      seat,
      move: model.game.formatMove(model.state, parsed.value),
      forced: false,
      ...(rolls === undefined ? {} : { rolls: [...rolls] }),
      clock: step(clock, timing, next).clock,
    };
    // The hot path: the position is played once, and folded once (here, not again in the room).
    const after = consequences(draft(model, event, now, played.value), ctx);
    return { events: [event, ...after.events], next: after.model };
  },

  resign(model, command, ctx) {
    const player = livePlayer(model, ctx, command.seat);
    if ("ok" in player) return player;
    return { events: forfeit(model, [player.seat], "resign", ctx) };
  },

  flag(model, _command, ctx) {
    if (model.status !== "live" || model.clock === null) return refuse("game-over", "the match is not live");
    return checkClock(model, model.clock, ctx);
  },

  tick(model, _command, ctx) {
    if (model.status !== "live" || model.clock === null) return NO_EVENTS;
    return checkClock(model, model.clock, ctx);
  },

  claim(model, command, ctx) {
    const player = livePlayer(model, ctx, command.seat);
    if ("ok" in player) return player;
    const { seat, clock } = player;
    const online = new Set(command.online ?? []);
    const gone = activeSeats(model).filter((s) => {
      const slot = model.slots[s];
      return s !== seat && ctx.gone.has(s) && !(slot?.kind === "human" && online.has(slot.user.id));
    });
    if (gone.length === 0) return refuse("cannot-claim", "no opponent is gone");
    // §6: before every side has moved, a vanished opponent aborts the game instead.
    if (clock.started.some((started) => !started)) return { events: [aborted(clock, ctx)] };
    // §6: if the gone player's clock would run out first anyway, the flag decides.
    const running = clock.running;
    if (running !== null && gone.includes(running)) {
      const left = remainingAt(clock, ctx.now)[running] ?? 0;
      if (left < (goneAfterMs(model.timeControl, false) ?? 0)) {
        return refuse("cannot-claim", "the gone player's clock runs out first; wait for the flag");
      }
    }
    if (command.kind === "draw") return { events: [drawn(model, "abandon", ctx)] };
    return { events: forfeit(model, gone, "abandon", ctx) };
  },

  credit(model, command, ctx) {
    if (model.status !== "live" || model.clock === null) return NO_EVENTS;
    // A correspondence clock counts days: a takeover's seconds are not credited, so a deadline a player
    // was shown stays where it was across restarts (docs/protocol.md, "Correspondence").
    if (isCorrespondenceClock(model.clock)) return NO_EVENTS;
    const running = model.clock.running;
    const creditsMs = model.slots.map((_, seat) =>
      Math.min(Math.max(0, command.awayMs), seat === running ? command.toMoveCapMs : command.othersCapMs),
    );
    return {
      events: [
        {
          type: "clock-credited",
          creditsMs,
          clock: credit(model.clock, creditsMs, ctx.now),
          why: command.why,
        },
      ],
    };
  },
};

/**
 * Applies a draft event to a model with the version and time the room will append it with (to decide
 * what follows). `played` is the position after a "moved" event, when the caller has it already.
 */
export function draft(model: MatchModel, event: MatchEvent, now: number, played?: unknown): MatchModel {
  return evolve(model, { version: asVersion(model.version + 1), at: asMillis(now), event }, played);
}

// ——— The end of a game, written once ———

/** Every end of a game reveals the match's secret, so that anyone can verify it (`verifyMatch`). */
function ended(result: MatchResult, clock: ClockState | null, at: Moment): MatchEvent {
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
function rollsFor(model: MatchModel, move: unknown, at: Moment): readonly number[] | undefined {
  const faces = model.game.diceFor?.(model.state, move) ?? [];
  return faces.length === 0 ? undefined : rollsAt(at.secret, model.moves.length, faces);
}

function stoppedAt(clock: ClockState | null, now: number): ClockState | null {
  return clock === null ? null : stop(clock, now);
}

/** The others win with the game's forfeit score (Othello: PAIP's 64–0; others 1–0). */
function forfeitResult(
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
function consequences(model: MatchModel, at: Moment): { events: MatchEvent[]; model: MatchModel } {
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
function forfeit(
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

// ——— Who may act, written once ———

/** The seat a user acts for: the one named (if theirs), else their seat to move, else their first live seat. */
function actingSeat(model: MatchModel, actor: Actor, named: number | undefined): number | Failure {
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
