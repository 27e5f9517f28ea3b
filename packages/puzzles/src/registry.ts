import type { GameId } from "@arena/engine";
import type { AnyPuzzleFinder } from "./finder.js";
import { connectFourPuzzles } from "./games/connect-k/finder.js";
import { krkPuzzles } from "./games/krk/finder.js";
import { othelloPuzzles } from "./games/othello/finder.js";

/**
 * Every game's puzzle finder, by game id; null for a game without puzzles (Dice of Doom: chance leaves
 * no exact solution to prove unique). A game gains puzzles here and in its own folder only.
 */
export const PUZZLE_FINDERS = {
  othello: othelloPuzzles,
  "connect-k": connectFourPuzzles,
  "dice-of-doom": null,
  krk: krkPuzzles,
} as const satisfies Record<GameId, AnyPuzzleFinder | null>;

export function puzzleFinder(gameId: GameId): AnyPuzzleFinder | null {
  return PUZZLE_FINDERS[gameId];
}

/** The games that have puzzles. */
export const PUZZLE_GAME_IDS = (Object.keys(PUZZLE_FINDERS) as GameId[]).filter(
  (id) => PUZZLE_FINDERS[id] !== null,
);
