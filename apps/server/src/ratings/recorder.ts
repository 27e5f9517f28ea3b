import { type MatchModel, speedOf } from "@arena/match";
import { type GameOutcome, type RatingChange } from "@arena/protocol";
import { type Logger } from "pino";
import {
  type FinishedGame,
  type FinishedSeat,
  type PlayerStore,
  type RateFn,
} from "../store/ports/players.js";
import { everySeatMoved } from "./eligibility.js";
import { INITIAL, asOf, rateGame } from "./glicko2.js";
import { damped, earlierPairings, repeatWeight } from "./repeats.js";

/** The score of a seat in a finished game: 1, ½ or 0. */
function scoreOf(outcome: GameOutcome): number {
  return outcome === "win" ? 1 : outcome === "draw" ? 0.5 : 0;
}

/** Each seat's outcome: every seat a winner is a draw; otherwise winners win and the rest lose. */
function outcomeOf(model: MatchModel, seat: number): GameOutcome {
  const winners = model.result?.winners ?? [];
  if (winners.length === model.slots.length) return "draw";
  return winners.includes(seat) ? "win" : "loss";
}

/**
 * Records every finished game in its human players' histories and rates the rated ones (docs/architecture.md,
 * "Ratings"): only a game that finished (never an abort or a cancelled room) after both seats had moved,
 * marked rated by its host, with two different users in its two seats, both accounts and neither a bot —
 * checked again here against the store, whatever the room allowed. A repeated pairing's changes are damped
 * (`repeats.ts`). Called by every process that sees the end; the store records each match id once.
 */
export class GameRecorder {
  constructor(
    private readonly store: PlayerStore,
    private readonly logger: Logger,
  ) {}

  /** What the store was asked to record (null: nothing to record), without recording it. */
  async plan(model: MatchModel): Promise<FinishedGame | null> {
    if (model.status !== "finished" || model.result === null || model.result.reason === "abort") return null;
    const seats: FinishedSeat[] = model.slots.flatMap((slot, seat) =>
      slot.kind === "human"
        ? [{ seat, userId: slot.user.id, name: slot.user.name, outcome: outcomeOf(model, seat) }]
        : [],
    );
    if (seats.length === 0) return null;
    const [a, b] = seats;
    let rated =
      model.rated &&
      seats.length === 2 &&
      model.slots.length === 2 &&
      a !== undefined &&
      b !== undefined &&
      everySeatMoved(model);
    if (rated && a !== undefined && b !== undefined) {
      const accounts = await Promise.all([
        this.store.accountById(a.userId),
        this.store.accountById(b.userId),
      ]);
      rated = a.userId !== b.userId && accounts.every((account) => account !== null && !account.bot);
    }
    return {
      matchId: model.matchId,
      gameId: model.gameId,
      speed: speedOf(model.timeControl),
      endedAt: model.lastEventAt,
      rated,
      seats,
    };
  }

  /** Records the game; the changes it made, or null when there was nothing to do or it was recorded already. */
  async record(model: MatchModel): Promise<readonly RatingChange[] | null> {
    const game = await this.plan(model);
    if (game === null) return null;
    const scores = game.seats.map((seat) => scoreOf(seat.outcome));
    const [first, second] = game.seats;
    const weight =
      game.rated && first !== undefined && second !== undefined
        ? repeatWeight(
            await earlierPairings(this.store, first.userId, second.name, game.matchId, game.endedAt),
          )
        : 1;
    // Each player's RD as of the game's end: time away since their last rated game makes it less certain.
    const rate: RateFn = (before) => {
      const [a = INITIAL, b = INITIAL] = before.map((rating) =>
        rating === null ? INITIAL : asOf(rating, rating.ratedAt ?? null, game.endedAt),
      );
      return [
        damped(a, rateGame(a, b, scores[0] ?? 0), weight),
        damped(b, rateGame(b, a, scores[1] ?? 0), weight),
      ];
    };
    return this.store.recordGame(game, rate);
  }

  /** Fire and forget from the rooms: a failure is logged, and the game is recorded when a process next loads it. */
  recordInBackground(model: MatchModel): void {
    this.record(model).catch((error: unknown) => {
      this.logger.warn({ err: error, matchId: model.matchId }, "recording a finished game failed");
    });
  }
}
