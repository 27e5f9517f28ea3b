export * from "./core/errors.js";
export * from "./core/game.js";
export * from "./core/result.js";
export * from "./core/rng.js";
export * from "./core/chance.js";
export * from "./core/checked-play.js";
export * from "./core/records.js";
export { perft } from "./debug.js";
export * from "./registry.js";
export * as Othello from "./games/othello/index.js";
export { othello } from "./games/othello/index.js";
export * as ConnectK from "./games/connect-k/index.js";
export { connectK } from "./games/connect-k/index.js";
export * as DiceOfDoom from "./games/dice-of-doom/index.js";
export { diceOfDoom } from "./games/dice-of-doom/index.js";
export * as Krk from "./games/krk/index.js";
export { krk } from "./games/krk/index.js";
export * as Search from "./search/index.js";
export { type AiRequest, type AiResponse, chooseMove } from "./ai/choose-move.js";
export { type AnalysisRequest, type NotatedAnalysis, analyzePosition } from "./ai/analyze-position.js";
export {
  ANALYSIS_UNITS,
  type AiLevel,
  type AiOptions,
  type AnalysisUnit,
  type AnalyzeOptions,
  type AnyGameAi,
  type GameAi,
  type PositionAnalysis,
} from "./ai/game-ai.js";
export { type AnalyzedMove, type MoveLoss, analyzeMove, moveLoss } from "./ai/analysis.js";
export { GAME_AIS, aiFor } from "./ai/registry.js";
export * as OthelloAi from "./games/othello/ai/index.js";
export * as KrkAi from "./games/krk/ai/index.js";
export * from "./core/excerpt.js";
