import {
  type ErrorCode,
  type Failure,
  type MatchEvent,
  type MatchResult,
  type UserRef,
  failure,
} from "@arena/protocol";
import {
  createClock,
  firstMoveDeadline,
  flag as flagClock,
  handOver,
  outOfTime,
  pass,
  remainingAt,
  step,
  stop,
  credit,
  goneAfterMs,
} from "../clocks/clock.js";
import { activeSeats, evolve, type MatchModel, openSeats, seatToMove, seatsOf } from "./model.js";

/** Who sent a command: a connected user, the room's own AI seat, or the room itself (timers, restarts). */
export type Actor =
  | { readonly kind: "user"; readonly user: UserRef; readonly inviteOk: boolean }
  | { readonly kind: "ai"; readonly seat: number }
  | { readonly kind: "system" };

export type Command =
  | { readonly type: "join"; readonly seat: number }
  | { readonly type: "leave"; readonly seat: number }
  | { readonly type: "set-ai"; readonly seat: number; readonly level: number }
  | { readonly type: "kick-ai"; readonly seat: number }
  | { readonly type: "cancel" }
  /** Starts a room whose seats were all filled at creation (all AI). */
  | { readonly type: "start" }
  | {
      readonly type: "move";
      readonly seat?: number | undefined;
      readonly move: string;
      readonly clientMs?: number | undefined;
      readonly lagMs?: number | undefined;
      readonly rttMs?: number | undefined;
    }
  | { readonly type: "resign"; readonly seat?: number | undefined }
  | { readonly type: "flag" }
  | {
      readonly type: "claim";
      readonly kind: "win" | "draw";
      readonly seat?: number | undefined;
      /** Users connected to the match on any process: never gone, whatever this process saw. */
      readonly online?: readonly string[];
    }
  | { readonly type: "draw-offer"; readonly seat?: number | undefined }
  | { readonly type: "draw-accept"; readonly seat?: number | undefined }
  | { readonly type: "draw-decline"; readonly seat?: number | undefined }
  | { readonly type: "abort"; readonly seat?: number | undefined }
  | { readonly type: "rematch" }
  | { readonly type: "tick" }
  | {
      /**
       * Time nobody ran the match (clocks.md §7), credited up to a cap: the seat to move gets up to
       * `toMoveCapMs`, the others up to `othersCapMs`. Who is to move is read here, on the caught-up
       * model, not by the caller (a process taking over may hold a stale copy).
       */
      readonly type: "credit";
      readonly awayMs: number;
      readonly toMoveCapMs: number;
      readonly othersCapMs: number;
      readonly why: string;
    };

export interface DecideContext {
  readonly now: number;
  readonly actor: Actor;
  /** Seats whose players count as gone (clocks.md §6), from the room's presence tracking. */
  readonly gone: ReadonlySet<number>;
  readonly maxAiLevel: number;
}

export interface Decision {
  readonly events: readonly MatchEvent[];
  /** A refusal that still has effects (a move after the flag fell ends the game, and is refused). */
  readonly refusal?: Failure;
  readonly reply?: Record<string, unknown>;
  /** Every seated player wants a rematch: the room creates it. */
  readonly rematch?: true;
  /**
   * The model after `events`, when deciding already folded them (a move and what follows): the room
   * takes it instead of folding the same events a second time.
   */
  readonly next?: MatchModel;
}

export type Decided = Decision | Failure;

const refuse = (code: ErrorCode, message: string): Failure => failure(code, message);

/**
 * Applies a draft event to a model with the version and time the room will append it with (to decide
 * what follows). `played` is the position after a "moved" event, when the caller has it already.
 */
function draft(model: MatchModel, event: MatchEvent, now: number, played?: unknown): MatchModel {
  return evolve(
    model,
    { version: model.version + 1, at: now, event } as Parameters<typeof evolve>[1],
    played,
  );
}

