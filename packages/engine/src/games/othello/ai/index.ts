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
export { type MatchResult, playMatch } from "./match.js";
export {
  type IagoPlayerOptions,
  type IagoPlayerResult,
  type TimeBudget,
  iagoPlay,
  solverEmptiesFor,
  timeBudget,
} from "./player.js";
export {
  type SolveOptions,
  type SolveResult,
  clearSolverTable,
  solveBits,
  solveExact,
  solveWinLossDraw,
  solverNodes,
  stableDiscs,
} from "./solver.js";
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
  iago,
  iagoIteration,
  maximizer,
  minimaxSearcher,
  randomStrategy,
} from "./strategies.js";
export { type LevelMove, OTHELLO_LEVELS, OTHELLO_MAX_LEVEL, othelloLevelMove } from "./levels.js";
