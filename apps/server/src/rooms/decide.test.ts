import { type GameId, getGame } from "@arena/engine/registry";
import {
  commitmentOf,
  playOpening,
  DRAW_OFFER_GAP_PLIES,
  evolve,
  initialModel,
  type MatchModel,
  rollsAt,
  snapshotOf,
  NOBODY_CONNECTED,
  startSeedOf,
  vacated,
} from "@arena/match";
import {
  asMatchId,
  asMillis,
  asVersion,
  type ErrorCode,
  type MatchEvent,
  type MatchEventType,
  type RepeatableEvent,
  type SeatSpec,
  type TimeControl,
  type UserRef,
} from "@arena/protocol";
import { describe, expect, it } from "vitest";
import {
  type Actor,
  COMMAND_TYPES,
  type Command,
  type CommandType,
  decide,
  isRefusal,
  REPEAT_CAPS,
} from "./decide.js";

const ada = { id: "u_ada", name: "Ada" } as UserRef;
const bob = { id: "u_bob", name: "Bob" } as UserRef;
const carol = { id: "u_carol", name: "Carol" } as UserRef;
const user = (u: UserRef, inviteOk = false): Actor => ({ kind: "user", user: u, inviteOk });
const SYSTEM: Actor = { kind: "system" };
const tc = { baseMs: 60_000, incrementMs: 0 };
const SECRET = "a1".repeat(32);

function apply(model: MatchModel, events: readonly MatchEvent[], at: number): MatchModel {
  return events.reduce(
    (m, event) => evolve(m, { version: asVersion(m.version + 1), at: asMillis(at), event }),
    model,
  );
}

interface Run {
  readonly model: MatchModel;
  readonly events: readonly MatchEvent[];
  readonly refusal: { readonly code: ErrorCode } | null;
  readonly reply: unknown;
}

function run(model: MatchModel, actor: Actor, command: Command, now: number, gone: number[] = []): Run {
  const decided = decide(model, command, {
    now,
    actor,
    gone: new Set(gone),
    maxAiLevel: 7,
    secret: SECRET,
  });
  if (isRefusal(decided)) return { model, events: [], refusal: decided, reply: undefined };
  return {
    model: apply(model, decided.events, now),
    events: decided.events,
    refusal: decided.refusal ?? null,
    reply: decided.reply,
  };
}

function created(
  gameId: GameId,
  seats: SeatSpec[],
  input: unknown = {},
  timeControl: TimeControl = tc,
): MatchModel {
  // The log holds options as the game parsed them (defaults filled in).
  const options = getGame(gameId).parseOptions(input);
  if (!options.ok) throw new Error(options.error.message);
  return initialModel(asMatchId("m1"), {
    version: asVersion(1),
    at: asMillis(0),
    event: {
      type: "created",
      gameId,
      options: options.value,
      timeControl,
      seats,
      rated: false,
      visibility: "public",
      host: ada,
      commitment: commitmentOf(SECRET),
    },
  });
}

/** A waiting Othello room: Ada (the host) at seat 0, seat 1 as asked. */
function waiting(second: SeatSpec = { kind: "open" }): MatchModel {
  return run(created("othello", [{ kind: "open" }, second]), user(ada), { type: "join", seat: 0 }, 0).model;
}

/** A live Othello game: Ada black (seat 0), Bob white (seat 1), nobody has moved. */
function live(): MatchModel {
  return run(waiting(), user(bob), { type: "join", seat: 1 }, 0).model;
}

/** A live game in which both sides have moved (f5 d6), Ada to move. */
function underway(): MatchModel {
  let model = live();
  model = run(model, user(ada), { type: "move", move: "f5" }, 1_000).model;
  return run(model, user(bob), { type: "move", move: "d6" }, 2_000).model;
}

/** `plies` more plies from `model`, each side playing its first legal move as it comes to move. */
function played(model: MatchModel, plies: number): MatchModel {
  let current = model;
  for (let i = 0; i < plies; i++) {
    const seat = current.game.toMove(current.state)[0];
    const mover = seat === 0 ? ada : bob;
    const first = current.game.legalMoves(current.state)[0];
    if (first === undefined) throw new Error("no legal move");
    const move = current.game.formatMove(current.state, first);
    current = run(current, user(mover), { type: "move", move }, 3_000).model;
  }
  return current;
}

/** `model` with `kind` already at its cap in this match. */
function atCap(model: MatchModel, kind: RepeatableEvent): MatchModel {
  return { ...model, repeats: { ...model.repeats, [kind]: REPEAT_CAPS[kind].cap } };
}

/** Ada (seat 0) against the computer, after f5 and the computer's d6: Ada to move. */
function againstAi(): MatchModel {
  let model = waiting({ kind: "ai", level: 1 });
  model = run(model, user(ada), { type: "move", move: "f5" }, 1_000).model;
  return run(model, { kind: "ai", seat: 1 }, { type: "move", move: "d6" }, 2_000).model;
}

/** `model` as a board of an arena whose players may berserk (or, `allowed` false, may not). */
function arenaBoard(model: MatchModel, allowed = true): MatchModel {
  return { ...model, tournament: { id: "t_abcdefghi", round: 1, board: 0, berserk: allowed } };
}

