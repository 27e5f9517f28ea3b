import { type GameError, type Result } from "@arena/engine";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { type AnalysisRequest, type NotatedAnalysis } from "@arena/engine/ai/analyze-position";
import { type AiRequest, type AiResponse } from "@arena/engine/ai/choose-move";
import { type WorkerAiRequest } from "@arena/engine/worker";
import { Piscina } from "piscina";

export type AiFailure = { readonly code: "busy" | "failed" | "aborted"; readonly message: string };
export type Answer<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AiFailure };
export type AiAnswer = Answer<AiResponse>;
/** An analysed position, or why not: `failed` with the engine's message for a state it cannot read. */
export type AnalysisAnswer = Answer<NotatedAnalysis>;

/** Runs AI searches off the event loop. The room never waits on it: answers come back through its mailbox. */
export interface AiPool {
  /**
   * A move for an AI seat. `owner`: whose turn in the queue it takes (the room's host); one owner's many
   * requests share one turn, so one user's flood of AI games delays only that user.
   */
  choose(request: AiRequest, signal: AbortSignal, owner?: string): Promise<AiAnswer>;
  /**
   * Analyses one position (docs/analysis.md), at a lower priority than every seat's move: an analysis
   * never holds a thread a seat's search could use, and starts only while no seat's request waits.
   * `owner` (the client's address): owners take turns in the lane, so one address's many requests never
   * queue ahead of another's.
   */
  analyze(request: AnalysisRequest, signal: AbortSignal, owner?: string): Promise<AnalysisAnswer>;
  /** Requests waiting for a thread (for metrics). */
  queueDepth(): number;
  close(): Promise<void>;
}

/** An engine result as an answer (the engine's message for a state it cannot read). */
export function fromEngine<T>(result: Result<T, GameError>): Answer<T> {
  return result.ok ? result : { ok: false, error: { code: "failed", message: result.error.message } };
}

/** Unit tests: the engine on the main thread (ai/inline-pool.ts). */
export { InlinePool } from "./inline-pool.js";

export interface PiscinaPoolOptions {
  /** 1–2 on a 2-core machine: the event loop needs a core too (`AI_THREADS`'s default in env.ts). */
  readonly maxThreads: number;
  /** Requests beyond this are refused as busy; one match has at most one pending request. */
  readonly maxQueue: number;
  /**
   * How long a search runs before another user's waiting request may stop it (default `AI_SLICE_MS`):
   * the stopped search answers at once with its best move so far, and the waiting one takes the thread.
   */
  readonly sliceMs?: number;
  /** Analyses run at once, on threads of their own (default `defaultAnalysisLanes()`). */
  readonly analysisLanes?: number;
}

/** One analysis thread per core, up to two: a finished game is analysed on both cores of a 2-core machine. */
export function defaultAnalysisLanes(): number {
  return Math.max(1, Math.min(2, availableParallelism()));
}

/**
 * A search's guaranteed time on a thread before another user's waiting request stops it: short enough
 * that a user waits well under a second behind other users' long searches (docs/reliability.md, "Fair
 * play, round two"), long enough that a preempted level 7 or 8 has finished several iterations.
 */
export const AI_SLICE_MS = 150;

/**
 * A search's share of the threads: `owners` take turns (owners with searches running or waiting), and
 * an owner's turns are split among its own `ownerInFlight` searches (this one included). With one owner
 * this is threads / searches in flight.
 */
export function aiShare(threads: number, ownerInFlight: number, owners = 1): number {
  return Math.min(1, threads / (Math.max(1, owners) * Math.max(1, ownerInFlight)));
}

/** The compiled worker of the engine (`packages/engine/src/worker.ts`); piscina cannot load TypeScript. */
export function engineWorkerPath(): string {
  return createRequire(import.meta.url).resolve("@arena/engine/worker");
}

interface Waiting {
  readonly request: AiRequest;
  readonly owner: string;
  readonly signal: AbortSignal;
  readonly queuedAt: number;
  /** When the seat's flag falls (epoch ms): the queue serves the earliest first. */
  readonly deadline: number;
  readonly answer: (answer: AiAnswer) => void;
}

