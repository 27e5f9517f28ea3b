import type { GameAi } from "../../../ai/game-ai.js";
import { DICE_OF_DOOM_SPECS, parseDiceOfDoomSpec } from "../../../players/dice-of-doom.js";
import type { DiceOfDoomState } from "../types.js";
import { chooseDiceOfDoomMove, diceOfDoomLevels } from "./levels.js";
import { analyzeDiceOfDoom } from "./analysis.js";

export const diceOfDoomAi: GameAi<DiceOfDoomState> = {
  levels: diceOfDoomLevels,
  choose: (state, level, options) => chooseDiceOfDoomMove(state, level, options),
  analyze: (state, options) => analyzeDiceOfDoom(state, options),
  playerSpecs: DICE_OF_DOOM_SPECS,
  parsePlayer: parseDiceOfDoomSpec,
};
