import * as Othello from "@arena/engine/games/othello/index";
import type { MatchModel } from "@arena/match";
import type { ResultReason } from "@arena/protocol";

/**
 * The GGF result flag of each way a game ends (docs/othello.md §3): a player who left forfeits as one who
 * resigned, an agreed draw is a mutually agreed score, a game played out or aborted has none.
 */
const GGF_FLAGS: Readonly<Record<ResultReason, "r" | "t" | "s" | undefined>> = {
  normal: undefined,
  resign: "r",
  abandon: "r",
  timeout: "t",
  "draw-agreed": "s",
  abort: undefined,
};

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
  const flag = result === null ? undefined : GGF_FLAGS[result.reason];
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
