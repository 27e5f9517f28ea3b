import { type Clock } from "../clocks/scheduler.js";

/** The most jobs one commit carries; a fuller queue commits at once. */
export const MAX_BATCH = 256;

type Waiting<Job, Result> = {
  readonly job: Job;
  readonly resolve: (result: Result) => void;
  readonly reject: (error: unknown) => void;
};

/**
 * Group commit (docs/architecture.md, "Several processes"): jobs submitted while the store is busy go to
 * it together. One commit is in flight at a time: jobs submitted meanwhile wait for its answer and then
 * go together, so a quiet server adds no latency and a busy one pays one round trip for many jobs. With
 * `windowMs` above 0, commits are also at least that far apart (a job waits at most one round trip and
 * `windowMs`).
 *
 * `commit` answers every job of its batch, in order (a failed job is a value in `Result`); if it throws,
 * every job of that batch is rejected with the error and none of another batch.
 */
export class GroupCommit<Job, Result> {
  private queue: Waiting<Job, Result>[] = [];
  private lastCommitAt = Number.NEGATIVE_INFINITY;
  private cancelTimer: (() => void) | null = null;
  private inFlight = 0;

  constructor(
    private readonly windowMs: number,
    private readonly clock: Clock,
    private readonly commit: (jobs: Job[]) => Promise<readonly Result[]>,
    private readonly maxBatch = MAX_BATCH,
  ) {}

  submit(job: Job): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      if (this.queue.length >= this.maxBatch) this.flush();
      else if (this.inFlight === 0 && this.cancelTimer === null) this.commitWhenDue();
    });
  }

  private commitWhenDue(): void {
    const due = this.lastCommitAt + this.windowMs;
    if (this.clock.now() >= due) this.flush();
    else this.cancelTimer = this.clock.schedule(due, this.flush);
  }

  /** How many jobs wait for the next commit. */
  get waiting(): number {
    return this.queue.length;
  }

  private readonly flush = (): void => {
    this.cancelTimer?.();
    this.cancelTimer = null;
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = [];
    this.lastCommitAt = this.clock.now();
    this.inFlight++;
    let committed: Promise<readonly Result[]>;
    try {
      committed = this.commit(batch.map((waiting) => waiting.job));
    } catch (error) {
      committed = Promise.reject(error);
    }
    committed
      .then(
        (results) => {
          if (results.length !== batch.length) {
            const error = new Error(`a commit answered ${results.length} of ${batch.length} jobs`);
            for (const waiting of batch) waiting.reject(error);
            return;
          }
          batch.forEach((waiting, i) => waiting.resolve(results[i] as Result));
        },
        (error: unknown) => {
          for (const waiting of batch) waiting.reject(error);
        },
      )
      .finally(this.committed);
  };

  private readonly committed = (): void => {
    this.inFlight--;
    if (this.inFlight === 0 && this.queue.length > 0 && this.cancelTimer === null) this.commitWhenDue();
  };
}
