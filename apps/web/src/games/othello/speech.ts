import * as Othello from "@arena/engine/games/othello/index";
import type { GameSpeech } from "../web-game";

/** The squares the mover turned: the opponent's before the move, the mover's after it. */
export function flippedSquares(before: Othello.OthelloState, after: Othello.OthelloState): number[] {
  const black = before.turn === Othello.BLACK;
  const [lo, hi] = black
    ? [before.whiteLo & after.blackLo, before.whiteHi & after.blackHi]
    : [before.blackLo & after.whiteLo, before.blackHi & after.whiteHi];
  return Othello.squaresOf(lo, hi);
}

/** "Black d3, flips d4 e4"; the score as the disc counts. */
export const othelloSpeech: GameSpeech<Othello.OthelloState, number> = {
  move(before, move, after, words) {
    const seat = words("seat", { seat: String(before.turn), number: before.turn + 1 });
    if (move === Othello.PASS) return words("speech.pass", { seat });
    const flips = flippedSquares(before, after).map(Othello.squareName).join(" ");
    return words("speech.move", { seat, square: Othello.squareName(move), flips });
  },
  score: (state, words) => words("speech.score", Othello.discCounts(state)),
};
