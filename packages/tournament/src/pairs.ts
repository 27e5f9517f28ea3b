import { getGame } from "@arena/engine/registry";
import { type TournamentEvent } from "./events.js";
import { countsDiscs, rulesFor } from "./game-rules.js";
import { GAME_POINTS, type Outcome, othelloDiscs, outcomeFor } from "./scoring.js";
import { type GameResult, type Seat, type TournamentSettings } from "./types.js";

/** A board's place in its pair (pairs from one opening): game 0, then game 1 with the seats swapped. */
export interface PairPlace {
  readonly game: 0 | 1;
  /** The moves both games start from, in the game's notation. */
  readonly opening: readonly string[];
}

/** One game of a pair from one entrant's side. */
export interface PairGame {
  readonly seat: Seat;
  readonly result: GameResult;
}

/** What one game is worth to a seat in a pair's total: its discs (games that count them), or its points. */
function gameValue(result: GameResult, seat: Seat, byDiscs: boolean): number {
  return byDiscs ? othelloDiscs(result, seat) : GAME_POINTS[outcomeFor(result, seat)];
}

/** An entrant's total over their games of a pair, and their opponent's. */
export function pairTotals(games: readonly PairGame[], byDiscs: boolean): readonly [number, number] {
  let own = 0;
  let theirs = 0;
  for (const { seat, result } of games) {
    own += gameValue(result, seat, byDiscs);
    theirs += gameValue(result, seat === 0 ? 1 : 0, byDiscs);
  }
  return [own, theirs];
}

/** The pair's result for an entrant: the larger total wins, equal totals draw. */
export function pairOutcome(games: readonly PairGame[], byDiscs: boolean): Outcome {
  const [own, theirs] = pairTotals(games, byDiscs);
  return own > theirs ? "win" : own < theirs ? "loss" : "draw";
}

/** Whether a game's pairs are decided by discs (its tie-breaks count them) rather than points. */
export const pairsByDiscs = (settings: TournamentSettings): boolean => countsDiscs(settings.gameId);

/**
 * A random opening for a pair: `openingPlies` moves of the game (rules.ts) drawn with `random` from the
 * legal moves, never one where the game is over or the next move is forced (the match would start with a
 * pass). Redrawn until one fits; after many misses, a shorter one.
 */
export function randomOpening(settings: TournamentSettings, random: () => number): readonly string[] {
  const plies = rulesFor(settings.gameId).openingPlies ?? 0;
  const game = getGame(settings.gameId);
  const options = game.parseOptions({});
  if (!options.ok) throw new Error(`default options of ${settings.gameId}: ${options.error.message}`);
  for (let attempt = 0; attempt < 100; attempt++) {
    const length = Math.max(0, plies - Math.floor(attempt / 25));
    let state = game.initial(options.value, 0);
    const moves: string[] = [];
    while (moves.length < length && game.outcome(state).kind === "ongoing") {
      const legal = game.legalMoves(state);
      const move = legal[Math.min(legal.length - 1, Math.floor(random() * legal.length))];
      if (move === undefined) break;
      moves.push(game.formatMove(state, move));
      state = game.apply(state, move);
    }
    if (moves.length === length && game.outcome(state).kind === "ongoing" && game.forcedMove(state) === null)
      return moves;
  }
  return [];
}

/**
 * The director's events with each new round's openings drawn (pairs from one opening): one per pairing,
 * recorded in the log so a replay starts every pair's games from the same moves.
 */
export function withOpenings(
  settings: TournamentSettings,
  events: readonly TournamentEvent[],
  random: () => number,
): TournamentEvent[] {
  if (settings.pairsFromOneOpening !== true) return [...events];
  return events.map((event) =>
    event.type === "round-started" && event.openings === undefined
      ? {
          ...event,
          openings: event.pairings.map((p) => (p.kind === "game" ? randomOpening(settings, random) : [])),
        }
      : event,
  );
}