/** A search on a thread: whose it is, since when, and the flag that tells it to answer now. */
interface Running {
  readonly owner: string;
  readonly startedAt: number;
  /** Over a SharedArrayBuffer: the worker's clock reads it (`@arena/engine/worker`, `stop`). */
  readonly stop: Int32Array;
}

interface WaitingAnalysis {
  readonly request: AnalysisRequest;
  readonly owner: string;
  readonly signal: AbortSignal;
  readonly answer: (answer: AnalysisAnswer) => void;
  /** Takes the job out of the queue if its signal aborts; removed once it leaves the queue. */
  readonly onAbort: () => void;
}

const ABORTED = { ok: false, error: { code: "aborted", message: "cancelled" } } as const;
const BUSY = { ok: false, error: { code: "busy", message: "the AI queue is full" } } as const;

/** A task that threw in its worker: cancelled if its signal was, else failed (the worker is replaced). */
function workerFailure(error: unknown, signal: AbortSignal): typeof ABORTED | Answer<never> {
  if (signal.aborted) return ABORTED;
  return {
    ok: false,
    error: { code: "failed", message: error instanceof Error ? error.message : "worker failed" },
  };
}

/**
 * The analysis threads' nice increment (Linux, per thread): a seat's search on the same core gets about
 * nine tenths of it, so an analysis takes only the time the seats leave.
 */
const ANALYSIS_NICE = 10;

/** Analysis owners whose last turn is remembered; a forgotten one counts as never served. */
const ANALYSIS_OWNERS_KEPT = 10_000;

/**
 * Worker threads via piscina, fed from a queue that owners (rooms' hosts) take turns at, each turn going
 * to the earliest deadline among the owners not yet served in this round: the seat whose flag falls
 * first is served first, except that one owner's flood of requests waits its turn behind everyone else's
 * (150 AI games of one guest kept another user's level-1 opponent waiting over 45 s). In first-come
 * order, a seat with seconds left waited behind searches budgeted from other seats' minutes, and lost on
 * time (8 of 50 level-7 games at 3+2 on one thread). Each search is handed its share of the threads when
 * it starts (`aiShare`: per owner, then per search), and the time it waited is taken off its clock
 * (`effectiveClock`). A search runs a slice (`sliceMs`) before another user's request may stop it: with
 * every thread busy and an owner with no search running waiting, the longest-running search is told to
 * answer now with its best move so far (one guest's level 8 on a 20-minute clock kept another user's
 * level 1 waiting 20 s, and its game was aborted). A crashed worker is replaced by piscina; an aborted one (the seat's time ran out) is
 * terminated.
 */