/** A live two-day correspondence Othello game: Ada black (seat 0), Bob white (seat 1). */
/** A two-day correspondence game between Ada and Bob, as accounts (correspondence is for accounts). */
function correspondence(): MatchModel {
  const room = created("othello", [{ kind: "open" }, { kind: "open" }], {}, { daysPerMove: 2 });
  const joined = run(room, user({ ...ada, account: true }), { type: "join", seat: 0 }, 0).model;
  return run(joined, user({ ...bob, account: true }), { type: "join", seat: 1 }, 0).model;
}

function finished(): MatchModel {
  return run(underway(), user(ada), { type: "resign" }, 3_000).model;
}

/** A three-player Dice of Doom game, everyone human: a seat that leaves is eliminated and play goes on. */
function diceOfThree(): MatchModel {
  let model = created("dice-of-doom", [{ kind: "open" }, { kind: "open" }, { kind: "open" }], { players: 3 });
  for (const [seat, who] of [ada, bob, carol].entries())
    model = run(model, user(who), { type: "join", seat }, 0).model;
  return model;
}

const types = (r: Run): MatchEventType[] => r.events.map((e) => e.type);

interface Case {
  readonly name: string;
  readonly model: () => MatchModel;
  readonly actor: Actor;
  readonly command: Command;
  readonly now?: number;
  readonly gone?: number[];
  /** The events appended, by type (accepted cases). */
  readonly events?: MatchEventType[];
  /** The refusal's code (refused cases). */
  readonly refused?: ErrorCode;
}

const credit: Command = {
  type: "credit",
  awayMs: 15_000,
  toMoveCapMs: 20_000,
  othersCapMs: 10_000,
  why: "t",
};

