import { createRequire } from "node:module";
import { type GameError, type Result } from "@arena/engine";
import { type AiRequest, type AiResponse, chooseMove } from "@arena/engine/ai/choose-move";
import { Piscina } from "piscina";

export type AiFailure = { readonly code: "busy" | "failed" | "aborted"; readonly message: string };
export type AiAnswer =
  { readonly ok: true; readonly value: AiResponse } | { readonly ok: false; readonly error: AiFailure };

/** Runs AI searches off the event loop. The room never waits on it: answers come back through its mailbox. */
export interface AiPool {
  choose(request: AiRequest, signal: AbortSignal): Promise<AiAnswer>;
  /** Requests waiting for a thread (for metrics). */
  queueDepth(): number;
  close(): Promise<void>;
}

function fromEngine(result: Result<AiResponse, GameError>): AiAnswer {
  return result.ok ? result : { ok: false, error: { code: "failed", message: result.error.message } };
}

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

  queueDepth(): number {
    return 0;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

export interface PiscinaPoolOptions {
  /** 1–2 on a 2-core machine: the event loop needs a core too. */
  readonly maxThreads: number;
  /** Requests beyond this are refused as busy; one match has at most one pending request. */
  readonly maxQueue: number;
}

/**
 * A search's share of the threads when `inFlight` searches (itself included) compete for them. The
 * queue is FIFO, so the share is fixed when the request is queued: later arrivals do not slow it.
 */
export function aiShare(threads: number, inFlight: number): number {
  return Math.min(1, threads / Math.max(1, inFlight));
}

/** The compiled worker of the engine (`packages/engine/src/worker.ts`); piscina cannot load TypeScript. */
export function engineWorkerPath(): string {
  return createRequire(import.meta.url).resolve("@arena/engine/worker");
}

/**
 * Worker threads via piscina. A FIFO queue shared by every match is fair
 * because a match asks for at most one move at a time. A crashed worker is
 * replaced by piscina; an aborted one (the seat's time ran out) is terminated.
 */
export class PiscinaPool implements AiPool {
  private readonly pool: Piscina<AiRequest, Result<AiResponse, GameError>>;
  private readonly threads: number;
  /** Searches queued or running, this one included once counted. */
  private inFlight = 0;

  constructor(options: PiscinaPoolOptions, filename: string = engineWorkerPath()) {
    this.threads = options.maxThreads;
    this.pool = new Piscina({
      filename,
      minThreads: 1,
      maxThreads: options.maxThreads,
      maxQueue: options.maxQueue,
    });
  }

  async choose(request: AiRequest, signal: AbortSignal): Promise<AiAnswer> {
    if (this.pool.queueSize >= this.pool.options.maxQueue) {
      return { ok: false, error: { code: "busy", message: "the AI queue is full" } };
    }
    this.inFlight++;
    try {
      const stamped: AiRequest = {
        ...request,
        queuedAt: performance.timeOrigin + performance.now(),
        share: aiShare(this.threads, this.inFlight),
      };
      return fromEngine(await this.pool.run(stamped, { signal }));
    } catch (error) {
      if (signal.aborted) return { ok: false, error: { code: "aborted", message: "cancelled" } };
      return {
        ok: false,
        error: { code: "failed", message: error instanceof Error ? error.message : "worker failed" },
      };
    } finally {
      this.inFlight--;
    }
  }

  queueDepth(): number {
    return this.pool.queueSize;
  }

  async close(): Promise<void> {
    await this.pool.close({ force: true });
  }
}
