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

/** A search's share of the threads when `inFlight` searches (itself included) compete for them. */
export function aiShare(threads: number, inFlight: number): number {
  return Math.min(1, threads / Math.max(1, inFlight));
}

/** The compiled worker of the engine (`packages/engine/src/worker.ts`); piscina cannot load TypeScript. */
export function engineWorkerPath(): string {
  return createRequire(import.meta.url).resolve("@arena/engine/worker");
}

interface Waiting {
  readonly request: AiRequest;
  readonly signal: AbortSignal;
  readonly queuedAt: number;
  /** When the seat's flag falls (epoch ms): the queue serves the earliest first. */
  readonly deadline: number;
  readonly answer: (answer: AiAnswer) => void;
}

const ABORTED: AiAnswer = { ok: false, error: { code: "aborted", message: "cancelled" } };
const BUSY: AiAnswer = { ok: false, error: { code: "busy", message: "the AI queue is full" } };

/**
 * Worker threads via piscina, fed from a queue ordered by deadline: the seat whose flag falls first is
 * served first. In first-come order, a seat with seconds left waited behind searches budgeted from other
 * seats' minutes, and lost on time (8 of 50 level-7 games at 3+2 on one thread). Each search is handed its
 * share of the threads when it starts, and the time it waited is taken off its clock (`effectiveClock`).
 * A crashed worker is replaced by piscina; an aborted one (the seat's time ran out) is terminated.
 */
export class PiscinaPool implements AiPool {
  private readonly pool: Piscina<AiRequest, Result<AiResponse, GameError>>;
  private readonly threads: number;
  private readonly maxQueue: number;
  private readonly waiting: Waiting[] = [];
  private running = 0;

  constructor(options: PiscinaPoolOptions, filename: string = engineWorkerPath()) {
    this.threads = options.maxThreads;
    this.maxQueue = options.maxQueue;
    this.pool = new Piscina({ filename, minThreads: 1, maxThreads: options.maxThreads });
  }

  choose(request: AiRequest, signal: AbortSignal): Promise<AiAnswer> {
    if (signal.aborted) return Promise.resolve(ABORTED);
    const queuedAt = performance.timeOrigin + performance.now();
    const deadline = queuedAt + request.remainingMs;
    if (this.waiting.length >= this.maxQueue) {
      // Full: the request whose flag falls last makes room if this one's falls sooner (it has the time to
      // ask again: the room retries a busy answer), else this one is refused.
      let latest = 0;
      for (let i = 1; i < this.waiting.length; i++) {
        if ((this.waiting[i]?.deadline ?? 0) > (this.waiting[latest]?.deadline ?? 0)) latest = i;
      }
      const evict = this.waiting[latest];
      if (evict === undefined || evict.deadline <= deadline) return Promise.resolve(BUSY);
      this.waiting.splice(latest, 1);
      evict.answer(BUSY);
    }
    return new Promise((answer) => {
      const job: Waiting = { request, signal, queuedAt, deadline, answer };
      this.waiting.push(job);
      signal.addEventListener(
        "abort",
        () => {
          const index = this.waiting.indexOf(job);
          if (index === -1) return; // running: piscina cancels it
          this.waiting.splice(index, 1);
          answer(ABORTED);
        },
        { once: true },
      );
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.threads && this.waiting.length > 0) {
      let next = 0;
      for (let i = 1; i < this.waiting.length; i++) {
        if ((this.waiting[i]?.deadline ?? Infinity) < (this.waiting[next]?.deadline ?? Infinity)) next = i;
      }
      const [job] = this.waiting.splice(next, 1);
      if (job === undefined) return;
      this.running++;
      const stamped: AiRequest = {
        ...job.request,
        queuedAt: job.queuedAt,
        share: aiShare(this.threads, this.running + this.waiting.length),
      };
      void this.pool
        .run(stamped, { signal: job.signal })
        .then(
          (result) => job.answer(fromEngine(result)),
          (error: unknown) =>
            job.answer(
              job.signal.aborted
                ? ABORTED
                : {
                    ok: false,
                    error: {
                      code: "failed",
                      message: error instanceof Error ? error.message : "worker failed",
                    },
                  },
            ),
        )
        .finally(() => {
          this.running--;
          this.pump();
        });
    }
  }

  queueDepth(): number {
    return this.waiting.length;
  }

  async close(): Promise<void> {
    await this.pool.close({ force: true });
  }
}