/** At least one accepted and one refused case for every command type. */
const CASES: readonly Case[] = [
  {
    name: "join an open seat",
    model: waiting,
    actor: user(bob),
    command: { type: "join", seat: 1 },
    events: ["seat-joined", "started"],
  },
  {
    name: "join a taken seat",
    model: waiting,
    actor: user(bob),
    command: { type: "join", seat: 0 },
    refused: "seat-taken",
  },
  {
    name: "join an invite seat without the link",
    model: () => waiting({ kind: "invite" }),
    actor: user(bob),
    command: { type: "join", seat: 1 },
    refused: "forbidden",
  },
  {
    name: "join an invite seat with the link",
    model: () => waiting({ kind: "invite" }),
    actor: user(bob, true),
    command: { type: "join", seat: 1 },
    events: ["seat-joined", "started"],
  },
  {
    name: "join a started match",
    model: live,
    actor: user(carol),
    command: { type: "join", seat: 1 },
    refused: "room-full",
  },
  {
    name: "leave my seat",
    model: waiting,
    actor: user(ada),
    command: { type: "leave", seat: 0 },
    events: ["seat-left"],
  },
  {
    name: "leave a seat that is not mine",
    model: waiting,
    actor: user(bob),
    command: { type: "leave", seat: 0 },
    refused: "not-your-seat",
  },
  {
    name: "leave after the start",
    model: live,
    actor: user(ada),
    command: { type: "leave", seat: 0 },
    refused: "forbidden",
  },
  {
    name: "host seats an AI",
    model: waiting,
    actor: user(ada),
    command: { type: "set-ai", seat: 1, level: 3 },
    events: ["ai-set", "started"],
  },
  {
    name: "a guest seats an AI",
    model: waiting,
    actor: user(bob),
    command: { type: "set-ai", seat: 1, level: 3 },
    refused: "not-host",
  },
  {
    name: "an AI above the top level",
    model: waiting,
    actor: user(ada),
    command: { type: "set-ai", seat: 1, level: 8 },
    refused: "invalid-payload",
  },
  {
    name: "host sends an AI away",
    model: () => created("othello", [{ kind: "open" }, { kind: "ai", level: 1 }]),
    actor: user(ada),
    command: { type: "kick-ai", seat: 1 },
    events: ["ai-kicked"],
  },
  {
    name: "send away an AI that is not there",
    model: waiting,
    actor: user(ada),
    command: { type: "kick-ai", seat: 1 },
    refused: "not-found",
  },
  {
    name: "host keeps an open seat for an account by name",
    model: waiting,
    actor: user(ada),
    command: { type: "invite", seat: 1, invitee: bob, bot: false },
    events: ["seat-invited"],
  },
  {
    name: "a guest invites into someone else's room",
    model: waiting,
    actor: user(bob),
    command: { type: "invite", seat: 1, invitee: carol, bot: false },
    refused: "not-host",
  },
  {
    name: "host invites into a finished match",
    model: finished,
    actor: user(ada),
    command: { type: "invite", seat: 1, invitee: carol, bot: false },
    refused: "forbidden",
  },
  {
    name: "host invites the same account to the same seat again: nothing, nobody told",
    model: () => run(waiting(), user(ada), { type: "invite", seat: 1, invitee: bob, bot: false }, 0).model,
    actor: user(ada),
    command: { type: "invite", seat: 1, invitee: bob, bot: false },
    events: [],
  },
  {
    name: "host invites an account already invited to another seat",
    model: () =>
      run(
        created("othello", [{ kind: "open" }, { kind: "open" }]),
        { kind: "user", user: ada, inviteOk: false },
        { type: "invite", seat: 0, invitee: bob, bot: false },
        0,
      ).model,
    actor: user(ada),
    command: { type: "invite", seat: 1, invitee: bob, bot: false },
    refused: "forbidden",
  },
  {
    name: "host invites once the match has had its invitations",
    model: () => atCap(waiting(), "seat-invited"),
    actor: user(ada),
    command: { type: "invite", seat: 1, invitee: bob, bot: false },
    refused: "quota",
  },
  {
    name: "the invitee declines the seat kept for them: it is invite-only again",
    model: () => run(waiting(), user(ada), { type: "invite", seat: 1, invitee: bob, bot: false }, 0).model,
    actor: user(bob),
    command: { type: "decline", seat: 1 },
    events: ["invite-declined"],
  },
  {
    name: "someone else declines a seat kept for another",
    model: () => run(waiting(), user(ada), { type: "invite", seat: 1, invitee: bob, bot: false }, 0).model,
    actor: user(carol),
    command: { type: "decline", seat: 1 },
    refused: "forbidden",
  },
  {
    name: "host invites to a taken seat",
    model: waiting,
    actor: user(ada),
    command: { type: "invite", seat: 0, invitee: bob, bot: false },
    refused: "seat-taken",
  },
  {
    name: "host cancels",
    model: waiting,
    actor: user(ada),
    command: { type: "cancel" },
    events: ["cancelled"],
  },
  {
    name: "a guest cancels",
    model: waiting,
    actor: user(bob),
    command: { type: "cancel" },
    refused: "not-host",
  },
  {
    name: "a room whose host is gone expires",
    model: waiting,
    actor: SYSTEM,
    command: { type: "expire", online: [bob.id] },
    events: ["cancelled"],
  },
  {
    name: "a room whose host follows it on some process stays",
    model: waiting,
    actor: SYSTEM,
    command: { type: "expire", online: [ada.id] },
    events: [],
  },
  {
    name: "a started room does not expire",
    model: live,
    actor: SYSTEM,
    command: { type: "expire", online: [] },
    events: [],
  },
  {
    name: "a user expires a room",
    model: waiting,
    actor: user(bob),
    command: { type: "expire", online: [] },
    refused: "forbidden",
  },
  {
    name: "start a full room",
    model: () =>
      created("othello", [
        { kind: "ai", level: 1 },
        { kind: "ai", level: 1 },
      ]),
    actor: SYSTEM,
    command: { type: "start" },
    events: ["started"],
  },
  {
    name: "start a room with open seats: nothing",
    model: waiting,
    actor: SYSTEM,
    command: { type: "start" },
    events: [],
  },
  {
    name: "a legal move",
    model: live,
    actor: user(ada),
    command: { type: "move", move: "f5" },
    events: ["moved"],
  },
  {
    name: "an illegal move",
    model: live,
    actor: user(ada),
    command: { type: "move", move: "a1" },
    refused: "illegal-move",
  },
  {
    name: "a move out of turn",
    model: live,
    actor: user(bob),
    command: { type: "move", move: "f5" },
    refused: "wrong-seat",
  },
  {
    name: "a spectator's move",
    model: live,
    actor: user(carol),
    command: { type: "move", move: "f5" },
    refused: "not-your-seat",
  },
  {
    name: "a move before the start",
    model: waiting,
    actor: user(ada),
    command: { type: "move", move: "f5" },
    refused: "not-started",
  },
  { name: "resign", model: underway, actor: user(bob), command: { type: "resign" }, events: ["ended"] },
  {
    name: "resign in a three-player game",
    model: diceOfThree,
    actor: user(carol),
    command: { type: "resign" },
    events: ["eliminated"],
  },
  {
    name: "resign a finished game",
    model: finished,
    actor: user(bob),
    command: { type: "resign" },
    refused: "game-over",
  },
  {
    name: "berserk before one's first move in an arena that allows it",
    model: () => arenaBoard(live()),
    actor: user(bob),
    command: { type: "berserk" },
    events: ["berserked"],
  },
  {
    name: "berserk after one's first move",
    model: () => arenaBoard(underway()),
    actor: user(ada),
    command: { type: "berserk" },
    refused: "berserk-too-late",
  },
  {
    name: "a player goes on vacation in a correspondence game",
    model: correspondence,
    actor: user(ada),
    command: { type: "vacation", userId: ada.id, on: true },
    events: ["vacation-started"],
  },
  {
    name: "the room ends a vacation whose allowance ran out",
    model: () => run(correspondence(), user(bob), { type: "vacation", userId: bob.id, on: true }, 0).model,
    actor: SYSTEM,
    command: { type: "vacation", userId: bob.id, on: false },
    events: ["vacation-ended"],
  },
  {
    name: "ending a vacation that is not running appends nothing",
    model: correspondence,
    actor: user(ada),
    command: { type: "vacation", userId: ada.id, on: false },
    events: [],
  },
  {
    name: "a vacation in a real-time game",
    model: live,
    actor: user(ada),
    command: { type: "vacation", userId: ada.id, on: true },
    refused: "not-correspondence",
  },
  {
    name: "a vacation for someone else",
    model: correspondence,
    actor: user(bob),
    command: { type: "vacation", userId: ada.id, on: true },
    refused: "forbidden",
  },
  {
    name: "berserk where the tournament does not allow it",
    model: () => arenaBoard(live(), false),
    actor: user(ada),
    command: { type: "berserk" },
    refused: "berserk-not-allowed",
  },
  {
    name: "berserk outside a tournament",
    model: live,
    actor: user(ada),
    command: { type: "berserk" },
    refused: "berserk-not-allowed",
  },
  {
    name: "berserk twice",
    model: () => run(arenaBoard(live()), user(ada), { type: "berserk" }, 500).model,
    actor: user(ada),
    command: { type: "berserk" },
    refused: "already-berserk",
  },
  {
    name: "a spectator's berserk",
    model: () => arenaBoard(live()),
    actor: user(carol),
    command: { type: "berserk" },
    refused: "not-your-seat",
  },
  {
    name: "flag a clock that ran out",
    model: underway,
    actor: user(carol),
    command: { type: "flag" },
    now: 2_000 + 60_000 + 3_000,
    events: ["ended"],
  },
  {
    name: "flag a clock with time left",
    model: underway,
    actor: user(carol),
    command: { type: "flag" },
    now: 3_000,
    events: [],
  },
  {
    name: "flag a finished game",
    model: finished,
    actor: user(carol),
    command: { type: "flag" },
    refused: "game-over",
  },
  {
    name: "tick past the first-move window",
    model: live,
    actor: SYSTEM,
    command: { type: "tick" },
    now: 60_000,
    events: ["ended"],
  },
  {
    name: "tick with nothing due",
    model: live,
    actor: SYSTEM,
    command: { type: "tick" },
    now: 1_000,
    events: [],
  },
  {
    name: "claim a gone opponent's game",
    model: underway,
    actor: user(ada),
    command: { type: "claim", kind: "win" },
    gone: [1],
    events: ["ended"],
  },
  {
    name: "claim with nobody gone",
    model: underway,
    actor: user(ada),
    command: { type: "claim", kind: "win" },
    refused: "cannot-claim",
  },
  {
    name: "offer a draw",
    model: underway,
    actor: user(ada),
    command: { type: "draw-offer" },
    events: ["draw-offered"],
  },
  {
    name: "offer a draw while one's own offer stands",
    model: () => run(underway(), user(ada), { type: "draw-offer" }, 3_000).model,
    actor: user(ada),
    command: { type: "draw-offer" },
    refused: "draw-offer-pending",
  },
  {
    name: "offer a draw again two plies after a declined one",
    model: () => {
      const offered = run(underway(), user(ada), { type: "draw-offer" }, 3_000).model;
      return played(run(offered, user(bob), { type: "draw-decline" }, 3_000).model, 2);
    },
    actor: user(ada),
    command: { type: "draw-offer" },
    refused: "draw-offer-too-soon",
  },
  {
    name: "offer a draw again the plies after a declined one",
    model: () => {
      const offered = run(underway(), user(ada), { type: "draw-offer" }, 3_000).model;
      return played(run(offered, user(bob), { type: "draw-decline" }, 3_000).model, DRAW_OFFER_GAP_PLIES);
    },
    actor: user(ada),
    command: { type: "draw-offer" },
    events: ["draw-offered"],
  },
  {
    name: "offer a draw once the match has had its draw offers",
    model: () => atCap(underway(), "draw-offered"),
    actor: user(ada),
    command: { type: "draw-offer" },
    refused: "quota",
  },
  {
    name: "offer a draw in a three-player game",
    model: diceOfThree,
    actor: user(ada),
    command: { type: "draw-offer" },
    refused: "forbidden",
  },
  {
    name: "accept a draw",
    model: () => run(underway(), user(bob), { type: "draw-offer" }, 3_000).model,
    actor: user(ada),
    command: { type: "draw-accept" },
    events: ["ended"],
  },
  {
    name: "accept a draw nobody offered",
    model: underway,
    actor: user(ada),
    command: { type: "draw-accept" },
    refused: "no-draw-offer",
  },
  {
    name: "decline a draw",
    model: () => run(underway(), user(bob), { type: "draw-offer" }, 3_000).model,
    actor: user(ada),
    command: { type: "draw-decline" },
    events: ["draw-declined"],
  },
  {
    name: "decline a draw nobody offered",
    model: underway,
    actor: user(ada),
    command: { type: "draw-decline" },
    refused: "no-draw-offer",
  },
  {
    name: "ask for a takeback",
    model: underway,
    actor: user(ada),
    command: { type: "takeback-ask" },
    events: ["takeback-asked"],
  },
  {
    name: "ask for a takeback in a rated game",
    model: () => ({ ...underway(), rated: true }),
    actor: user(ada),
    command: { type: "takeback-ask" },
    refused: "takeback-rated",
  },
  {
    name: "ask for a takeback in a three-player game",
    model: diceOfThree,
    actor: user(ada),
    command: { type: "takeback-ask" },
    refused: "forbidden",
  },
  {
    name: "ask for a takeback while a request stands",
    model: () => run(underway(), user(bob), { type: "takeback-ask" }, 3_000).model,
    actor: user(ada),
    command: { type: "takeback-ask" },
    refused: "takeback-pending",
  },
  {
    name: "ask for a takeback before one's first move",
    model: () => run(live(), user(ada), { type: "move", move: "f5" }, 1_000).model,
    actor: user(bob),
    command: { type: "takeback-ask" },
    refused: "no-takeback",
  },
  {
    name: "ask for a takeback again right after a declined one",
    model: () => {
      const asked = run(played(underway(), 2), user(ada), { type: "takeback-ask" }, 3_000).model;
      return played(run(asked, user(bob), { type: "takeback-decline" }, 3_000).model, 1);
    },
    actor: user(ada),
    command: { type: "takeback-ask" },
    refused: "takeback-too-soon",
  },
  {
    name: "ask for a takeback once the match has had its takeback requests",
    model: () => atCap(underway(), "takeback-asked"),
    actor: user(ada),
    command: { type: "takeback-ask" },
    refused: "quota",
  },
  {
    name: "ask the computer for a takeback: it agrees at once",
    model: againstAi,
    actor: user(ada),
    command: { type: "takeback-ask" },
    events: ["takeback-asked", "taken-back"],
  },
  {
    name: "accept a takeback",
    model: () => run(underway(), user(bob), { type: "takeback-ask" }, 3_000).model,
    actor: user(ada),
    command: { type: "takeback-accept" },
    events: ["taken-back"],
  },
  {
    name: "accept one's own takeback request",
    model: () => run(underway(), user(bob), { type: "takeback-ask" }, 3_000).model,
    actor: user(bob),
    command: { type: "takeback-accept" },
    refused: "no-takeback",
  },
  {
    name: "decline a takeback",
    model: () => run(underway(), user(bob), { type: "takeback-ask" }, 3_000).model,
    actor: user(ada),
    command: { type: "takeback-decline" },
    events: ["takeback-declined"],
  },
  {
    name: "decline a takeback nobody asked for",
    model: underway,
    actor: user(ada),
    command: { type: "takeback-decline" },
    refused: "no-takeback",
  },
  {
    name: "abort before two plies",
    model: live,
    actor: user(bob),
    command: { type: "abort" },
    events: ["ended"],
  },
  {
    name: "abort after two plies",
    model: underway,
    actor: user(ada),
    command: { type: "abort" },
    refused: "cannot-abort",
  },
  {
    name: "ask for a rematch",
    model: finished,
    actor: user(ada),
    command: { type: "rematch" },
    events: ["rematch-offered"],
  },
  {
    name: "ask for a rematch again: nothing",
    model: () => run(finished(), user(ada), { type: "rematch" }, 3_000).model,
    actor: user(ada),
    command: { type: "rematch" },
    events: [],
  },
  {
    name: "ask for a rematch once the match has had its rematch offers",
    model: () => atCap(finished(), "rematch-offered"),
    actor: user(ada),
    command: { type: "rematch" },
    refused: "quota",
  },
  {
    name: "a spectator asks for a rematch",
    model: finished,
    actor: user(carol),
    command: { type: "rematch" },
    refused: "not-your-seat",
  },
  {
    name: "a rematch of a live game",
    model: underway,
    actor: user(ada),
    command: { type: "rematch" },
    refused: "forbidden",
  },
  { name: "credit downtime", model: underway, actor: SYSTEM, command: credit, events: ["clock-credited"] },
  { name: "credit a finished game: nothing", model: finished, actor: SYSTEM, command: credit, events: [] },
  {
    name: "the host closes the spectators' chat",
    model: underway,
    actor: user(ada),
    command: { type: "spectator-chat", open: false },
    events: ["spectator-chat"],
  },
  {
    name: "the host reopens it after the game",
    model: () => run(finished(), user(ada), { type: "spectator-chat", open: false }, 3_000).model,
    actor: user(ada),
    command: { type: "spectator-chat", open: true },
    events: ["spectator-chat"],
  },
  {
    name: "the host opens an open spectators' chat: nothing",
    model: underway,
    actor: user(ada),
    command: { type: "spectator-chat", open: true },
    events: [],
  },
  {
    name: "the host switches the spectators' chat once the match has had its switches",
    model: () => atCap(underway(), "spectator-chat"),
    actor: user(ada),
    command: { type: "spectator-chat", open: false },
    refused: "quota",
  },
  {
    name: "the host turns the spectators' slow mode on",
    model: underway,
    actor: user(ada),
    command: { type: "spectator-chat", open: true, slowSeconds: 30 },
    events: ["spectator-chat"],
  },
  {
    name: "the host asks for the slow mode already on: nothing",
    model: () =>
      run(underway(), user(ada), { type: "spectator-chat", open: true, slowSeconds: 30 }, 3_000).model,
    actor: user(ada),
    command: { type: "spectator-chat", open: true, slowSeconds: 30 },
    events: [],
  },
  {
    name: "a player who is not the host sets the slow mode",
    model: underway,
    actor: user(bob),
    command: { type: "spectator-chat", open: true, slowSeconds: 30 },
    refused: "not-host",
  },
  {
    name: "a player who is not the host closes the spectators' chat",
    model: underway,
    actor: user(bob),
    command: { type: "spectator-chat", open: false },
    refused: "not-host",
  },
];

