import type { GameAi } from "../../../ai/game-ai.js";
import type { DiceOfDoomState } from "../types.js";
import { chooseDiceOfDoomMove, diceOfDoomLevels } from "./levels.js";
import { analyzeDiceOfDoom } from "./analysis.js";

export const diceOfDoomAi: GameAi<DiceOfDoomState> = {
  levels: diceOfDoomLevels,
  choose: (state, level, options) => chooseDiceOfDoomMove(state, level, options),
  analyze: (state, options) => analyzeDiceOfDoom(state, options),
};
