export type {
  DepthSearchResult,
  Evaluator,
  MoveKey,
  MoveOrderer,
  ScoringOptions,
  SearchGame,
  SearchStats,
  TerminalValue,
} from "./types.js";
export { DEFAULT_WIN_SCORE, MAX_PLY, outcomeValue } from "./scoring.js";
export { minimax, expectimax } from "./minimax.js";
export { alphaBeta, paranoidSearch, type AlphaBetaOptions } from "./alpha-beta.js";
export { search, STOP_REASONS, type SearchOptions, type SearchResult, type StopReason } from "./engine.js";
export { BOUND, DEFAULT_TABLE_SIZE, TranspositionTable, type Bound } from "./transposition.js";
export { withTieBreakNoise } from "./noise.js";
export * from "./budget.js";
