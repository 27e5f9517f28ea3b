export { KRK_MATE_SCORE, analyzeKrk } from "./analysis.js";
export { type ForcingTree, type Plan, holds, constrainedMoves, strategy } from "./al0/interpreter.js";
export { type Al0Position, type Al0Step, BOOK_NEIGHBOURS, PREDICATES, check, room } from "./al0/library.js";
export { type Al0Decision, Al0Session, al0Decision } from "./al0/session.js";
export {
  type Advice,
  type Al0Variant,
  type Goal,
  type MoveConstraint,
  type Rule,
  type StalemateGuard,
  BOOK_VARIANT,
  PRODUCT_VARIANT,
  STALEMATE_GUARDS,
  adviceTable,
} from "./al0/table.js";
export {
  type KrkLevel,
  type KrkStrategy,
  KRK_STRATEGIES,
  al0Move,
  chooseKrkMove,
  krkLevels,
  perfectMove,
} from "./levels.js";
