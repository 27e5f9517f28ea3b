import type { KrkState } from "@arena/engine/games/krk/index";
import { BLACK, moveFrom, moveTo, sideInCheck } from "@arena/engine/games/krk/position";
import { squareName } from "@arena/engine/games/krk/squares";
import type { GameSpeech } from "../web-game";

/** What a move brought about, as the announcement's last words say it. */
export function noteOf(before: KrkState, move: number, after: KrkState): string {
  switch (after.status) {
    case "checkmate":
      return "mate";
    case "stalemate":
      return "stalemate";
    case "rook-captured":
      return "capture";
    case "fifty-moves":
    case "repetition":
      return "draw";
    case "ongoing":
      if (before.position.side === BLACK && moveTo(move) === before.position.wr) return "capture";
      return sideInCheck(after.position) ? "check" : "none";
  }
}

/** "White rook e4, check"; no score (the 50-move count stands for it). */
export const krkSpeech: GameSpeech<KrkState, number> = {
  move(before, move, after, words) {
    const side = before.position.side;
    return words("speech.move", {
      seat: words("seat", { seat: String(side), number: side + 1 }),
      piece: moveFrom(move) === before.position.wr ? "rook" : "king",
      square: squareName(moveTo(move)),
      note: noteOf(before, move, after),
    });
  },
};
