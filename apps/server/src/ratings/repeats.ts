import { type UserId } from "@arena/protocol";
import { type PlayerStore } from "../store/ports/players.js";
import { type Glicko } from "./glicko2.js";

/** How far back a rated game of the same two players damps the next one (docs/protocol.md, "Ratings"). */
export const REPEAT_WINDOW_MS = 24 * 3_600_000;
/** How many of a player's latest games are searched for earlier games against the same opponent. */
export const REPEAT_LOOKBACK = 100;

/**
 * The weight of a rated game's rating changes: halved for each rated game the same two players finished
 * in the window before it. However many games a pair plays, together they move a rating at most about twice
 * as far as one game would, so farming one accomplice pays nothing after the first few games.
 */
export function repeatWeight(earlier: number): number {
  return 0.5 ** earlier;
}

/** The rating a game would give, moved only `weight` of the way from the rating before it (RD and volatility too). */
export function damped(before: Glicko, after: Glicko, weight: number): Glicko {
  if (weight === 1) return after;
  const toward = (from: number, to: number) => from + weight * (to - from);
  return {
    rating: toward(before.rating, after.rating),
    rd: toward(before.rd, after.rd),
    volatility: toward(before.volatility, after.volatility),
  };
}

/**
 * How many rated games `player` finished against `opponentName` in the window before `endedAt`, other than
 * `matchId`, among the player's latest REPEAT_LOOKBACK games (a history names opponents as they were seated).
 */
export async function earlierPairings(
  store: PlayerStore,
  player: UserId,
  opponentName: string,
  matchId: string,
  endedAt: number,
): Promise<number> {
  const games = await store.history(player, {}, 0, REPEAT_LOOKBACK);
  return games.filter(
    (game) =>
      game.rated &&
      game.matchId !== matchId &&
      game.endedAt <= endedAt &&
      game.endedAt > endedAt - REPEAT_WINDOW_MS &&
      game.opponents.includes(opponentName),
  ).length;
}
