import {
  activeSeats,
  credit,
  firstMoveDeadline,
  goneAfterMs,
  remainingAt,
  seatToMove,
  step,
  stop,
} from "@arena/match";
import { type MatchEvent } from "@arena/protocol";
import { type Deciders } from "./types.js";
import {
  refuse,
  NO_EVENTS,
  draft,
  aborted,
  drawn,
  rollsFor,
  consequences,
  forfeit,
  livePlayer,
  checkClock,
} from "./common.js";

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
      if (left < goneAfterMs(model.timeControl, false)) {
        return refuse("cannot-claim", "the gone player's clock runs out first; wait for the flag");
      }
    }
    if (command.kind === "draw") return { events: [drawn(model, "abandon", ctx)] };
    return { events: forfeit(model, gone, "abandon", ctx) };
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
