// The AI worker entry: piscina loads the compiled dist/worker.js in a worker
// thread and calls the default export once per request, so search never
// blocks the server's event loop.
import { type AnalysisRequest, type NotatedAnalysis, analyzePosition } from "./ai/analyze-position.js";
import { type AiRequest, type AiResponse, chooseMove, effectiveClock } from "./ai/choose-move.js";
import { type GameError } from "./core/errors.js";
import { type Result } from "./core/result.js";

// The engine compiles without DOM or Node types (it stays pure), so the one
// global the worker needs is declared here rather than pulled in wholesale.
const clock = (globalThis as unknown as { readonly performance: { now(): number; timeOrigin: number } })
  .performance;

/**
 * A move request as the pool sends it: `stop`, over a SharedArrayBuffer, is the pool's flag (non-zero:
 * answer now with the best move so far), read each time the search reads its clock.
 */
export type WorkerAiRequest = AiRequest & { readonly stop?: Int32Array };

export default function runAi(request: WorkerAiRequest): Result<AiResponse, GameError> {
  // timeOrigin + now() is epoch time on every thread, the base of `queuedAt`.
  const startedAt = clock.timeOrigin + clock.now();
  const { stop, ...move } = request;
  const stopped = stop === undefined ? undefined : () => Atomics.load(stop, 0) !== 0;
  return chooseMove({ ...move, ...effectiveClock(move, startedAt) }, () => clock.now(), stopped);
}

/** Piscina's named task `analyze`: one position of a post-game analysis (docs/analysis.md). */
export function analyze(request: AnalysisRequest): Result<NotatedAnalysis, GameError> {
  return analyzePosition(request, () => clock.now());
}
