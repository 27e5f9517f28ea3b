export * from "./core/errors.js";
export * from "./core/game.js";
export * from "./core/result.js";
export * from "./core/rng.js";
export * from "./core/checked-play.js";
export { perft } from "./debug.js";
export * from "./registry.js";
export * as Othello from "./games/othello/index.js";
export { othello } from "./games/othello/index.js";
