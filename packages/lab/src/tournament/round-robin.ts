import type { AnyGame } from "@arena/engine/core/game";
import type { AnyPlayer } from "../players/types.js";
import { type EloEstimate, fitElo } from "./elo.js";
import { deriveSeed } from "./match.js";
import { type GameSummary, type PlayerTotals, type SeriesOptions, series, totalsOf } from "./series.js";

export interface RoundRobinResult {
  readonly players: readonly string[];
  readonly totals: readonly PlayerTotals[];
  /**
   * `points[i][j]`: what player i scored against player j (PAIP's table; a
   * draw is half a point). In games of more than two seats every pair at the
   * table is compared: a winner beats a non-winner, two winners draw, two
   * losers are not compared.
   */
  readonly points: readonly (readonly number[])[];
  /** `games[i][j]`: comparisons between i and j behind `points[i][j]`. */
  readonly games: readonly (readonly number[])[];
  /** Player indices, best first: by points, then by score difference. */
  readonly rank: readonly number[];
  /** Maximum-likelihood Elo per player, player 0 anchored at 1500. */
  readonly elo: readonly EloEstimate[];
  readonly gameCount: number;
  readonly summaries: readonly GameSummary[];
}

/**
 * PAIP's `round-robin`: every group of players that fills the table (every
 * pair, for two-seat games) plays a series with seats rotated; with N players
 * and two seats that is N·(N−1)·pairs games.
 */
export function roundRobin(
  game: AnyGame,
  options: unknown,
  players: readonly AnyPlayer[],
  settings: SeriesOptions,
): RoundRobinResult {
  const seats = game.seatCount(options);
  const n = players.length;
  if (n < seats) throw new RangeError(`${game.id} with these options needs at least ${seats} players`);
  const tables = combinations(n, seats);
  const total = tables.length * settings.pairs * seats;
  const points = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const games = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const summaries: GameSummary[] = [];
  tables.forEach((table, tableIndex) => {
    const result = series(
      game,
      options,
      table.map((index) => players[index] as AnyPlayer),
      {
        ...settings,
        seed: deriveSeed(settings.seed, 1000 + tableIndex),
        onGame: (_done, _total, summary) => {
          // Back to round-robin player numbers, so that summaries and totals share one index.
          const global: GameSummary = {
            ...summary,
            seats: summary.seats.map((local) => table[local] ?? -1),
            scores: spread(n, table, summary.scores),
            points: spread(n, table, summary.points),
          };
          summaries.push(global);
          tally(global, points, games);
          settings.onGame?.(summaries.length, total, global);
        },
      },
    );
    void result;
  });
  const totals = totalsOf(players, summaries);
  const rank = totals
    .map((_, index) => index)
    .sort((a, b) => {
      const ta = totals[a];
      const tb = totals[b];
      if (ta === undefined || tb === undefined) return 0;
      return tb.points - ta.points || tb.scoreDiff - ta.scoreDiff || a - b;
    });
  return {
    players: players.map((player) => player.name),
    totals,
    points,
    games,
    rank,
    elo: fitElo(points, games),
    gameCount: summaries.length,
    summaries,
  };
}

function tally(summary: GameSummary, points: number[][], games: number[][]): void {
  const winners = summary.record.result.winners;
  const at = summary.seats;
  for (let a = 0; a < at.length; a++) {
    for (let b = a + 1; b < at.length; b++) {
      const i = at[a] ?? 0;
      const j = at[b] ?? 0;
      const wa = winners.includes(a);
      const wb = winners.includes(b);
      if (!wa && !wb) continue;
      const rowI = points[i] as number[];
      const rowJ = points[j] as number[];
      rowI[j] = (rowI[j] ?? 0) + (wa && wb ? 0.5 : wa ? 1 : 0);
      rowJ[i] = (rowJ[i] ?? 0) + (wa && wb ? 0.5 : wb ? 1 : 0);
      const gI = games[i] as number[];
      const gJ = games[j] as number[];
      gI[j] = (gI[j] ?? 0) + 1;
      gJ[i] = (gJ[i] ?? 0) + 1;
    }
  }
}

function spread(n: number, table: readonly number[], local: readonly number[]): number[] {
  const global = new Array<number>(n).fill(0);
  table.forEach((index, position) => (global[index] = local[position] ?? 0));
  return global;
}

/** Every k-subset of 0..n-1 in lexicographic order. */
export function combinations(n: number, k: number): number[][] {
  const result: number[][] = [];
  const current: number[] = [];
  const walk = (start: number): void => {
    if (current.length === k) {
      result.push([...current]);
      return;
    }
    for (let i = start; i < n; i++) {
      current.push(i);
      walk(i + 1);
      current.pop();
    }
  };
  walk(0);
  return result;
}
