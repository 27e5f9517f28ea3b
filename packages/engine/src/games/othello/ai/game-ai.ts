import type { GameAi } from "../../../ai/game-ai.js";
import type { OthelloState } from "../rules.js";
import { OTHELLO_LEVELS, othelloLevelMove } from "./levels.js";
import { analyzeOthello } from "./analysis.js";

export const othelloAi: GameAi<OthelloState> = {
  levels: OTHELLO_LEVELS,
  choose: (state, level, options) => othelloLevelMove(state, level, options),
  analyze: (state, options) => analyzeOthello(state, options),
};
