import { type AnalysisRequest, analyzePosition } from "@arena/engine/ai/analyze-position";
import { type AiRequest, chooseMove } from "@arena/engine/ai/choose-move";
import { type AiAnswer, type AiPool, type AnalysisAnswer, fromEngine } from "./pool.js";

/** Unit tests: the engine on the main thread, answered on a later tick so ordering matches the real pool. */
export class InlinePool implements AiPool {
  choose(request: AiRequest, signal: AbortSignal): Promise<AiAnswer> {
    return new Promise((resolve) => {
      setImmediate(() => {
        if (signal.aborted) resolve({ ok: false, error: { code: "aborted", message: "cancelled" } });
        else resolve(fromEngine(chooseMove(request, () => performance.now())));
      });
    });
  }

  analyze(request: AnalysisRequest, signal: AbortSignal): Promise<AnalysisAnswer> {
    return new Promise((resolve) => {
      setImmediate(() => {
        if (signal.aborted) resolve({ ok: false, error: { code: "aborted", message: "cancelled" } });
        else resolve(fromEngine(analyzePosition(request, () => performance.now())));
      });
    });
  }

  queueDepth(): number {
    return 0;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
