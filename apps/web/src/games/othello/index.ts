import * as Othello from "@arena/engine/games/othello/index";
import type { WebGame } from "../web-game";
import { othelloAnalysis } from "./analysis";
import { OthelloBoard } from "./board";
import { OthelloEditor } from "./editor";
import { DiscCounts, Exports } from "./extras";

const SEATS = ["Black", "White"] as const;
const COLORS = ["#111", "#fafafa"] as const;

/** Othello in the browser (games.md §1). */
export const othelloWeb: WebGame<Othello.OthelloState, number> = {
  id: "othello",
  rules: Othello.othello,
  Board: OthelloBoard,
  moveHint: "f5",
  seatName: (seat) => SEATS[seat] ?? `Seat ${seat + 1}`,
  seatColor: (seat) => COLORS[seat] ?? "transparent",
  result: { byRules: "by score", showScores: true },
  movesPerRow: 2,
  optionFields: [],
  optionsPayload: () => ({}),
  quickGames: [{ label: "Othello vs computer", seats: ["me", "ai"], levels: [3, 3] }],
  demo: { options: {}, seed: 0 },
  analysis: othelloAnalysis,
  Editor: OthelloEditor,
  extras: {
    Summary: DiscCounts,
    describe: (state) => {
      const counts = Othello.discCounts(state);
      return `Black ${counts.black} · White ${counts.white}`;
    },
    Export: Exports,
  },
};
