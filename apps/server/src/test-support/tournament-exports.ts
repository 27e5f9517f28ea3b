import { type MatchModel } from "@arena/match";
import { asUserId, type MatchId, TournamentId, type TournamentView } from "@arena/protocol";
import { type FinishedGame } from "../tournaments/exports/games.js";

const standing = (
  rank: number,
  entrant: string,
  name: string,
  points: number,
  bq: number,
  withdrawn = false,
) => ({
  rank,
  entrant,
  name,
  kind: "human" as const,
  userId: asUserId(`u_${entrant}`),
  points,
  tieBreaks: [
    { name: "BQ", value: bq },
    { name: "discs", value: bq - 6 * points },
  ],
  games: 2,
  withdrawn,
  paused: false,
  onFire: false,
});

/** A finished three-player round-robin of Othello (2026-11-28), a name that needs CSV quoting included. */
export const VIEW: TournamentView = {
  id: TournamentId.parse("t_Export001"),
  name: "Club night",
  gameId: "othello",
  format: "round-robin",
  timeControl: { baseMs: 60_000, incrementMs: 0 },
  rounds: null,
  durationMs: null,
  double: false,
  berserk: false,
  pairsFromOneOpening: false,
  invitationOnly: false,
  invited: [],
  rated: false,
  maxPlayers: 8,
  status: "finished",
  createdBy: { id: asUserId("u_td"), name: "td" },
  createdAt: 1_795_824_000_000,
  startsAt: null,
  startedAt: 1_795_824_000_000,
  finishedAt: 1_795_825_000_000,
  standings: [
    standing(1, "a", "Ann", 2, 100),
    standing(2, "b", 'Bob "the, wall"', 1, 60),
    standing(3, "c", "Cy", 0, 40, true),
  ],
  roundsPlayed: [],
  crosstable: {
    entrants: ["a", "b", "c"],
    cells: [
      [null, "1", "1"],
      ["0", null, "1"],
      ["0", "0", null],
    ],
  },
  topGame: null,
  version: 12,
};

/** A finished Othello game as the exports read it: the model's fields a record writer uses. */
export function game(
  round: number,
  entrants: readonly [string, string],
  names: readonly [string, string],
  moves: readonly string[],
  result: { reason: "normal" | "resign" | "timeout"; winners: number[]; scores: number[] },
): FinishedGame {
  const matchId = `m_r${round}${entrants.join("")}` as MatchId;
  const model = {
    matchId,
    gameId: "othello",
    start: null,
    moves: { length: moves.length, toArray: () => moves.map((move) => ({ move })) },
    result,
    timeControl: VIEW.timeControl,
    createdAt: VIEW.createdAt,
    rated: false,
  } as unknown as MatchModel;
  return { round, matchId, names, entrants, log: [], model };
}
