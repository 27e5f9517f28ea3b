import * as Othello from "@arena/engine/games/othello/index";
import type { WebGame } from "../web-game";
import { othelloAnalysis } from "./analysis";
import { OthelloBoard } from "./board";
import { OthelloEditor } from "./editor";
import { DiscCounts, Exports } from "./extras";
import { othelloSpeech } from "./speech";

const COLORS = ["#111", "#fafafa"] as const;

/** Othello in the browser (games.md §1). */
export const othelloWeb: WebGame<Othello.OthelloState, number> = {
  id: "othello",
  rules: Othello.othello,
  Board: OthelloBoard,
  moveHint: "f5",
  seatName: (seat, words) => words("seat", { seat: String(seat), number: seat + 1 }),
  seatColor: (seat) => COLORS[seat] ?? "transparent",
  result: { byRules: "result.byScore", showScores: true },
  movesPerRow: 2,
  optionFields: [],
  optionsPayload: () => ({}),
  quickGames: [{ label: "quick.computer", seats: ["me", "ai"], levels: [3, 3] }],
  demo: { options: {}, seed: 0 },
  analysis: othelloAnalysis,
  speech: othelloSpeech,
  Editor: OthelloEditor,
  extras: {
    Summary: DiscCounts,
    describe: (state, words) => words("discCounts", Othello.discCounts(state)),
    Export: Exports,
  },
};
