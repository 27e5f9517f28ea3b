import * as Othello from "@arena/engine/games/othello/index";
import type { MatchModel } from "@arena/match";

/** The squares of a move list ("f5", "PA" as the pass square); anything unreadable is left out. */
function squaresOf(model: MatchModel): number[] {
  return model.moves
    .toArray()
    .map((m) => Othello.parseSquare(m.move))
    .filter((square) => square >= 0);
}

/** GGF and transcript of an Othello match, through the engine's writers; `players` names seats 0 and 1. */
export function othelloExports(
  model: MatchModel,
  players: readonly string[],
): { readonly transcript: string; readonly ggf: string } {
  const squares = squaresOf(model);
  const start = (model.start as Othello.OthelloState | null) ?? Othello.othello.initial({}, 0);
  const result = model.result;
  const flag = result?.reason === "resign" ? "r" : result?.reason === "timeout" ? "t" : undefined;
  const score =
    result !== null && result.scores.length === 2 ? (result.scores[0] ?? 0) - (result.scores[1] ?? 0) : null;
  const ggf = Othello.formatGgf({
    start,
    moves: squares,
    black: players[0] ?? "?",
    white: players[1] ?? "?",
    place: "Arena",
    time: { baseMs: model.timeControl.baseMs, incrementMs: model.timeControl.incrementMs },
    ...(score === null ? {} : { result: flag === undefined ? { score } : { score, flag } }),
  });
  return { transcript: Othello.formatTranscript(squares), ggf };
}
