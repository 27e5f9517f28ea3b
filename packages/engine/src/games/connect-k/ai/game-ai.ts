import type { GameAi } from "../../../ai/game-ai.js";
import type { ConnectKState } from "../board.js";
import { chooseConnectKMove, connectKLevels } from "./levels.js";
import { analyzeConnectK } from "./analysis.js";

export const connectKAi: GameAi<ConnectKState> = {
  levels: connectKLevels,
  choose: (state, level, options) => chooseConnectKMove(state, level, options),
  analyze: (state, options) => analyzeConnectK(state, options),
};
