import {
  activeSeats,
  choicePlies,
  createClock,
  credit,
  DRAW_OFFER_GAP_PLIES,
  evolve,
  firstMoveDeadline,
  flag as flagClock,
  goneAfterMs,
  handOver,
  isEliminated,
  type MatchModel,
  openSeats,
  outOfTime,
  pass,
  pliesUntilDrawOffer,
  pliesUntilTakeback,
  remainingAt,
  rollsAt,
  seatOrderOf,
  startSeedOf,
  seatToMove,
  seatsOf,
  step,
  stop,
  TAKEBACK_GAP_PLIES,
  takebackPlies,
  takebacksAllowed,
} from "@arena/match";
import {
  type Ack,
  asMillis,
  asVersion,
  type ClockState,
  type ErrorCode,
  type Failure,
  failure,
  type MatchEvent,
  type MatchId,
  type MatchResult,
  type RepeatableEvent,
  type UserRef,
  type Version,
} from "@arena/protocol";
import { botNotRated } from "../ratings/eligibility.js";
import { pendingSeat } from "./invitations.js";

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
  /** `invitee`: the account the host named, resolved by the route (`bot`: whether it is a bot account). */
  | { readonly type: "invite"; readonly seat: number; readonly invitee: UserRef; readonly bot: boolean }
  /** The invitee declines the seat kept for them (docs/protocol.md, "Invitations by name"). */
  | { readonly type: "decline"; readonly seat: number }
  | { readonly type: "cancel" }
  /**
   * A waiting room whose host has been gone a while expires (docs/protocol.md, "Quotas"), unless the host
   * is following it on some process after all (`online`: users following the match on every process).
   */
  | { readonly type: "expire"; readonly online: readonly string[] }
  /** Starts a room whose seats were all filled at creation (all AI, or a rematch). */
  | { readonly type: "start" }
  | {
      readonly type: "move";
      readonly seat?: number | undefined;
      readonly move: string;
      readonly clientMs?: number | undefined;
      readonly lagMs?: number | undefined;
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
  | { readonly type: "takeback-ask"; readonly seat?: number | undefined }
  | { readonly type: "takeback-accept"; readonly seat?: number | undefined }
  | { readonly type: "takeback-decline"; readonly seat?: number | undefined }
  | { readonly type: "abort"; readonly seat?: number | undefined }
  | { readonly type: "rematch" }
  | { readonly type: "tick" }
  | {
      /**
       * Time nobody ran the match (docs/clocks.md §7), credited up to a cap: the seat to move gets up to
       * `toMoveCapMs`, the others up to `othersCapMs`. Who is to move is read here, on the caught-up
       * model, not by the caller (a process taking over may hold a stale copy).
       */
      readonly type: "credit";
      readonly awayMs: number;
      readonly toMoveCapMs: number;
      readonly othersCapMs: number;
      readonly why: string;
    }
  /** The host opens or closes the spectators' chat channel (docs/protocol.md, "Chat"). */
  | { readonly type: "spectator-chat"; readonly open: boolean; readonly slowSeconds?: number };

export type CommandType = Command["type"];
export const COMMAND_TYPES = [
  "join",
  "leave",
  "set-ai",
  "kick-ai",
  "invite",
  "decline",
  "cancel",
  "expire",
  "start",
  "move",
  "resign",
  "flag",
  "claim",
  "draw-offer",
  "draw-accept",
  "draw-decline",
  "takeback-ask",
  "takeback-accept",
  "takeback-decline",
  "abort",
  "rematch",
  "tick",
  "credit",
  "spectator-chat",
] as const satisfies readonly CommandType[];

/** What every event a decision writes may depend on besides the model: the time and the match's secret. */
export interface Moment {
  readonly now: number;
  /**
   * The match's secret (docs/protocol.md, "Hidden randomness"): it draws the start position and the dice
   * of every move with chance, and the `ended` event reveals it.
   */
  readonly secret: string;
}

export interface DecideContext extends Moment {
  readonly actor: Actor;
  /** Seats whose players count as gone (docs/clocks.md §6), from the room's presence tracking. */
  readonly gone: ReadonlySet<number>;
  readonly maxAiLevel: number;
}

/** What a command answers besides the version, for the commands that say more. */
export interface Reply {
  /** `flag`: whether the check found the running seat out of time. */
  readonly flagged?: boolean;
  /** `rematch`: the rematch's id once everyone agreed, else null. */
  readonly nextMatchId?: MatchId | null;
  /** `invite`: whether the invitee is to be told (false: the same invitation stands already). */
  readonly notify?: boolean;
}

export interface Decision {
  readonly events: readonly MatchEvent[];
  /** A refusal that still has effects (a move after the flag fell ends the game, and is refused). */
  readonly refusal?: Failure;
  readonly reply?: Reply;
  /** Every seated player wants a rematch: the room creates it. */
  readonly rematch?: true;
  /**
   * The model after `events`, when deciding already folded them (a move and what follows): the room
   * takes it instead of folding the same events a second time.
   */
  readonly next?: MatchModel;
}

export type Decided = Decision | Failure;

/** How a room answers a command once it has run: the version reached and the reply, or a refusal. */
export type CommandAck = Ack<{ readonly version: Version } & Reply>;

const refuse = (code: ErrorCode, message: string): Failure => failure(code, message);

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

const NO_EVENTS: Decision = { events: [] };

export function isRefusal(decided: Decided): decided is Failure {
  return "ok" in decided;
}

/**
 * Applies a draft event to a model with the version and time the room will append it with (to decide
 * what follows). `played` is the position after a "moved" event, when the caller has it already.
 */
function draft(model: MatchModel, event: MatchEvent, now: number, played?: unknown): MatchModel {
  return evolve(model, { version: asVersion(model.version + 1), at: asMillis(now), event }, played);
}

// ——— The end of a game, written once ———

/** Every end of a game reveals the match's secret, so that anyone can verify it (`verifyMatch`). */
function ended(result: MatchResult, clock: ClockState | null, at: Moment): MatchEvent {
  return { type: "ended", result, clock, secret: at.secret };
}

/** No result: the game ended before it began (docs/clocks.md §4, §6). */
function aborted(clock: ClockState | null, at: Moment): MatchEvent {
  return ended({ reason: "abort", winners: [], scores: [] }, clock, at);
}

/** Every seat still in the game shares the result. */
function drawn(model: MatchModel, reason: "draw-agreed" | "abandon", at: Moment): MatchEvent {
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
function withConsequences(model: MatchModel, first: readonly MatchEvent[], at: Moment): MatchEvent[] {
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

function start(model: MatchModel, ctx: DecideContext): MatchEvent[] {
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
function afterSeating(model: MatchModel, event: MatchEvent, ctx: DecideContext): Decision {
  const next = draft(model, event, ctx.now);
  return { events: openSeats(next) === 0 ? [event, ...start(next, ctx)] : [event] };
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
function livePlayer(
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

/** Two-seat games (Othello, Connect-k) may end in an agreed draw. */
function drawsAllowed(model: MatchModel): boolean {
  return model.slots.length === 2;
}

// ——— One decider per command ———

type Decider<T extends CommandType> = (
  model: MatchModel,
  command: Extract<Command, { type: T }>,
  ctx: DecideContext,
) => Decided;

const DECIDERS: { readonly [T in CommandType]: Decider<T> } = {
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
      if (left < goneAfterMs(model.timeControl, false)) {
        return refuse("cannot-claim", "the gone player's clock runs out first; wait for the flag");
      }
    }
    if (command.kind === "draw") return { events: [drawn(model, "abandon", ctx)] };
    return { events: forfeit(model, gone, "abandon", ctx) };
  },

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

  credit(model, command, ctx) {
    if (model.status !== "live" || model.clock === null) return NO_EVENTS;
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
 * The server's flag timer (`tick`) and anyone's `flag`: a first-move window that closed aborts the game;
 * a running seat out of time (§3, with grace unless a player claims their own flag) loses on time.
 */
function checkClock(model: MatchModel, clock: ClockState, ctx: DecideContext): Decision {
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

/** The kind of event, if any, that `events` would take past its cap in this match (`REPEAT_CAPS`). */
function overCap(model: MatchModel, events: readonly MatchEvent[]): RepeatableEvent | null {
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

/** Decides what a command does to a match: the events to append, or a refusal. Pure. */
export function decide(model: MatchModel, command: Command, ctx: DecideContext): Decided {
  const decider = DECIDERS[command.type] as Decider<CommandType>;
  const decided = decider(model, command, ctx);
  // A move appends no repeatable kind (moves, passes, the end): the hot path skips the count.
  if (isRefusal(decided) || command.type === "move") return decided;
  const capped = overCap(model, decided.events);
  if (capped === null) return decided;
  const { cap, what } = REPEAT_CAPS[capped];
  return refuse("quota", `this match has had its ${cap} ${what}; no more are taken`);
}
