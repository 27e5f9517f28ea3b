import type { GameId } from "@arena/engine/registry";
import type { PuzzleThemes } from "@arena/protocol";

/** A game's puzzle themes, as the server counts them. */
export interface GameThemes {
  readonly gameId: GameId;
  readonly themes: PuzzleThemes["themes"];
}

/** The games that have puzzles: those whose themes count any (the store decides, not this build). */
export function gamesWithPuzzles(games: readonly GameThemes[]): readonly GameThemes[] {
  return games.filter((game) => game.themes.some((theme) => theme.count > 0));
}
