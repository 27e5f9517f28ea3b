import { describe, expect, it } from "vitest";
import { TOURNAMENT_RULES } from "./game-rules.js";
import { type ArenaGame, arenaSheet, othelloDiscs } from "./scoring.js";
import { type GameResult } from "./types.js";

const LICHESS = TOURNAMENT_RULES.krk.arenaDraws;
const OTHELLO = TOURNAMENT_RULES.othello.arenaDraws;

const g = (outcome: ArenaGame["outcome"], extra: Partial<ArenaGame> = {}): ArenaGame => ({
  outcome,
  ending: "normal",
  plies: 60,
  berserk: false,
  ...extra,
});

describe("arenaSheet: the scoring table", () => {
  // [games, scores]: the numbers of the shared rules (lichess's arena).
  it.each<[string, ArenaGame[], number[]]>([
    ["win 2, draw 1, loss 0", [g("win"), g("draw"), g("loss")], [2, 1, 0]],
    ["on fire after two wins: a win scores 4", [g("win"), g("win"), g("win"), g("win")], [2, 2, 4, 4]],
    ["on fire: a draw scores 2 and ends the fire", [g("win"), g("win"), g("draw"), g("win")], [2, 2, 2, 2]],
    ["on fire: a loss ends the fire", [g("win"), g("win"), g("loss"), g("win"), g("win")], [2, 2, 0, 2, 2]],
    ["berserk: +1 on a win of 14 plies", [g("win", { berserk: true, plies: 14 })], [3]],
    ["berserk: nothing on a win of 13 plies", [g("win", { berserk: true, plies: 13 })], [2]],
    [
      "berserk: nothing on a draw or a loss",
      [g("draw", { berserk: true }), g("loss", { berserk: true })],
      [1, 0],
    ],
    [
      "berserk on fire: 4 + 1, the bonus not doubled",
      [g("win"), g("win"), g("win", { berserk: true })],
      [2, 2, 5],
    ],
  ])("%s", (_, games, scores) => {
    expect(arenaSheet(games, LICHESS).scores).toEqual(scores);
    expect(arenaSheet(games, OTHELLO).scores).toEqual(scores);
  });

  it.each<[string, ArenaGame[], number[]]>([
    [
      "a draw under 20 plies scores 0",
      [g("draw", { plies: 19 }), g("win"), g("draw", { plies: 20 })],
      [0, 2, 1],
    ],
    ["a second draw in a row scores 0", [g("draw", { plies: 40 }), g("draw", { plies: 59 })], [1, 0]],
    [
      "losses between draws are skipped",
      [g("draw", { plies: 40 }), g("loss"), g("draw", { plies: 40 })],
      [1, 0, 0],
    ],
    ["a win between draws resets", [g("draw", { plies: 40 }), g("win"), g("draw", { plies: 40 })], [1, 2, 1]],
    ["a second draw of 60 plies scores", [g("draw", { plies: 40 }), g("draw", { plies: 60 })], [1, 1]],
  ])("lichess's draws (chess-like games): %s", (_, games, scores) => {
    expect(arenaSheet(games, LICHESS).scores).toEqual(scores);
  });

  it.each<[string, ArenaGame[], number[]]>([
    ["a board draw scores, however short", [g("draw", { plies: 19 })], [1]],
    ["a second board draw in a row scores", [g("draw"), g("draw"), g("loss"), g("draw")], [1, 1, 0, 1]],
    [
      "an agreed draw never scores",
      [g("draw", { ending: "draw-agreed" }), g("win"), g("win"), g("draw", { ending: "draw-agreed" })],
      [0, 2, 2, 0],
    ],
  ])("Othello's draws: %s", (_, games, scores) => {
    expect(arenaSheet(games, OTHELLO).scores).toEqual(scores);
  });

  it("says who is on fire and adds the total", () => {
    const sheet = arenaSheet([g("win"), g("win")], LICHESS);
    expect(sheet).toEqual({ scores: [2, 2], total: 4, onFire: true });
    expect(arenaSheet([g("win"), g("win"), g("draw")], LICHESS).onFire).toBe(false);
  });
});

describe("othelloDiscs", () => {
  const r = (result: Partial<GameResult>): GameResult => ({
    ending: "normal",
    winner: 0,
    plies: 58,
    ...result,
  });

  it("gives the empty squares to the winner", () => {
    const result = r({ winner: 0, discs: [40, 20] });
    expect([othelloDiscs(result, 0), othelloDiscs(result, 1)]).toEqual([44, 20]);
  });

  it("splits the empty squares in a draw", () => {
    const result = r({ winner: null, discs: [30, 30] });
    expect([othelloDiscs(result, 0), othelloDiscs(result, 1)]).toEqual([32, 32]);
  });

  it("counts a flag or a resignation 64–0 and an agreed draw 32–32, whatever the board", () => {
    const flag = r({ ending: "timeout", winner: 1, discs: [50, 10] });
    expect([othelloDiscs(flag, 0), othelloDiscs(flag, 1)]).toEqual([0, 64]);
    const agreed = r({ ending: "draw-agreed", winner: null, discs: [20, 10] });
    expect([othelloDiscs(agreed, 0), othelloDiscs(agreed, 1)]).toEqual([32, 32]);
  });
});
