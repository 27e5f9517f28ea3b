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