describe("decide: invitations by name", () => {
  it("keeps the seat for the invitee alone, also when it is vacated again", () => {
    const model = run(waiting(), user(ada), { type: "invite", seat: 1, invitee: bob, bot: false }, 0).model;
    expect(model.slots[1]).toEqual({ kind: "invite", invitee: bob });
    expect(run(model, user(carol), { type: "join", seat: 1 }, 0).refusal?.code).toBe("forbidden");
    // The link does not open it either.
    const withLink = { kind: "user" as const, user: carol, inviteOk: true };
    expect(run(model, withLink, { type: "join", seat: 1 }, 0).refusal?.code).toBe("forbidden");
    const joined = run(model, user(bob), { type: "join", seat: 1 }, 0);
    expect(types(joined)).toEqual(["seat-joined", "started"]);
    // A seat its player leaves before the start is the invitee's again.
    expect(vacated(model.specs[1])).toEqual({ kind: "invite", invitee: bob });
    // An invitation made at creation reads the same.
    expect(waiting({ kind: "invite", invitee: bob }).slots[1]).toEqual({ kind: "invite", invitee: bob });
  });

  it("refuses a bot in a rated room", () => {
    const rated = { ...waiting(), rated: true };
    const refused = run(rated, user(ada), { type: "invite", seat: 1, invitee: bob, bot: true }, 0);
    expect(refused.refusal?.code).toBe("not-rated-eligible");
  });
});

