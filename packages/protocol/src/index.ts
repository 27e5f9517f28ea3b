export * from "./ids.js";
export * from "./errors.js";
export * from "./model.js";
export * from "./client-events.js";
export * from "./server-events.js";
export * from "./http.js";
export * from "./lobby.js";
