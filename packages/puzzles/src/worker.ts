// The refutation worker: piscina loads the compiled dist/worker.js in a worker thread and calls the
// default export per wrong move, so the exact solves (up to half a second for Othello) never block the
// server's event loop.
import { type GameError, type Result } from "@arena/engine";
import { type RefutationRequest, refute } from "./refute.js";

export default function runRefutation(request: RefutationRequest): Result<string[], GameError> {
  return refute(request);
}
