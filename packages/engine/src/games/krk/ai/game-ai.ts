import type { GameAi } from "../../../ai/game-ai.js";
import type { KrkState } from "../state.js";
import { analyzeKrk } from "./analysis.js";
import { chooseKrkMove, krkLevels } from "./levels.js";

export const krkAi: GameAi<KrkState> = {
  levels: krkLevels,
  choose: (state, level, options) => chooseKrkMove(state, level, options),
  analyze: (state) => analyzeKrk(state),
};
