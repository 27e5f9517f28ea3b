export {
  type BitsEvaluator,
  EVALUATORS,
  type EvaluatorName,
  WEIGHTS,
  countDifferenceBits,
  edgeStability,
  edgeStabilityBits,
  evaluate,
  iagoEvalBits,
  iagoMobility,
  mobilityBits,
  modifiedWeightedSquaresBits,
  moveNumberOf,
  weightedSquaresBits,
} from "./eval.js";
export { edgeIndexOf, getEdgeTable, roundHalfEven } from "./edge-table.js";
export { type IagoPlayerOptions, iagoPlay, solverEmptiesFor } from "./player.js";
export { type TimeBudget, type TimedMove, timeBudget } from "./timed-move.js";
export {
  EndgameSolver,
  type EndgameSolverOptions,
  type SolveOptions,
  type SolveResult,
  type SolverOrdering,
  stableDiscs,
} from "./solver.js";
export { MidgameSearch, type MidgameOptions, type MidgameResult } from "./midgame.js";
export { type MidgameWasm, midgameWasm } from "./midgame-wasm.js";
export { type TrainedPlayerOptions, trainedPlay, trainedSolverEmptiesFor } from "./trained-player.js";
export { trainedEvalBits } from "./trained-eval.js";
export { type TrainedWeights, decodeWeights } from "./weights-codec.js";
export { iagoOrderedSolver, trainedMidgame, trainedOrderedSolver, trainedWeights } from "./thread-engines.js";
export {
  type FinalValueMode,
  LOSING_VALUE,
  MARGIN_WIN,
  type MoveOrder,
  STATIC_ORDER,
  type SearcherOptions,
  type Strategy,
  type StrategyContext,
  WINNING_VALUE,
  alphaBetaSearcher,
  alphaBetaSearcher2,
  alphaBetaSearcher3,
  createContext,
  createIagoSearcher,
  iago,
  iagoIteration,
  maximizer,
  minimaxSearcher,
  randomStrategy,
} from "./strategies.js";
export { type LevelMove, OTHELLO_LEVELS, OTHELLO_MAX_LEVEL, othelloLevelMove } from "./levels.js";