/**
 * What follows on its own from a position: forced moves (Othello's pass,
 * applied at once with no time charged) and the end of the game.
 */
function consequences(model: MatchModel, now: number): { events: MatchEvent[]; model: MatchModel } {
  const events: MatchEvent[] = [];
  let current = model;
  for (let guard = 0; guard < 64 && current.status === "live"; guard++) {
    const outcome = current.game.outcome(current.state);
    let event: MatchEvent;
    // The position after a forced move, played here already: the draft need not play it again.
    let played: unknown;
    if (outcome.kind === "finished") {
      event = {
        type: "ended",
        result: { reason: "normal", winners: [...outcome.winners], scores: [...outcome.scores] },
        clock: current.clock === null ? null : stop(current.clock, now),
      };
    } else {
      const forced = current.game.forcedMove(current.state);
      const seat = seatToMove(current);
      if (forced === null || seat === null || current.clock === null) break;
      played = current.game.apply(current.state, forced);
      const nextSeat = current.game.toMove(played)[0] ?? null;
      event = {
        type: "moved",
        seat,
        move: current.game.formatMove(current.state, forced),
        forced: true,
        clock: pass(current.clock, nextSeat, now),
      };
    }
    events.push(event);
    current = draft(current, event, now, played);
  }
  return { events, model: current };
}

/** Appends `first` and whatever follows from it. */
function withConsequences(model: MatchModel, first: readonly MatchEvent[], now: number): MatchEvent[] {
  let current = model;
  for (const event of first) current = draft(current, event, now);
  return [...first, ...consequences(current, now).events];
}

/** Forfeit scores: Othello records PAIP's 64–0; other games 1–0. */
function forfeitResult(
  model: MatchModel,
  winners: readonly number[],
  reason: MatchResult["reason"],
): MatchResult {
  const top = model.gameId === "othello" ? 64 : 1;
  return {
    reason,
    winners: [...winners],
    scores: model.slots.map((_, seat) => (winners.includes(seat) ? top : 0)),
  };
}

/**
 * A seat leaves the game (resign, timeout, abandon): in a game of more than
 * two live seats that has `eliminate`, play goes on without it; otherwise
 * the game ends and the others win.
 */
function forfeit(
  model: MatchModel,
  seats: readonly number[],
  reason: "resign" | "timeout" | "abandon",
  now: number,
): MatchEvent[] {
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
    return [...events, ...consequences(current, now).events];
  }
  return [
    {
      type: "ended",
      result: forfeitResult(model, remaining, reason),
      clock: clock === null ? null : reason === "timeout" ? flagClock(clock) : stop(clock, now),
    },
  ];
}

function start(model: MatchModel, now: number): MatchEvent[] {
  const state = model.game.initial(model.options, model.seed);
  const first = model.game.toMove(state)[0] ?? null;
  const started: MatchEvent = {
    type: "started",
    state: model.game.serialize(state),
    clock: createClock(model.timeControl, model.slots.length, first, now),
  };
  return withConsequences(model, [started], now);
}

function afterSeating(model: MatchModel, event: MatchEvent, now: number): Decision {
  const next = draft(model, event, now);
  return { events: openSeats(next) === 0 ? [event, ...start(next, now)] : [event] };
}

/** The seat a user acts for: the one named (if theirs), else their seat to move, else their first live seat. */
function actingSeat(model: MatchModel, actor: Actor, named: number | undefined): number | Failure {
  if (actor.kind === "ai") return actor.seat;
  if (actor.kind === "system") return refuse("forbidden", "not a player");
  const userId = actor.user.id;
  const holds = (seat: number): boolean => {
    const slot = model.slots[seat];
    return slot?.kind === "human" && slot.user.id === userId && model.eliminated[seat] !== true;
  };
  if (named !== undefined) return holds(named) ? named : refuse("not-your-seat", "that seat is not yours");
  const toMove = seatToMove(model);
  if (toMove !== null && holds(toMove)) return toMove;
  for (let seat = 0; seat < model.slots.length; seat++) if (holds(seat)) return seat;
  return refuse("not-your-seat", "you hold no seat in this match");
}

