import { rulesFor, type TieBreak } from "./game-rules.js";
import { type EntrantRecord, recordOutcome } from "./records.js";
import { type ArenaGame, arenaSheet, GAME_POINTS } from "./scoring.js";
import { tieBreak } from "./tie-breaks.js";
import { type EntrantId, type TournamentSettings } from "./types.js";

export interface Standing {
  readonly entrant: EntrantId;
  readonly name: string;
  /** From 1; entrants equal on points and every tie-break share none: the earlier entrant ranks first. */
  readonly rank: number;
  readonly points: number;
  /** In the order of `tieBreaksFor(settings)`. */
  readonly tieBreaks: readonly number[];
  /** Boards decided: games, byes and forfeits. */
  readonly games: number;
  readonly withdrawn: boolean;
  /** Arena: the next result scores double. */
  readonly onFire: boolean;
}

export interface StandingsInput {
  readonly settings: TournamentSettings;
  /** In join order (the seed order). */
  readonly entrants: readonly {
    readonly id: EntrantId;
    readonly name: string;
    readonly withdrawn: boolean;
  }[];
  /** Each entrant's decided boards, in the order they were decided. */
  readonly records: ReadonlyMap<EntrantId, readonly EntrantRecord[]>;
}

export const tieBreaksFor = (settings: TournamentSettings): readonly TieBreak[] =>
  rulesFor(settings.gameId).tieBreaks;

/**
 * An arena player's results in the order they were decided, with the round (wave) each was paired in: a
 * game, or a pair as one result for the streak (it ended on the board only if both its games did).
 */
function arenaGames(records: readonly EntrantRecord[]): (ArenaGame & { readonly round: number })[] {
  return records.flatMap((r) => {
    if (r.kind === "game") {
      return [
        {
          round: r.round,
          outcome: r.outcome,
          ending: r.result.ending,
          plies: r.result.plies,
          berserk: r.result.berserk?.[r.seat] ?? false,
        },
      ];
    }
    if (r.kind !== "pair") return [];
    const ending = r.games.find((g) => g.result.ending !== "normal")?.result.ending ?? "normal";
    const plies = r.games.reduce((sum, g) => sum + g.result.plies, 0);
    return [{ round: r.round, outcome: r.outcome, ending, plies, berserk: false }];
  });
}

function pointsOf(
  settings: TournamentSettings,
  records: readonly EntrantRecord[],
): { points: number; onFire: boolean } {
  if (settings.format !== "arena") {
    return { points: records.reduce((sum, r) => sum + GAME_POINTS[recordOutcome(r)], 0), onFire: false };
  }
  const sheet = arenaSheet(arenaGames(records), rulesFor(settings.gameId).arenaDraws);
  return { points: sheet.total, onFire: sheet.onFire };
}

/**
 * What one entrant's game of one arena wave scored on their sheet (streak doubling and berserk bonus
 * included); undefined for a game not decided, or outside an arena.
 */
export function arenaGameScore(
  settings: TournamentSettings,
  records: readonly EntrantRecord[],
  round: number,
): number | undefined {
  if (settings.format !== "arena") return undefined;
  const games = arenaGames(records);
  const sheet = arenaSheet(games, rulesFor(settings.gameId).arenaDraws);
  const index = games.findIndex((g) => g.round === round);
  return index === -1 ? undefined : sheet.scores[index];
}

/** Standings: points, then the game's tie-breaks, then join order. */
export function computeStandings({ settings, entrants, records }: StandingsInput): Standing[] {
  const scored = entrants.map((e) => ({ ...e, ...pointsOf(settings, records.get(e.id) ?? []) }));
  const field = {
    points: new Map(scored.map((e) => [e.id, e.points])),
    withdrawn: new Set(entrants.filter((e) => e.withdrawn).map((e) => e.id)),
    gamesPerBoard: settings.pairsFromOneOpening === true ? 2 : 1,
  };
  const kinds = tieBreaksFor(settings);
  const rows = scored.map((e, seed) => {
    const own = records.get(e.id) ?? [];
    return {
      seed,
      entrant: e.id,
      name: e.name,
      points: e.points,
      tieBreaks: kinds.map((kind) => tieBreak(kind, e.points, own, field)),
      games: own.length,
      withdrawn: e.withdrawn,
      onFire: e.onFire,
    };
  });
  rows.sort((a, b) => {
    if (a.points !== b.points) return b.points - a.points;
    for (let i = 0; i < kinds.length; i++) {
      const diff = (b.tieBreaks[i] ?? 0) - (a.tieBreaks[i] ?? 0);
      if (diff !== 0) return diff;
    }
    return a.seed - b.seed;
  });
  return rows.map(({ seed: _seed, ...row }, i) => ({ ...row, rank: i + 1 }));
}
