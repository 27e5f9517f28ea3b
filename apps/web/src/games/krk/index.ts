import * as Krk from "@arena/engine/games/krk/index";
import type { OptionValues, WebGame } from "../web-game";
import { krkAnalysis } from "./analysis";
import { KrkBoard } from "./board";
import { KrkEditor } from "./editor";
import { FiftyMoveRule } from "./extras";
import { endingOf, fiftyMoveCount } from "./view";
import { krkSpeech } from "./speech";

const COLORS = ["#fafafa", "#111"] as const;

/** A position for the board demo and the FEN field's first value: king and rook on the first rank. */
const SAMPLE_FEN = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1";

/** Each start sends its own field only: the engine refuses a field that belongs to another start. */
function optionsPayload(values: OptionValues): Record<string, string | number> {
  const { start, distance, fen } = values;
  if (start === "distance") return distance === undefined ? { start } : { start, distance };
  if (start === "fen") return fen === undefined ? { start } : { start, fen };
  return start === undefined ? {} : { start };
}

/*
 * After the game each White move is to be marked optimal or by how many moves it delayed the mate. That
 * is the generic post-game analysis (every game, computed on the server): it is not computed here, and the
 * browser never builds the oracle for it (docs/web.md, "Post-game analysis").
 */

/** King and rook against king (docs/krk.md): a chess board, White seat 0, Black seat 1. */
export const krkWeb: WebGame<Krk.KrkState, number> = {
  id: "krk",
  rules: Krk.krk,
  Board: KrkBoard,
  moveHint: "Rh8+, h1h8",
  seatName: (seat, words) => words("seat", { seat: String(seat), number: seat + 1 }),
  seatColor: (seat) => COLORS[seat] ?? "transparent",
  // Mate scores 1–0 and every draw 0–0: the banner says how the game ended instead of the scores.
  result: { byRules: "result.checkmate", showScores: false, endedBy: (state) => `result.${endingOf(state)}` },
  movesPerRow: 2,
  optionFields: [
    {
      key: "start",
      label: "options.start",
      kind: "choice",
      choices: Krk.KRK_STARTS,
      choiceLabels: {
        random: "options.starts.random",
        distance: "options.starts.distance",
        fen: "options.starts.fen",
      },
      initial: "random",
    },
    { key: "distance", label: "options.distance", kind: "number", min: 1, max: Krk.KRK_MAX_DTM, initial: 8 },
    { key: "fen", label: "options.fen", kind: "text", placeholder: SAMPLE_FEN, initial: SAMPLE_FEN },
  ],
  // The distance and FEN fields are named like the start they belong to.
  showsField: (field, values) => field.key === "start" || field.key === values.start,
  optionsPayload,
  quickGames: [
    {
      label: "quick.survive",
      description: "quick.surviveHint",
      seats: ["ai", "me"],
      levels: [2, 2],
    },
    {
      label: "quick.mate",
      description: "quick.mateHint",
      seats: ["me", "ai"],
      levels: [3, 3],
    },
  ],
  // A FEN start: a random one would make the browser build the oracle's tables to draw it.
  demo: { options: { start: "fen", fen: SAMPLE_FEN }, seed: 0 },
  analysis: krkAnalysis,
  speech: krkSpeech,
  Editor: KrkEditor,
  extras: {
    Summary: FiftyMoveRule,
    describe: (state, words) =>
      state.status === "ongoing"
        ? words("fiftyMove.count", { moves: fiftyMoveCount(state), limit: 50 })
        : words("ended", { how: words(`result.${endingOf(state)}`) }),
  },
};
