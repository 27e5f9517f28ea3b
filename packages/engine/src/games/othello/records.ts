import type { RecordWriters } from "../../core/records.js";
import { formatGgf, formatTranscript } from "./notation.js";
import { type OthelloState, othello } from "./rules.js";
import { parseSquare } from "./squares.js";

/**
 * The GGF result flag of each way a game ends (docs/othello.md §3): a player who left forfeits as one who
 * resigned, an agreed draw is a mutually agreed score, a game played out or aborted has none.
 */
const GGF_FLAGS: Readonly<Record<string, "r" | "t" | "s" | undefined>> = {
  resign: "r",
  abandon: "r",
  timeout: "t",
  "draw-agreed": "s",
};

/** The squares of a move list ("f5", "PA" as the pass square); anything unreadable is left out. */
function squaresOf(moves: readonly string[]): number[] {
  return moves.map((move) => parseSquare(move)).filter((square) => square >= 0);
}

/** GGF (docs/othello.md §3) and the transcript (§2) of an Othello match; seat 0 is Black. */
export const othelloRecords: RecordWriters<OthelloState> = {
  ggf: (record) => {
    const result = record.result;
    const flag = result === null ? undefined : GGF_FLAGS[result.reason];
    const score =
      result !== null && result.scores.length === 2
        ? (result.scores[0] ?? 0) - (result.scores[1] ?? 0)
        : null;
    return formatGgf({
      start: record.start ?? othello.initial({}, 0),
      moves: squaresOf(record.moves),
      black: record.players[0] ?? "?",
      white: record.players[1] ?? "?",
      place: "Arena",
      date: record.day,
      time: record.timeControl,
      ...(score === null ? {} : { result: flag === undefined ? { score } : { score, flag } }),
    });
  },
  // A transcript has no start position: it is read from the usual start, so an opening comes first.
  txt: (record) => formatTranscript(squaresOf([...(record.opening ?? []), ...record.moves])),
};