export class PiscinaPool implements AiPool {
  // Two task kinds share the threads (the default export chooses moves, `analyze` analyses), hence unknown.
  private readonly pool: Piscina<WorkerAiRequest, unknown>;
  /** The analysis lanes: threads of their own at a lower priority (docs/analysis.md, "Where it runs"). */
  private readonly analysisPool: Piscina<AnalysisRequest, unknown>;
  private readonly lanes: number;
  private readonly threads: number;
  private readonly maxQueue: number;
  private readonly waiting: Waiting[] = [];
  private readonly analyses: WaitingAnalysis[] = [];
  private running = 0;
  /** Searches running or waiting, per owner (owners with none are not listed). */
  private readonly inFlight = new Map<string, number>();
  /** The round each owner was last served in; an owner not served in the current round goes first. */
  private readonly servedIn = new Map<string, number>();
  private round = 0;
  private analysing = 0;
  /** The turn each analysis owner was last served in (round robin between addresses). */
  private readonly analysisServed = new Map<string, number>();
  private analysisTurn = 0;
  private readonly sliceMs: number;
  private readonly runs = new Set<Running>();
  /** The one timer that rechecks for preemption when a running search's slice ends. */
  private sliceTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: PiscinaPoolOptions, filename: string = engineWorkerPath()) {
    this.threads = options.maxThreads;
    this.maxQueue = options.maxQueue;
    this.sliceMs = options.sliceMs ?? AI_SLICE_MS;
    this.pool = new Piscina({ filename, minThreads: this.threads, maxThreads: this.threads });
    // An analysis never occupies a thread a seat's search is waiting for, nor a core it is using.
    this.lanes = options.analysisLanes ?? defaultAnalysisLanes();
    this.analysisPool = new Piscina({
      filename,
      minThreads: this.lanes,
      maxThreads: this.lanes,
      niceIncrement: ANALYSIS_NICE,
    });
  }

  analyze(request: AnalysisRequest, signal: AbortSignal, owner = ""): Promise<AnalysisAnswer> {
    if (signal.aborted) return Promise.resolve(ABORTED);
    return new Promise((answer) => {
      const job: WaitingAnalysis = {
        request,
        owner,
        signal,
        answer,
        onAbort: () => {
          const index = this.analyses.indexOf(job);
          if (index === -1) return;
          this.analyses.splice(index, 1);
          answer(ABORTED);
        },
      };
      this.analyses.push(job);
      signal.addEventListener("abort", job.onAbort, { once: true });
      this.pump();
    });
  }

  /** The waiting analysis whose owner was served longest ago (an owner never served: first). */
  private nextAnalysis(): WaitingAnalysis | undefined {
    let best: WaitingAnalysis | undefined;
    let bestTurn = Infinity;
    for (const job of this.analyses) {
      const turn = this.analysisServed.get(job.owner) ?? -1;
      if (turn < bestTurn) {
        best = job;
        bestTurn = turn;
      }
    }
    return best;
  }

  /** Starts waiting analyses in their lane, only while no seat's request waits (lower priority). */
  private pumpAnalyses(): void {
    while (this.analysing < this.lanes && this.waiting.length === 0 && this.analyses.length > 0) {
      const job = this.nextAnalysis();
      if (job === undefined) return;
      this.analyses.splice(this.analyses.indexOf(job), 1);
      // Kept in the order served, the longest ago first, and bounded: the oldest owners are forgotten.
      this.analysisServed.delete(job.owner);
      this.analysisServed.set(job.owner, ++this.analysisTurn);
      for (const oldest of this.analysisServed.keys()) {
        if (this.analysisServed.size <= ANALYSIS_OWNERS_KEPT) break;
        this.analysisServed.delete(oldest);
      }
      // From here piscina watches the signal: a job's signal may serve many analyses in turn.
      job.signal.removeEventListener("abort", job.onAbort);
      this.analysing++;
      void this.analysisPool
        .run(job.request, { name: "analyze", signal: job.signal })
        .then(
          (result) => job.answer(fromEngine(result as Result<NotatedAnalysis, GameError>)),
          (error: unknown) => job.answer(workerFailure(error, job.signal)),
        )
        .finally(() => {
          this.analysing--;
          this.pump();
        });
    }
  }

  choose(request: AiRequest, signal: AbortSignal, owner = ""): Promise<AiAnswer> {
    if (signal.aborted) return Promise.resolve(ABORTED);
    const queuedAt = performance.timeOrigin + performance.now();
    const deadline = queuedAt + request.remainingMs;
    if (this.waiting.length >= this.maxQueue) {
      // Full: a request of the owner waiting most makes room (its flag falling last), unless that owner is
      // this request's and its flag falls last of all: then this one is refused. A refused request has the
      // time to ask again (the room retries a busy answer).
      const evict = this.evictionFor(owner, deadline);
      if (evict === null) return Promise.resolve(BUSY);
      this.dequeue(evict);
      evict.answer(BUSY);
    }
    return new Promise((answer) => {
      const job: Waiting = { request, owner, signal, queuedAt, deadline, answer };
      this.waiting.push(job);
      this.count(owner, 1);
      signal.addEventListener(
        "abort",
        () => {
          if (!this.waiting.includes(job)) return; // running: piscina cancels it
          this.dequeue(job);
          answer(ABORTED);
        },
        { once: true },
      );
      this.pump();
    });
  }

  /** The waiting request to refuse for a newcomer of `owner` whose flag falls at `deadline`, or null. */
  private evictionFor(owner: string, deadline: number): Waiting | null {
    const waitingBy = new Map<string, number>([[owner, 1]]);
    for (const job of this.waiting) waitingBy.set(job.owner, (waitingBy.get(job.owner) ?? 0) + 1);
    let most = owner;
    for (const [who, n] of waitingBy) if (n > (waitingBy.get(most) ?? 0)) most = who;
    let latest: Waiting | null = null;
    for (const job of this.waiting) {
      if (job.owner === most && (latest === null || job.deadline > latest.deadline)) latest = job;
    }
    if (latest === null || (most === owner && latest.deadline <= deadline)) return null;
    return latest;
  }

  private dequeue(job: Waiting): void {
    this.waiting.splice(this.waiting.indexOf(job), 1);
    this.count(job.owner, -1);
  }

  private count(owner: string, delta: 1 | -1): void {
    const n = (this.inFlight.get(owner) ?? 0) + delta;
    if (n > 0) {
      this.inFlight.set(owner, n);
    } else {
      this.inFlight.delete(owner);
      this.servedIn.delete(owner);
    }
  }

  /** The next turn: the earliest deadline among owners not served in this round (a new round if none). */
  private next(): Waiting | undefined {
    let best: Waiting | undefined;
    for (const job of this.waiting) {
      if (this.servedIn.get(job.owner) === this.round) continue;
      if (best === undefined || job.deadline < best.deadline) best = job;
    }
    if (best !== undefined || this.waiting.length === 0) return best;
    this.round++;
    return this.next();
  }

  private pump(): void {
    this.pumpSeats();
    this.pumpAnalyses();
    this.preempt();
  }

  /**
   * With every thread busy and a request waiting of an owner with no search running: stop the
   * longest-running search, once its slice is over; before that, look again when the slice ends. An
   * owner's own waiting requests never stop its search: they take turns within its turn.
   */
  private preempt(): void {
    if (this.sliceTimer !== null) clearTimeout(this.sliceTimer);
    this.sliceTimer = null;
    if (this.waiting.length === 0 || this.running < this.threads) return;
    const runningOwners = new Set<string>();
    let oldest: Running | null = null;
    for (const run of this.runs) {
      if (Atomics.load(run.stop, 0) !== 0) return; // one already stopping frees a thread soon
      runningOwners.add(run.owner);
      if (oldest === null || run.startedAt < oldest.startedAt) oldest = run;
    }
    if (!this.waiting.some((job) => !runningOwners.has(job.owner))) return;
    const now = performance.now();
    if (oldest === null) return;
    const sliceEnd = oldest.startedAt + this.sliceMs;
    if (now >= sliceEnd) {
      Atomics.store(oldest.stop, 0, 1);
      return;
    }
    this.sliceTimer = setTimeout(() => this.preempt(), Math.ceil(sliceEnd - now));
    this.sliceTimer.unref();
  }

  private pumpSeats(): void {
    while (this.running < this.threads && this.waiting.length > 0) {
      const job = this.next();
      if (job === undefined) return;
      this.waiting.splice(this.waiting.indexOf(job), 1);
      this.servedIn.set(job.owner, this.round);
      this.running++;
      const run: Running = {
        owner: job.owner,
        startedAt: performance.now(),
        stop: new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT)),
      };
      this.runs.add(run);
      const stamped: WorkerAiRequest = {
        ...job.request,
        queuedAt: job.queuedAt,
        share: aiShare(this.threads, this.inFlight.get(job.owner) ?? 1, this.inFlight.size),
        stop: run.stop,
      };
      void this.pool
        .run(stamped, { signal: job.signal })
        .then(
          (result) => job.answer(fromEngine(result as Result<AiResponse, GameError>)),
          (error: unknown) => job.answer(workerFailure(error, job.signal)),
        )
        .finally(() => {
          this.running--;
          this.runs.delete(run);
          this.count(job.owner, -1);
          this.pump();
        });
    }
  }

  queueDepth(): number {
    return this.waiting.length;
  }

  async close(): Promise<void> {
    if (this.sliceTimer !== null) clearTimeout(this.sliceTimer);
    await Promise.all([this.pool.close({ force: true }), this.analysisPool.close({ force: true })]);
  }
}
