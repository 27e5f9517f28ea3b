import { type MatchModel } from "@arena/match";
import { type MatchEvent, type RepeatableEvent } from "@arena/protocol";
import {
  type CommandType,
  type Command,
  type DecideContext,
  type Decided,
  type Decider,
  isRefusal,
  refuse,
} from "./decide/types.js";
import { BERSERK_DECIDERS } from "./decide/berserk.js";
import { VACATION_DECIDERS } from "./decide/vacation.js";
import { OFFER_DECIDERS } from "./decide/offers.js";
import { PLAY_DECIDERS } from "./decide/play.js";
import { SEATING_DECIDERS } from "./decide/seating.js";

export * from "./decide/types.js";

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

/** The one table of deciders: every command type has exactly one (checked at compile time). */
const DECIDERS: { readonly [T in CommandType]: Decider<T> } = {
  ...SEATING_DECIDERS,
  ...PLAY_DECIDERS,
  ...OFFER_DECIDERS,
  ...BERSERK_DECIDERS,
  ...VACATION_DECIDERS,
};

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