describe("decide: every command, accepted and refused", () => {
  it("has cases for every command type, both ways", () => {
    const accepted = new Set<CommandType>(
      CASES.filter((c) => c.events !== undefined).map((c) => c.command.type),
    );
    const refusedOrIdle = new Set<CommandType>(
      CASES.filter((c) => c.refused !== undefined || c.events?.length === 0).map((c) => c.command.type),
    );
    for (const type of COMMAND_TYPES) {
      expect(accepted, `an accepted ${type}`).toContain(type);
      expect(refusedOrIdle, `a refused ${type}`).toContain(type);
    }
  });

  it.each(CASES)("$name", (c) => {
    const model = c.model();
    const result = run(model, c.actor, c.command, c.now ?? 3_000, c.gone);
    if (c.refused !== undefined) {
      expect(result.refusal).toMatchObject({ code: c.refused });
      expect(result.events).toEqual([]);
      expect(result.model).toBe(model);
    } else {
      expect(result.refusal).toBeNull();
      expect(types(result)).toEqual(c.events);
    }
  });
});

describe("takebacks", () => {
  it("take back to the asker's turn: the opponent's reply and the asker's move, as lichess does", () => {
    const model = played(underway(), 1); // f5 d6, then Ada's third ply: Bob to move
    const asked = run(model, user(ada), { type: "takeback-ask" }, 4_000).model;
    const taken = run(asked, user(bob), { type: "takeback-accept" }, 5_000);
    expect(taken.events.map((e) => e.type === "taken-back" && e.plies)).toEqual([1]);
    expect(taken.model.moves.length).toBe(2);
    expect(taken.model.state).toEqual(underway().state);
    const byBob = run(
      run(model, user(bob), { type: "takeback-ask" }, 4_000).model,
      user(ada),
      { type: "takeback-accept" },
      5_000,
    );
    expect(byBob.model.moves.length).toBe(1);
    expect(byBob.model.game.toMove(byBob.model.state)).toEqual([1]);
  });

  it("charge the seat on move its time, give none back and run the asker's clock", () => {
    const model = played(underway(), 1); // Bob's clock runs from 3 000
    const asked = run(model, user(ada), { type: "takeback-ask" }, 4_000).model;
    const taken = run(asked, user(bob), { type: "takeback-accept" }, 7_000).model;
    const before = model.clock;
    if (taken.clock === null || before === null) throw new Error("no clock");
    expect(taken.clock.running).toBe(0);
    expect(taken.clock.runningSince).toBe(7_000);
    expect(taken.clock.remainingMs[1]).toBe((before.remainingMs[1] ?? 0) - 4_000);
    expect(taken.clock.remainingMs[0]).toBe(before.remainingMs[0]);
  });

  it("refuse a move based on the position before the takeback as stale", () => {
    const asked = run(played(underway(), 1), user(ada), { type: "takeback-ask" }, 4_000).model;
    const taken = run(asked, user(bob), { type: "takeback-accept" }, 5_000).model;
    expect(taken.positionVersion).toBe(taken.version);
    expect(asked.positionVersion).toBeLessThan(taken.positionVersion);
  });
});

