import { type MatchModel } from "@arena/match";
import {
  type Ack,
  type ErrorCode,
  type Failure,
  failure,
  type MatchEvent,
  type MatchId,
  type UserId,
  type UserRef,
  type Version,
} from "@arena/protocol";

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
  /** A tournament player halves their time before their first move (docs/tournaments.md, "Berserk"). */
  | { readonly type: "berserk"; readonly seat?: number | undefined }
  /** The user's seats stand still or run again for their vacation (docs/clocks.md, "Vacation"). */
  | { readonly type: "vacation"; readonly userId: UserId; readonly on: boolean }
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
  "berserk",
  "vacation",
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

export type Decider<T extends CommandType> = (
  model: MatchModel,
  command: Extract<Command, { type: T }>,
  ctx: DecideContext,
) => Decided;

/** The deciders of a group of command types (the one table in rooms/decide.ts joins the groups). */
export type Deciders<K extends CommandType> = { readonly [T in K]: Decider<T> };

export const refuse = (code: ErrorCode, message: string): Failure => failure(code, message);

export const NO_EVENTS: Decision = { events: [] };

export function isRefusal(decided: Decided): decided is Failure {
  return "ok" in decided;
}