function requireLive(model: MatchModel): Failure | null {
  if (model.status === "waiting") return refuse("not-started", "the match has not started");
  if (model.status !== "live") return refuse("game-over", "the match is over");
  return null;
}

function requireWaitingHost(model: MatchModel, actor: Actor): Failure | null {
  if (model.status !== "waiting") return refuse("forbidden", "the match has already started");
  if (actor.kind !== "user" || actor.user.id !== model.host.id)
    return refuse("not-host", "only the host may");
  return null;
}

/** Whether the game can end in an agreed draw: two-seat games (Othello, Connect-k). */
function drawsAllowed(model: MatchModel): boolean {
  return model.slots.length === 2;
}

function decideInner(model: MatchModel, command: Command, ctx: DecideContext): Decided {
  const { now, actor } = ctx;
  switch (command.type) {
    case "join": {
      if (actor.kind !== "user") return refuse("forbidden", "only users join");
      if (model.status !== "waiting") return refuse("room-full", "the match has started");
      const slot = model.slots[command.seat];
      if (slot === undefined) return refuse("not-found", "no such seat");
      if (seatsOf(model, actor.user.id).length > 0)
        return refuse("forbidden", "you already hold a seat here");
      if (slot.kind === "invite" && !actor.inviteOk)
        return refuse("forbidden", "this seat needs the invite link");
      if (slot.kind !== "open" && slot.kind !== "invite") return refuse("seat-taken", "the seat is taken");
      return afterSeating(model, { type: "seat-joined", seat: command.seat, user: actor.user }, now);
    }
    case "leave": {
      if (model.status !== "waiting") return refuse("forbidden", "the match has started; resign instead");
      if (actor.kind !== "user" || !seatsOf(model, actor.user.id).includes(command.seat)) {
        return refuse("not-your-seat", "that seat is not yours");
      }
      return { events: [{ type: "seat-left", seat: command.seat }] };
    }
    case "set-ai": {
      const denied = requireWaitingHost(model, actor);
      if (denied) return denied;
      const slot = model.slots[command.seat];
      if (slot === undefined) return refuse("not-found", "no such seat");
      if (slot.kind !== "open" && slot.kind !== "invite") return refuse("seat-taken", "the seat is taken");
      if (command.level > ctx.maxAiLevel)
        return refuse("invalid-payload", `AI levels go up to ${ctx.maxAiLevel}`);
      return afterSeating(model, { type: "ai-set", seat: command.seat, level: command.level }, now);
    }
    case "kick-ai": {
      const denied = requireWaitingHost(model, actor);
      if (denied) return denied;
      if (model.slots[command.seat]?.kind !== "ai") return refuse("not-found", "no AI in that seat");
      return { events: [{ type: "ai-kicked", seat: command.seat }] };
    }
    case "cancel": {
      const denied = requireWaitingHost(model, actor);
      return denied ?? { events: [{ type: "cancelled" }] };
    }
    case "start":
      return model.status === "waiting" && openSeats(model) === 0
        ? { events: start(model, now) }
        : { events: [] };
    case "move": {
      const notLive = requireLive(model);
      if (notLive) return notLive;
      const seat = actingSeat(model, actor, command.seat);
      if (typeof seat !== "number") return seat;
      if (seatToMove(model) !== seat) return refuse("wrong-seat", "it is not your turn");
      const clock = model.clock;
      if (clock === null) return refuse("internal", "live match without a clock");
      // §4: a first move after its window closed aborts the game (the timer may not have fired yet).
      const windowEnd = firstMoveDeadline(clock);
      if (windowEnd !== null && now >= windowEnd) {
        return {
          events: [
            { type: "ended", result: { reason: "abort", winners: [], scores: [] }, clock: stop(clock, now) },
          ],
          refusal: refuse("game-over", "the first-move window closed; the game is aborted"),
        };
      }
      // §3: a move after the flag fell is never applied; it ends the game as a time loss.
      const trial = step(
        clock,
        { now, clientMs: command.clientMs, lagMs: command.lagMs, rttMs: command.rttMs },
        null,
      );
      if (trial.kind === "flagged") {
        return {
          events: forfeit(model, [seat], "timeout", now),
          refusal: refuse("game-over", "your flag fell before the move arrived"),
        };
      }
      const parsed = model.game.parseMove(model.state, command.move);
      if (!parsed.ok) return refuse(parsed.error.code, parsed.error.message);
      const played = model.game.play(model.state, parsed.value, seat);
      if (!played.ok) return refuse(played.error.code, played.error.message);
      const next = model.game.toMove(played.value)[0] ?? null;
      const stepped = step(
        clock,
        { now, clientMs: command.clientMs, lagMs: command.lagMs, rttMs: command.rttMs },
        next,
      );
      const event: MatchEvent = {
        type: "moved",
        seat,
        move: model.game.formatMove(model.state, parsed.value),
        forced: false,
        clock: stepped.clock,
      };
      // The hot path: the position is played once, and folded once (here, not again in the room).
      const after = consequences(draft(model, event, now, played.value), now);
      return { events: [event, ...after.events], next: after.model };
    }
    case "resign": {
      const notLive = requireLive(model);
      if (notLive) return notLive;
      const seat = actingSeat(model, actor, command.seat);
      if (typeof seat !== "number") return seat;
      return { events: forfeit(model, [seat], "resign", now) };
    }
    case "flag":
    case "tick": {
      if (model.status !== "live" || model.clock === null) {
        return command.type === "tick" ? { events: [] } : refuse("game-over", "the match is not live");
      }
      const clock = model.clock;
      const running = clock.running;
      const windowEnd = firstMoveDeadline(clock);
      if (windowEnd !== null && now >= windowEnd) {
        return {
          events: [
            { type: "ended", result: { reason: "abort", winners: [], scores: [] }, clock: stop(clock, now) },
          ],
          reply: { flagged: true },
        };
      }
      // A player claiming their own flag gets no grace (§3).
      const own =
        actor.kind === "user" && running !== null && seatsOf(model, actor.user.id).includes(running);
      if (running === null || !outOfTime(clock, now, !own)) return { events: [], reply: { flagged: false } };
      return { events: forfeit(model, [running], "timeout", now), reply: { flagged: true } };
    }
    case "claim": {
      const notLive = requireLive(model);
      if (notLive) return notLive;
      const seat = actingSeat(model, actor, command.seat);
      if (typeof seat !== "number") return seat;
      const online = new Set(command.online ?? []);
      const gone = activeSeats(model).filter((s) => {
        const slot = model.slots[s];
        return s !== seat && ctx.gone.has(s) && !(slot?.kind === "human" && online.has(slot.user.id));
      });
      if (gone.length === 0) return refuse("cannot-claim", "no opponent is gone");
      const clock = model.clock;
      if (clock === null) return refuse("internal", "live match without a clock");
      // §6: before both sides have moved, a vanished opponent aborts the game instead.
      if (clock.started.some((started) => !started)) {
        return { events: [{ type: "ended", result: { reason: "abort", winners: [], scores: [] }, clock }] };
      }
      // §6: if the gone player's clock would run out first anyway, the flag decides.
      const running = clock.running;
      if (running !== null && gone.includes(running)) {
        const left = remainingAt(clock, now)[running] ?? 0;
        if (left < goneAfterMs(model.timeControl, false)) {
          return refuse("cannot-claim", "the gone player's clock runs out first; wait for the flag");
        }
      }
      if (command.kind === "draw") {
        const everyone = activeSeats(model);
        return {
          events: [
            {
              type: "ended",
              result: { reason: "abandon", winners: everyone, scores: model.slots.map(() => 0) },
              clock: stop(clock, now),
            },
          ],
        };
      }
      return { events: forfeit(model, gone, "abandon", now) };
    }
    case "draw-offer":
    case "draw-accept": {
      const notLive = requireLive(model);
      if (notLive) return notLive;
      if (!drawsAllowed(model)) return refuse("forbidden", "this game has no agreed draws");
      const seat = actingSeat(model, actor, command.seat);
      if (typeof seat !== "number") return seat;
      const others = model.drawOffers.filter((s) => s !== seat);
      if (others.length === 0) {
        if (command.type === "draw-accept")
          return refuse("no-draw-offer", "there is no draw offer to accept");
        return { events: [{ type: "draw-offered", seat }] };
      }
      const clock = model.clock;
      return {
        events: [
          {
            type: "ended",
            result: { reason: "draw-agreed", winners: activeSeats(model), scores: model.slots.map(() => 0) },
            clock: clock === null ? null : stop(clock, now),
          },
        ],
      };
    }
    case "draw-decline": {
      const notLive = requireLive(model);
      if (notLive) return notLive;
      const seat = actingSeat(model, actor, command.seat);
      if (typeof seat !== "number") return seat;
      if (model.drawOffers.filter((s) => s !== seat).length === 0) {
        return refuse("no-draw-offer", "there is no draw offer to decline");
      }
      return { events: [{ type: "draw-declined", seat }] };
    }
    case "abort": {
      const notLive = requireLive(model);
      if (notLive) return notLive;
      const seat = actingSeat(model, actor, command.seat);
      if (typeof seat !== "number") return seat;
      if (model.moves.toArray().filter((m) => !m.forced).length >= 2) {
        return refuse("cannot-abort", "two plies have been played; resign instead");
      }
      const clock = model.clock;
      return {
        events: [
          {
            type: "ended",
            result: { reason: "abort", winners: [], scores: [] },
            clock: clock === null ? null : stop(clock, now),
          },
        ],
      };
    }
    case "rematch": {
      if (model.status !== "finished" && model.status !== "aborted") {
        return refuse("forbidden", "the match is not over");
      }
      if (model.nextMatchId !== null) return { events: [], reply: { nextMatchId: model.nextMatchId } };
      if (actor.kind !== "user") return refuse("forbidden", "only players ask for rematches");
      const mine = seatsOf(model, actor.user.id);
      const seat = mine[0];
      if (seat === undefined) return refuse("not-your-seat", "only players ask for rematches");
      const offered = draft(model, { type: "rematch-offered", seat }, now);
      const humans = model.slots.flatMap((slot, s) => (slot.kind === "human" ? [s] : []));
      const all = humans.every((s) => offered.rematchOffers.includes(s));
      return all
        ? { events: [{ type: "rematch-offered", seat }], rematch: true }
        : { events: [{ type: "rematch-offered", seat }], reply: { nextMatchId: null } };
    }
    case "credit": {
      if (model.status !== "live" || model.clock === null) return { events: [] };
      const running = model.clock.running;
      const creditsMs = model.slots.map((_, seat) =>
        Math.min(Math.max(0, command.awayMs), seat === running ? command.toMoveCapMs : command.othersCapMs),
      );
      return {
        events: [
          {
            type: "clock-credited",
            creditsMs,
            clock: credit(model.clock, creditsMs, now),
            why: command.why,
          },
        ],
      };
    }
  }
}

/** Decides what a command does to a match: the events to append, or a refusal. Pure. */
export function decide(model: MatchModel, command: Command, ctx: DecideContext): Decided {
  return decideInner(model, command, ctx);
}

export function isRefusal(decided: Decided): decided is Failure {
  return "ok" in decided;
}
