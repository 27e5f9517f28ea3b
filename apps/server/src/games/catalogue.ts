import { aiFor } from "@arena/engine/ai/registry";
import { GAME_IDS, type GameId, getGame } from "@arena/engine/registry";
import { type GameInfo } from "@arena/protocol";

/** The strongest AI level a game offers; 1..this are valid. */
export function maxAiLevel(gameId: GameId): number {
  return aiFor(gameId).levels.length;
}

/**
 * What the lobby shows per game, from the engine's registries: title, seats with the default options,
 * and the AI levels with their names (the browser holds no AI code, so it learns them here).
 */
export function gameCatalogue(): GameInfo[] {
  return GAME_IDS.map((id) => {
    const game = getGame(id);
    const options = game.parseOptions({});
    return {
      id,
      title: game.title,
      seats: options.ok ? game.seatCount(options.value) : null,
      defaultOptions: options.ok ? options.value : null,
      aiLevels: aiFor(id).levels.map((level, i) => ({
        level: i + 1,
        name: level.name,
        description: level.description,
      })),
    };
  });
}

/**
 * Draws every game's default start once. A game whose starts come from tables built on first use (KRK's
 * oracle: seconds on a loaded machine) builds them now, at boot, not inside a room's decision while every
 * socket of the process waits (long enough for sockets to be dropped by ping timeout).
 */
export function drawEveryStart(): void {
  for (const id of GAME_IDS) {
    const game = getGame(id);
    const options = game.parseOptions({});
    if (options.ok) game.initial(options.value, 0);
  }
}