describe("decide", () => {
  it("hands back the model after a move and what follows, equal to folding its events", () => {
    // The room takes `next` instead of folding the events again: it must be exactly that fold, through
    // passes and the end of the game. The last legal move each time makes a longer, pass-rich game.
    let model = live();
    let now = 1_000;
    let moves = 0;
    while (model.status === "live") {
      const legal = model.game.legalMoves(model.state);
      const move = model.game.formatMove(model.state, legal[legal.length - 1]);
      const seat = model.clock?.running ?? 0;
      const decided = decide(
        model,
        { type: "move", move },
        { now, actor: user(seat === 0 ? ada : bob), gone: new Set(), maxAiLevel: 1, secret: SECRET },
      );
      if (isRefusal(decided)) throw new Error(`refused ${move}: ${decided.message}`);
      const folded = apply(model, decided.events, now);
      expect(decided.next).toEqual(folded);
      model = folded;
      now += 500;
      moves++;
    }
    expect(model.status).toBe("finished");
    expect(moves).toBeGreaterThan(20);
  });

  it("starts when the last seat fills, and refuses a second seat for one user", () => {
    expect(live().status).toBe("live");
    expect(live().clock?.running).toBe(0);
    const seated = waiting();
    expect(run(seated, user(ada), { type: "join", seat: 1 }, 0).refusal).toMatchObject({ code: "forbidden" });
  });

  it("gives a vacated invite-only seat back to the invitation, not to anyone", () => {
    const room = created("othello", [{ kind: "invite" }, { kind: "open" }]);
    const sat = run(room, user(bob, true), { type: "join", seat: 0 }, 0).model;
    const left = run(sat, user(bob), { type: "leave", seat: 0 }, 0).model;
    expect(left.slots[0]).toEqual({ kind: "invite" });
    expect(run(left, user(carol), { type: "join", seat: 0 }, 0).refusal).toMatchObject({ code: "forbidden" });
    expect(run(left, user(bob, true), { type: "join", seat: 0 }, 0).model.slots[0]).toEqual({
      kind: "human",
      user: bob,
    });
  });

  it("aborts a first move that comes after the window", () => {
    const late = run(live(), user(ada), { type: "move", move: "f5" }, 60_000);
    expect(late.refusal).toMatchObject({ code: "game-over" });
    expect(late.model.status).toBe("aborted");
  });

  it("ends a game as a time loss when a move comes after the flag fell, and applies no move", () => {
    const model = underway();
    const late = run(model, user(ada), { type: "move", move: "c3" }, 2_000 + 60_000 + 3_000);
    expect(late.refusal).toMatchObject({ code: "game-over" });
    expect(late.model.result).toMatchObject({ reason: "timeout", winners: [1], scores: [0, 64] });
    expect(late.model.moves.length).toBe(model.moves.length);
  });

  it("turns a claim before both sides moved into an abort", () => {
    const claimed = run(live(), user(ada), { type: "claim", kind: "win" }, 1000, [1]);
    expect(claimed.model.result).toEqual({ reason: "abort", winners: [], scores: [] });
  });

  it("scores a forfeit with the game's forfeit score: Othello's 64–0", () => {
    expect(run(underway(), user(bob), { type: "resign" }, 3_000).model.result).toEqual({
      reason: "resign",
      winners: [0],
      scores: [64, 0],
    });
  });

  it("appends nothing for a repeated rematch offer, but makes the rematch if everyone had asked", () => {
    const asked = run(finished(), user(ada), { type: "rematch" }, 3_000);
    expect(types(asked)).toEqual(["rematch-offered"]);
    const again = decide(
      asked.model,
      { type: "rematch" },
      { now: 3_000, actor: user(ada), gone: new Set(), maxAiLevel: 7, secret: SECRET },
    );
    expect(again).toEqual({ events: [], reply: { nextMatchId: null } });
    // Both asked, and the rematch's creation failed (no `rematch` event): asking again makes it.
    const both = run(asked.model, user(bob), { type: "rematch" }, 3_000).model;
    const retry = decide(
      both,
      { type: "rematch" },
      { now: 3_000, actor: user(bob), gone: new Set(), maxAiLevel: 7, secret: SECRET },
    );
    expect(retry).toEqual({ events: [], rematch: true });
  });

  it("sorts draw offers and clears them on a move", () => {
    let model = underway();
    model = run(model, user(bob), { type: "draw-offer" }, 3_000).model;
    expect(model.drawOffers).toEqual([1]);
    model = run(model, user(ada), { type: "move", move: "c3" }, 4_000).model;
    expect(model.drawOffers).toEqual([]);
  });

  it("fills a move's lag quota by the fixed gain, whatever the client claims (§2)", () => {
    // 1+0: gain 390 ms, start quota 1,170 ms. Ada moves 4 s after Bob: the quota pays what she claims up to
    // what it holds, then gains 390 ms; the claim never raises the ceiling.
    const quotaAfter = (command: Command) => {
      const decided = decide(underway(), command, {
        now: 6_000,
        actor: user(ada),
        gone: new Set(),
        maxAiLevel: 7,
        secret: SECRET,
      });
      if (isRefusal(decided)) throw new Error(decided.message);
      const moved = decided.events[0];
      return moved?.type === "moved" ? moved.clock.quotaMs[0] : undefined;
    };
    const move: Command = { type: "move", move: "c3", lagMs: 5_000 };
    expect(quotaAfter(move)).toBe(390);
    expect(quotaAfter({ ...move, lagMs: 60_000 })).toBe(390);
    expect(quotaAfter({ ...move, lagMs: 100 })).toBe(1_170 - 100 + 390);
    expect(quotaAfter({ ...move, lagMs: 0 })).toBe(1_170 + 390);
  });

  it("credits a takeover's downtime by who is to move in the model it decides on, capped per seat", () => {
    const model = run(live(), user(ada), { type: "move", seat: 0, move: "f5" }, 1_000).model;
    expect(model.clock?.running).toBe(1);
    const decided = decide(model, credit, {
      now: 2_000,
      actor: SYSTEM,
      gone: new Set(),
      maxAiLevel: 1,
      secret: SECRET,
    });
    expect(isRefusal(decided) ? null : decided.events[0]).toMatchObject({
      type: "clock-credited",
      creditsMs: [10_000, 15_000],
    });
  });

  it("replies to a flag whether it fell", () => {
    expect(run(underway(), user(carol), { type: "flag" }, 3_000).reply).toEqual({ flagged: false });
    expect(run(underway(), user(carol), { type: "flag" }, 70_000).reply).toEqual({ flagged: true });
  });
});

