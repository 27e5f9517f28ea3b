export * from "./moves.js";
export * from "./model.js";
export * from "./queries.js";
export * from "./replay.js";
export * from "./view.js";
export * from "./follower.js";
export * from "./clock.js";
export * from "./hidden-chance.js";
