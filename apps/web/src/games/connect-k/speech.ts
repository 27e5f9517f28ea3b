import * as ConnectK from "@arena/engine/games/connect-k/index";
import type { GameSpeech } from "../web-game";

/** "Red column 4, row 2", rows counted from the bottom; a winning disc says the line. */
export const connectKSpeech: GameSpeech<ConnectK.ConnectKState, number> = {
  move(before, move, after, words) {
    const mover = ConnectK.seatOnTurn(before);
    const values = {
      seat: words("seat", { seat: String(mover), number: mover + 1 }),
      column: move + 1,
      row: ConnectK.columnHeight(before, move) + 1,
      k: before.options.k,
    };
    return words(after.status === "won" ? "speech.wins" : "speech.move", values);
  },
};
