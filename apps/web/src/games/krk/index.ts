import * as Krk from "@arena/engine/games/krk/index";
import type { OptionValues, WebGame } from "../web-game";
import { krkAnalysis } from "./analysis";
import { KrkBoard } from "./board";
import { KrkEditor } from "./editor";
import { FiftyMoveRule } from "./extras";
import { endingOf, fiftyMoveCount } from "./view";

const SEATS = ["White", "Black"] as const;
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
  moveHint: "Rh8+ or h1h8",
  seatName: (seat) => SEATS[seat] ?? `Seat ${seat + 1}`,
  seatColor: (seat) => COLORS[seat] ?? "transparent",
  // Mate scores 1–0 and every draw 0–0: the banner says how the game ended instead of the scores.
  result: { byRules: "by checkmate", showScores: false, endedBy: endingOf },
  movesPerRow: 2,
  optionFields: [
    {
      key: "start",
      label: "Start",
      kind: "choice",
      choices: Krk.KRK_STARTS,
      choiceLabels: { random: "Random won position", distance: "Distance to mate", fen: "FEN" },
      initial: "random",
    },
    { key: "distance", label: "Moves to mate", kind: "number", min: 1, max: Krk.KRK_MAX_DTM, initial: 8 },
    { key: "fen", label: "FEN", kind: "text", placeholder: SAMPLE_FEN, initial: SAMPLE_FEN },
  ],
  // The distance and FEN fields are named like the start they belong to.
  showsField: (field, values) => field.key === "start" || field.key === values.start,
  optionsPayload,
  quickGames: [
    {
      label: "Survive 50 moves",
      description: "King and rook vs king: you are Black against Bratko's AL0 (level 2); hold out 50 moves",
      seats: ["ai", "me"],
      levels: [2, 2],
    },
    {
      label: "Mate in time",
      description: "King and rook vs king: you are White against the perfect defender (level 3)",
      seats: ["me", "ai"],
      levels: [3, 3],
    },
  ],
  // A FEN start: a random one would make the browser build the oracle's tables to draw it.
  demo: { options: { start: "fen", fen: SAMPLE_FEN }, seed: 0 },
  analysis: krkAnalysis,
  Editor: KrkEditor,
  extras: {
    Summary: FiftyMoveRule,
    describe: (state) =>
      state.status === "ongoing"
        ? `50-move rule: ${fiftyMoveCount(state)} of 50`
        : `Ended ${endingOf(state)}`,
  },
};
