// boardgame.io 0.50.2's own server (Koa + socket.io transport, in-memory storage) with the count game.
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const { Server } = require("boardgame.io/server");
import { CountGame } from "./bgio-game.mjs";

const port = Number(process.env.PORT ?? 4200);
const server = Server({ games: [CountGame], origins: ["http://localhost:3000"] });
await server.run({ port, lobbyConfig: { apiPort: port + 1 } });
console.log(`bgio listening on ${port}`);
process.on("SIGTERM", () => process.exit(0));
