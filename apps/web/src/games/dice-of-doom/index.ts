import * as DiceOfDoom from "@arena/engine/games/dice-of-doom/index";
import type { WebGame } from "../web-game";
import { diceAnalysis } from "./analysis";
import { DiceBoard } from "./board";

/** Seats are named by their colour on the board (dice-of-doom.css colours the hexes alike). */
const SEATS = [
  { name: "Red", color: "var(--seat-0)" },
  { name: "Blue", color: "var(--seat-2)" },
  { name: "Green", color: "#3aa66a" },
  { name: "Purple", color: "var(--seat-3)" },
] as const;

/** Dice of Doom, two to four seats (games.md §3). */
export const diceOfDoomWeb: WebGame<DiceOfDoom.DiceOfDoomState, number> = {
  id: "dice-of-doom",
  rules: DiceOfDoom.diceOfDoom,
  Board: DiceBoard,
  moveHint: "a1>b1 or pass",
  seatName: (seat) => SEATS[seat]?.name ?? `Seat ${seat + 1}`,
  seatColor: (seat) => SEATS[seat]?.color ?? "transparent",
  result: { byRules: "by conquest", showScores: true },
  // A turn is several attacks and a pass: one move per row, each with its seat.
  movesPerRow: 1,
  optionFields: [
    { key: "players", label: "Players", kind: "number", min: 2, max: 4, initial: 3 },
    { key: "size", label: "Board size", kind: "number", min: 2, max: 8, initial: 4 },
    { key: "maxDice", label: "Max dice", kind: "number", min: 2, max: 8, initial: 3 },
    {
      key: "rules",
      label: "Rules",
      kind: "choice",
      choices: DiceOfDoom.DICE_OF_DOOM_RULES,
      initial: "classic",
    },
  ],
  optionsPayload: (values) => ({ ...values }),
  quickGames: [{ label: "Dice of Doom vs 2 computers", seats: ["me", "ai", "ai"], levels: [3, 2, 2] }],
  demo: { options: { players: 3, size: 4 }, seed: 1 },
  analysis: diceAnalysis((seat) => SEATS[seat]?.name ?? `Seat ${seat + 1}`),
};
