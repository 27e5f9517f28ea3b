// The mining worker: piscina loads the compiled dist/mine-worker.js in a thread of its own and calls the
// default export per finished game, so that a game's exact solves (seconds for Othello) never block the
// server's event loop nor wait behind or delay a player's refutation.
import { type GameError, type Result } from "@arena/engine";
import { type MinedGame, mineGame } from "./mine.js";
import { type Puzzle } from "./puzzle.js";

export default function runMining(game: MinedGame): Result<Puzzle[], GameError> {
  return mineGame(game);
}
