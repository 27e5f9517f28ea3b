export {
  END_REASONS,
  deriveSeed,
  diceRandom,
  playMatch,
  randomOpening,
  type ClockSetting,
  type EndReason,
  type GameRecord,
  type Match,
  type MatchOptions,
  type MatchResult,
  type MoveEvent,
  type MoveKind,
  type MoveRecord,
  type OpeningMove,
} from "./match.js";
export {
  series,
  totalsOf,
  type GameSummary,
  type PlayerTotals,
  type SeriesOptions,
  type SeriesResult,
} from "./series.js";
export { combinations, roundRobin, type RoundRobinResult } from "./round-robin.js";
export { fitElo, type EloEstimate, type EloOptions } from "./elo.js";
