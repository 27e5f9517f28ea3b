export {
  type SolveOptions,
  type SolveResult,
  ConnectKSolver,
  bestMove,
  isSolvable,
  solve,
  solverFor,
} from "./solver.js";
export { type MoveRating, RATE_MOVES_MAX_CELLS, blogMoveOrder, rateMoves, trilobiteMove } from "./small.js";
export { centreFirst, evaluateConnectK } from "./heuristic.js";
export {
  type ChooseOptions,
  type ChosenMove,
  type ConnectKLevel,
  type ConnectKStrategy,
  CONNECT_K_STRATEGIES,
  SOLVER_MAX_EMPTY,
  chooseConnectKMove,
  connectKLevels,
  moveBudgetMs,
} from "./levels.js";
