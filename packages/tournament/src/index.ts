export * from "./types.js";
export * from "./events.js";
export * from "./matching.js";
export * from "./round-robin.js";
