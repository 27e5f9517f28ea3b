import { endVacation, isCorrespondenceClock, onVacation, seatsOf, startVacation } from "@arena/match";
import { type MatchEvent } from "@arena/protocol";
import { type Deciders, NO_EVENTS, refuse } from "./types.js";

/**
 * A player goes on vacation or comes back (docs/clocks.md, "Vacation"): every seat they hold in this live
 * correspondence match stands still or runs again. The account's allowance is decided before, by the
 * vacation service, which sends this to each of the user's live games (as the user, or as the room itself
 * when the allowance runs out); a seat already in the asked state appends nothing.
 */
export const VACATION_DECIDERS: Deciders<"vacation"> = {
  vacation(model, command, ctx) {
    const { actor, now } = ctx;
    if (actor.kind === "ai" || (actor.kind === "user" && actor.user.id !== command.userId))
      return refuse("forbidden", "only the player may start or end their vacation");
    const clock = model.clock;
    if (model.status !== "live" || clock === null) return refuse("not-started", "the match is not live");
    if (!isCorrespondenceClock(clock))
      return refuse("not-correspondence", "a vacation stops correspondence clocks only");
    const seats = seatsOf(model, command.userId);
    if (seats.length === 0) return refuse("not-your-seat", "you do not play in this match");
    const events: MatchEvent[] = [];
    let at = clock;
    for (const seat of seats) {
      if (onVacation(at, seat) === command.on) continue;
      at = command.on ? startVacation(at, seat, now) : endVacation(at, seat, now);
      events.push({ type: command.on ? "vacation-started" : "vacation-ended", seat, clock: at });
    }
    return events.length === 0 ? NO_EVENTS : { events };
  },
};
