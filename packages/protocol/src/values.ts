// The protocol's plain values (constants, id constructors, list folds), without its zod schemas: the entry
// the browser imports from (`@arena/protocol/values`), so that its pages load no zod (docs/web.md, "Light
// pages"). Each schema module re-exports its own, so the package root still has them all.
export * from "./values/ids.js";
export * from "./values/errors.js";
export * from "./values/model.js";
export * from "./values/accounts.js";
export * from "./values/chat.js";
export * from "./values/client-events.js";
export * from "./values/email.js";
export * from "./values/http.js";
export * from "./values/lobby.js";
export * from "./values/moderation.js";
export * from "./values/notifications.js";
export * from "./values/tournaments.js";
export * from "./values/puzzles.js";
export * from "./my-games.js";
