import * as DiceOfDoom from "@arena/engine/games/dice-of-doom/index";
import type { Words } from "../../i18n/words";
import type { GameSpeech } from "../web-game";

const seatOf = (seat: number, words: Words): string =>
  words("seat", { seat: String(seat), number: seat + 1 });

/** Hexes held per seat still in the game, in seat order. */
export function hexesPerSeat(state: DiceOfDoom.DiceOfDoomState): { seat: number; hexes: number }[] {
  return state.eliminated.flatMap((out, seat) =>
    out ? [] : [{ seat, hexes: state.owner.filter((owner) => owner === seat).length }],
  );
}

/** "Red attacks b2 from a1, wins"; the score as the hexes each seat holds. */
export const diceOfDoomSpeech: GameSpeech<DiceOfDoom.DiceOfDoomState, number> = {
  move(before, move, after, words) {
    const seat = seatOf(before.player, words);
    if (move === DiceOfDoom.PASS) return words("speech.pass", { seat });
    const { size } = before;
    const source = DiceOfDoom.attackSource(move, size);
    const target = DiceOfDoom.attackTarget(move, size);
    return words("speech.attack", {
      seat,
      source: DiceOfDoom.cellName(source, size),
      target: DiceOfDoom.cellName(target, size),
      won: after.owner[target] === before.player ? "yes" : "no",
    });
  },
  score: (state, words) =>
    hexesPerSeat(state)
      .map(({ seat, hexes }) => words("speech.hexes", { seat: seatOf(seat, words), count: hexes }))
      .join(words("speech.separator")),
};