describe("hidden randomness (docs/protocol.md)", () => {
  /** A live two-seat Dice of Doom game with the chance rules, Ada to move; `secret` drew its board. */
  function chanceGame(secret: string): MatchModel {
    const room = created("dice-of-doom", [{ kind: "open" }, { kind: "open" }], { rules: "chance", size: 4 });
    const decideWith = (model: MatchModel, who: UserRef, seat: number) => {
      const decided = decide(
        model,
        { type: "join", seat },
        { now: 0, actor: user(who), gone: new Set(), maxAiLevel: 7, secret },
      );
      if (isRefusal(decided)) throw new Error(decided.message);
      return apply(model, decided.events, 0);
    };
    return decideWith(decideWith(room, ada, 0), bob, 1);
  }

  it("draws the start position from the secret: nothing public said what it would be", () => {
    const game = getGame("dice-of-doom");
    const options = game.parseOptions({ rules: "chance", size: 4 });
    if (!options.ok) throw new Error(options.error.message);
    const model = chanceGame(SECRET);
    expect(game.serialize(model.start)).toEqual(
      game.serialize(game.initial(options.value, startSeedOf(SECRET))),
    );
    expect(game.serialize(chanceGame("b2".repeat(32)).start)).not.toEqual(game.serialize(model.start));
  });

  it("rolls a chance attack's dice from the secret at its ply, and the same public match rolls otherwise under another secret", () => {
    const model = chanceGame(SECRET);
    const game = model.game;
    const attacks = game.legalMoves(model.state);
    expect(attacks.length).toBeGreaterThan(0);
    // One public match (the very same model, so the same snapshot), two secrets: the server's only source
    // of dice is the secret, so what anyone could compute from the match cannot say what is rolled.
    const other = "c3".repeat(32);
    const view = { presence: () => NOBODY_CONNECTED, viewers: 0, now: 1_000 };
    const publicView = JSON.stringify(snapshotOf(model, view));
    expect(publicView).not.toContain(SECRET);
    let differ = 0;
    for (const attack of attacks) {
      const move = game.formatMove(model.state, attack);
      const rolled = (secret: string) => {
        const decided = decide(
          model,
          { type: "move", move },
          { now: 1_000, actor: user(ada), gone: new Set(), maxAiLevel: 7, secret },
        );
        if (isRefusal(decided)) throw new Error(decided.message);
        const event = decided.events[0];
        if (event?.type !== "moved") throw new Error("no move");
        return event.rolls;
      };
      const mine = rolled(SECRET);
      const faces = game.diceFor?.(model.state, attack) ?? [];
      expect(mine).toEqual(rollsAt(SECRET, 0, faces));
      expect(mine).toHaveLength(faces.length);
      if (JSON.stringify(rolled(other)) !== JSON.stringify(mine)) differ++;
    }
    expect(differ).toBeGreaterThan(0);
  });

  it("records no dice for a move without chance, and reveals the secret in every ended event", () => {
    const model = underway();
    const moved = run(model, user(ada), { type: "move", move: "c3" }, 3_000).events[0];
    expect(moved).toMatchObject({ type: "moved" });
    expect(moved).not.toHaveProperty("rolls");
    const ends = [
      run(model, user(bob), { type: "resign" }, 3_000),
      run(
        run(model, user(bob), { type: "draw-offer" }, 3_000).model,
        user(ada),
        { type: "draw-accept" },
        3_000,
      ),
      run(live(), user(ada), { type: "abort" }, 1_000),
      run(model, user(carol), { type: "flag" }, 70_000),
    ];
    for (const end of ends) {
      const event = end.events.find((e) => e.type === "ended");
      expect(event).toMatchObject({ type: "ended", secret: SECRET });
      expect(end.model.revealedSecret).toBe(SECRET);
    }
    expect(model.revealedSecret).toBeNull();
  });
});

describe("decide: a tournament pair's opening", () => {
  it("starts the game after the opening: the start position, the clock and the first move are the next seat's", () => {
    // Othello's parallel opening f5 f6, then e6 f4: Black (seat 0) is to move after four plies.
    const opened = { ...waiting(), opening: ["f5", "f6", "e6", "f4"] };
    const started = run(opened, user(bob), { type: "join", seat: 1 }, 0).model;
    const othello = getGame("othello");
    const expected = playOpening(othello, othello.initial(started.options, 0), opened.opening);
    expect(othello.serialize(started.start as never)).toEqual(othello.serialize(expected as never));
    expect(started.moves.length).toBe(0);
    expect(started.clock?.running).toBe(0);
    expect(run(started, user(ada), { type: "move", move: "e3" }, 1_000).refusal).toBeNull();
    expect(run(started, user(ada), { type: "move", move: "f5" }, 1_000).refusal?.code).toBe("illegal-move");
  });
});
