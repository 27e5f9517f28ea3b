import * as DiceOfDoom from "@arena/engine/games/dice-of-doom/index";
import type { Words } from "../../i18n/words";
import type { WebGame } from "../web-game";
import { diceAnalysis } from "./analysis";
import { DiceBoard } from "./board";
import { diceOfDoomSpeech } from "./speech";

/** Seats are named by their colour on the board (dice-of-doom.css colours the hexes alike). */
const SEAT_COLORS = ["var(--seat-0)", "var(--seat-2)", "#3aa66a", "var(--seat-3)"] as const;

/** Seats are named by their colour, as the board shows them ("Red", "Blue", …). */
function seatName(seat: number, words: Words): string {
  return words("seat", { seat: String(seat), number: seat + 1 });
}

/**
 * How a game ended by the rules (docs/dice-of-doom.md §8): by conquest when one seat holds every hex that
 * is not neutral, else on the count of hexes, when the seat to move had no attack left.
 */
export function endingOf(state: DiceOfDoom.DiceOfDoomState): string {
  const holders = new Set(state.owner.filter((owner) => owner >= 0));
  return holders.size <= 1 ? "result.byConquest" : "result.byHexes";
}

/** Dice of Doom, two to four seats (games.md §3). */
export const diceOfDoomWeb: WebGame<DiceOfDoom.DiceOfDoomState, number> = {
  id: "dice-of-doom",
  rules: DiceOfDoom.diceOfDoom,
  Board: DiceBoard,
  moveHint: "a1>b1, pass",
  seatName,
  seatColor: (seat) => SEAT_COLORS[seat] ?? "transparent",
  result: { byRules: "result.byConquest", showScores: true, endedBy: endingOf },
  // A turn is several attacks and a pass: one move per row, each with its seat.
  movesPerRow: 1,
  optionFields: [
    { key: "players", label: "options.players", kind: "number", min: 2, max: 4, initial: 3 },
    { key: "size", label: "options.size", kind: "number", min: 2, max: 8, initial: 4 },
    { key: "maxDice", label: "options.maxDice", kind: "number", min: 2, max: 8, initial: 3 },
    {
      key: "rules",
      label: "options.rules",
      kind: "choice",
      choices: DiceOfDoom.DICE_OF_DOOM_RULES,
      choiceLabels: Object.fromEntries(
        DiceOfDoom.DICE_OF_DOOM_RULES.map((choice) => [choice, `options.ruleSets.${choice}`]),
      ),
      initial: "classic",
    },
  ],
  optionsPayload: (values) => ({ ...values }),
  quickGames: [{ label: "quick.computers", seats: ["me", "ai", "ai"], levels: [3, 2, 2] }],
  demo: { options: { players: 3, size: 4 }, seed: 1 },
  analysis: diceAnalysis(seatName),
  speech: diceOfDoomSpeech,
};
