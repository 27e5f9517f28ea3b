export * as Players from "./players/index.js";
export * as Tournament from "./tournament/index.js";
export { type MatchResult as StrategyMatchResult, playMatch as playStrategies } from "./othello/match.js";
