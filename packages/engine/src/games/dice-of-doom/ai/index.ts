export { type BookChoice, BOOK_DEPTH, bookEvaluate, bookMove, bookRatings } from "./book.js";
export {
  type ChooseOptions,
  type ChosenMove,
  type DiceOfDoomLevel,
  type DiceOfDoomStrategy,
  DICE_OF_DOOM_STRATEGIES,
  chooseDiceOfDoomMove,
  diceOfDoomLevels,
  moveBudgetMs,
} from "./levels.js";
