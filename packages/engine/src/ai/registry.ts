import type { GameId } from "../registry.js";
import { connectKAi } from "../games/connect-k/ai/game-ai.js";
import { diceOfDoomAi } from "../games/dice-of-doom/ai/game-ai.js";
import { krkAi } from "../games/krk/ai/game-ai.js";
import { othelloAi } from "../games/othello/ai/game-ai.js";
import type { AnyGameAi } from "./game-ai.js";

/** Every game's AI, by game id: a game added to the rules registry must be added here too. */
export const GAME_AIS = {
  othello: othelloAi,
  "connect-k": connectKAi,
  "dice-of-doom": diceOfDoomAi,
  krk: krkAi,
} as const satisfies Record<GameId, AnyGameAi>;

export function aiFor(id: GameId): AnyGameAi {
  return GAME_AIS[id];
}
