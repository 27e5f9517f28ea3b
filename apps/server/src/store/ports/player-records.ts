import { type HistoryEntry, type RatingChange, type UserId, type WinDrawLoss } from "@arena/protocol";
import { type Glicko, isProvisional, PROVISIONAL_RD } from "../../ratings/glicko2.js";
import { type FinishedGame, type RateFn, type RatingBefore, type StoredRating } from "./players.js";

/** What recording a game writes, the same for every store (they differ only in how they make it atomic). */
export interface RecordPlan {
  /** The new ratings of a rated game's players (empty when unrated). */
  readonly ratings: readonly (StoredRating & { readonly userId: UserId })[];
  readonly changes: readonly RatingChange[];
  readonly entries: readonly (readonly [UserId, HistoryEntry])[];
}

/** Plans a game's record from its players' ratings before it (one per seat, in seat order; null: unrated). */
export function planRecord(
  game: FinishedGame,
  before: readonly (RatingBefore | null)[],
  games: readonly number[],
  rate: RateFn,
): RecordPlan {
  const after = game.rated ? rate(before) : [];
  const ratings = game.rated
    ? game.seats.map((seat, i) => ({
        ...(after[i] as Glicko),
        userId: seat.userId,
        gameId: game.gameId,
        speed: game.speed,
        games: (games[i] ?? 0) + 1,
        ratedAt: game.endedAt,
      }))
    : [];
  const changes: RatingChange[] = ratings.map((rating, i) => ({
    seat: game.seats[i]?.seat ?? i,
    userId: rating.userId,
    before: Math.round(before[i]?.rating ?? 1500),
    after: Math.round(rating.rating),
    rdAfter: Math.round(rating.rd),
  }));
  const entries = game.seats.map((seat, i): readonly [UserId, HistoryEntry] => [
    seat.userId,
    {
      matchId: game.matchId,
      gameId: game.gameId,
      speed: game.speed,
      endedAt: game.endedAt,
      outcome: seat.outcome,
      opponents: game.seats.filter((other) => other.userId !== seat.userId).map((other) => other.name),
      rated: game.rated,
      ratingBefore: changes[i]?.before ?? null,
      ratingAfter: changes[i]?.after ?? null,
    },
  ]);
  return { ratings, changes, entries };
}

/** Wins, draws and losses of a history. */
export function tally(entries: Iterable<HistoryEntry>): WinDrawLoss {
  let wins = 0;
  let draws = 0;
  let losses = 0;
  for (const { outcome } of entries) {
    if (outcome === "win") wins++;
    else if (outcome === "draw") draws++;
    else losses++;
  }
  return { wins, draws, losses };
}

/** Leaderboards hold established ratings only. */
export const onLeaderboard = (rd: number): boolean => !isProvisional(rd);

/** The largest rating deviation a leaderboard holds (for stores that filter in a query). */
export const LEADERBOARD_MAX_RD = PROVISIONAL_RD;
