import { type MatchModel } from "@arena/match";
import {
  type CommandType,
  type Command,
  type DecideContext,
  type Decided,
  type Decider,
} from "./decide/types.js";
import { isRefusal, overCap, refuse, REPEAT_CAPS } from "./decide/common.js";
import { OFFER_DECIDERS } from "./decide/offers.js";
import { PLAY_DECIDERS } from "./decide/play.js";
import { SEATING_DECIDERS } from "./decide/seating.js";

export * from "./decide/types.js";
export { isRefusal, REPEAT_CAPS } from "./decide/common.js";

/** The one table of deciders: every command type has exactly one (checked at compile time). */
const DECIDERS: { readonly [T in CommandType]: Decider<T> } = {
  ...SEATING_DECIDERS,
  ...PLAY_DECIDERS,
  ...OFFER_DECIDERS,
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
