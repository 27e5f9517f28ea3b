import type { AnyGame } from "@arena/engine/core/game";
import type { AnyPlayer } from "../players/types.js";
import { type ClockSetting, type EndReason, type GameRecord, deriveSeed, playMatch } from "./match.js";

export interface SeriesOptions {
  /** Rounds; each plays one game per seat rotation (two-seat games: PAIP's pair, colours swapped). */
  readonly pairs: number;
  /**
   * Random plies before the players take over (PAIP's `random-othello-series`;
   * the book uses 10). Every game of a round starts from the same opening.
   */
  readonly randomStart?: number;
  readonly seed: number;
  readonly clock?: ClockSetting;
  readonly now?: () => number;
  readonly maxPlies?: number;
  /** Called after each game: games done so far, games in all, and the game. */
  readonly onGame?: (done: number, total: number, game: GameSummary) => void;
}

/** One game of a series, seen from the players (not the seats). */
export interface GameSummary {
  /** The round (PAIP's pair) it belongs to; games of a round share seed and opening. */
  readonly pair: number;
  /** Which player sat in each seat (indices into the series' players). */
  readonly seats: readonly number[];
  /** Each player's own score, by player index. */
  readonly scores: readonly number[];
  /** Each player's points: 1 for a sole win, 1/k for a win shared by k seats, all seats sharing is a draw. */
  readonly points: readonly number[];
  readonly reason: EndReason;
  readonly record: GameRecord;
}

export interface PlayerTotals {
  readonly name: string;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  /** Wins plus shares of shared wins and draws (PAIP: a tie is half a win). */
  readonly points: number;
  /** Sum of own scores. */
  readonly scoreFor: number;
  /** Sum over games of own score minus the mean score of the others (PAIP's total score difference). */
  readonly scoreDiff: number;
  /** Games lost on time or by an illegal move. */
  readonly forfeits: number;
  readonly nodes: number;
}

export interface SeriesResult {
  readonly players: readonly string[];
  readonly totals: readonly PlayerTotals[];
  readonly games: readonly GameSummary[];
}

/**
 * PAIP's `othello-series` and `random-othello-series`, for any seat count:
 * `players` holds one player per seat; each of `pairs` rounds plays one game
 * per rotation of the seats (for two seats: A as first player, then B), all
 * from the same seed, hence the same start position and random opening, so
 * neither side profits from a lucky opening.
 */
export function series(
  game: AnyGame,
  options: unknown,
  players: readonly AnyPlayer[],
  settings: SeriesOptions,
): SeriesResult {
  const n = game.seatCount(options);
  if (players.length !== n) throw new RangeError(`a ${game.id} series needs ${n} players, one per seat`);
  if (!Number.isInteger(settings.pairs) || settings.pairs < 0)
    throw new RangeError("pairs must be a whole number");
  const total = settings.pairs * n;
  const games: GameSummary[] = [];
  for (let pair = 0; pair < settings.pairs; pair++) {
    const seed = deriveSeed(settings.seed, pair);
    for (let rotation = 0; rotation < n; rotation++) {
      const seats = Array.from({ length: n }, (_, seat) => (seat + rotation) % n);
      const match = playMatch(
        game,
        options,
        seats.map((index) => players[index] as AnyPlayer),
        {
          seed,
          randomStartPlies: settings.randomStart ?? 0,
          ...(settings.clock === undefined ? {} : { clock: settings.clock }),
          ...(settings.now === undefined ? {} : { now: settings.now }),
          ...(settings.maxPlies === undefined ? {} : { maxPlies: settings.maxPlies }),
        },
      );
      const summary = summarize(pair, seats, match.record);
      games.push(summary);
      settings.onGame?.(games.length, total, summary);
    }
  }
  return { players: players.map((player) => player.name), totals: totalsOf(players, games), games };
}

function summarize(pair: number, seats: readonly number[], record: GameRecord): GameSummary {
  const n = seats.length;
  const { winners } = record.result;
  const scores = new Array<number>(n).fill(0);
  const points = new Array<number>(n).fill(0);
  seats.forEach((player, seat) => {
    scores[player] = record.result.scores[seat] ?? 0;
    points[player] = winners.includes(seat) ? 1 / winners.length : 0;
  });
  return { pair, seats, scores, points, reason: record.result.reason, record };
}

export function totalsOf(players: readonly AnyPlayer[], games: readonly GameSummary[]): PlayerTotals[] {
  return players.map((player, index) => {
    let wins = 0;
    let losses = 0;
    let draws = 0;
    let points = 0;
    let scoreFor = 0;
    let scoreDiff = 0;
    let forfeits = 0;
    let nodes = 0;
    let count = 0;
    for (const summary of games) {
      const seat = summary.seats.indexOf(index);
      if (seat < 0) continue;
      count++;
      const n = summary.seats.length;
      const winners = summary.record.result.winners;
      if (winners.length === n) draws++;
      else if (winners.includes(seat)) wins++;
      else losses++;
      points += summary.points[index] ?? 0;
      const own = summary.scores[index] ?? 0;
      scoreFor += own;
      const othersSum = summary.seats.reduce(
        (sum, p) => (p === index ? sum : sum + (summary.scores[p] ?? 0)),
        0,
      );
      scoreDiff += own - othersSum / Math.max(1, n - 1);
      if (summary.record.result.forfeited.includes(seat)) forfeits++;
      nodes += summary.record.nodes[seat] ?? 0;
    }
    return {
      name: player.name,
      games: count,
      wins,
      losses,
      draws,
      points,
      scoreFor,
      scoreDiff,
      forfeits,
      nodes,
    };
  });
}
