import { type VersionedEvent } from "@arena/protocol";
import { dayOf, fold, type MatchModel, recordText } from "@arena/match";
import { type MatchId, type TournamentView } from "@arena/protocol";

/** A finished board of a tournament: its round, its entrants' names by seat, its match's log and model. */
export interface FinishedGame {
  readonly round: number;
  readonly matchId: MatchId;
  readonly names: readonly [string, string];
  /** The entrants' ids by seat, as the standings hold them. */
  readonly entrants: readonly [string, string];
  readonly log: readonly VersionedEvent[];
  readonly model: MatchModel;
}

/**
 * Every game of the view played to a result, round by round, its log read with `readLog` (a board
 * forfeited without a match, a bye, or a log the store no longer has, is left out).
 */
export async function finishedGames(
  view: TournamentView,
  readLog: (matchId: MatchId) => Promise<readonly VersionedEvent[] | null>,
): Promise<FinishedGame[]> {
  const boards = view.roundsPlayed.flatMap((round) =>
    round.pairings.flatMap((pairing) => {
      const [first, second] = pairing.names;
      const [firstId, secondId] = pairing.entrants;
      return pairing.matchId !== null &&
        pairing.result !== null &&
        pairing.result !== "bye" &&
        second !== undefined &&
        secondId !== undefined
        ? [
            {
              round: round.number,
              matchId: pairing.matchId,
              names: [first, second] as const,
              entrants: [firstId, secondId] as const,
            },
          ]
        : [];
    }),
  );
  const read = await Promise.all(
    boards.map(async (board) => {
      const log = await readLog(board.matchId);
      if (log === null || log.length === 0) return null;
      const model = fold(board.matchId, log);
      return model.result === null ? null : { ...board, log, model };
    }),
  );
  return read.filter((game) => game !== null);
}

/** Every game in GGF, one per line as GGS writes a game file, the players named as the standings name them. */
export function gamesGgf(games: readonly FinishedGame[]): string {
  return games.map((game) => `${recordText(game.model, "ggf", game.names) ?? ""}\n`).join("");
}

/** Every game's event log, as a match's JSON download holds it, with its round and players. */
export function gamesJson(view: TournamentView, games: readonly FinishedGame[]) {
  return {
    tournamentId: view.id,
    gameId: view.gameId,
    games: games.map((game) => ({
      round: game.round,
      matchId: game.matchId,
      players: game.names,
      log: game.log,
    })),
  };
}

/** The UTC day as WOF's result files write it: DD/MM/YYYY. */
export function wofDay(ms: number): string {
  const [year, month, day] = dayOf(ms).split("-");
  return `${day ?? ""}/${month ?? ""}/${year ?? ""}`;
}
