import { type MatchId, type TournamentView } from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { finishedGames, gamesGgf, gamesJson } from "./games.js";
import { game, VIEW } from "../../test-support/tournament-exports.js";

describe("game exports", () => {
  it("writes each game as one GGF line, the players as the standings name them", () => {
    const games = [
      game(1, ["a", "b"], ["Ann", "Bob"], ["f5", "d6"], { reason: "resign", winners: [0], scores: [64, 0] }),
      game(2, ["b", "a"], ["Bob", "Ann"], ["f5"], { reason: "timeout", winners: [1], scores: [0, 64] }),
    ];
    expect(gamesGgf(games)).toBe(
      "(;GM[Othello]PC[Arena]DT[2026-11-28]PB[Ann]PW[Bob]RE[+64.000:r]TI[01:00/00:00/00:00]TY[8]" +
        "BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[d6];)\n" +
        "(;GM[Othello]PC[Arena]DT[2026-11-28]PB[Bob]PW[Ann]RE[-64.000:t]TI[01:00/00:00/00:00]TY[8]" +
        "BO[8 ---------------------------O*------*O--------------------------- *]B[f5];)\n",
    );
  });

  it("reads the games decided on the board, round by round, and leaves out byes and forfeits", async () => {
    const pairing = (
      entrants: [string, string] | [string],
      matchId: string | null,
      result: string | null,
    ) => ({
      names: entrants,
      entrants,
      matchId: matchId as MatchId | null,
      result,
      points: null,
    });
    const view = {
      ...VIEW,
      roundsPlayed: [
        {
          number: 1,
          startedAt: 0,
          pairings: [pairing(["a", "b"], "m_1", "1-0"), pairing(["c"], null, "bye")],
        },
        {
          number: 2,
          startedAt: 0,
          pairings: [pairing(["b", "c"], null, "1-0"), pairing(["a", "c"], "m_2", null)],
        },
      ],
    } as unknown as TournamentView;
    const asked: string[] = [];
    const games = await finishedGames(view, (matchId) => {
      asked.push(matchId);
      return Promise.resolve(null);
    });
    expect(asked).toEqual(["m_1"]);
    expect(games).toEqual([]);
  });

  it("keeps every game's log with its round and players in the JSON file", () => {
    const one = game(1, ["a", "b"], ["Ann", "Bob"], [], { reason: "normal", winners: [0], scores: [40, 24] });
    expect(gamesJson(VIEW, [one])).toEqual({
      tournamentId: "t_Export001",
      gameId: "othello",
      games: [{ round: 1, matchId: one.matchId, players: ["Ann", "Bob"], log: [] }],
    });
  });
});
