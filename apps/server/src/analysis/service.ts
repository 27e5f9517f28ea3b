import { type PositionAnalysis, getGame, isGameId, moveLoss } from "@arena/engine";
import { type MatchModel, positionsOf } from "@arena/match";
import {
  type AnalysedMove,
  type AnalysedPosition,
  type AnalysisStatus,
  type Failure,
  type MatchAnalysis,
  type MatchId,
  type UserId,
  failure,
} from "@arena/protocol";
import { type AiPool } from "../ai/pool.js";
import { TokenBucket } from "../protocol/rate-limit.js";
import { type MatchStore } from "../store/ports/matches.js";
import { type JobClaims } from "./claims.js";
import { AnalysisLane, DEFAULT_LANE_LIMITS, type LaneLimits } from "./lane.js";

/**
 * What a request gets: a value, or a refusal with its reason code, the HTTP status it maps to and, for
 * `rate-limited`, when to try again.
 */
export type Outcome<T> =
  | { readonly ok: true; readonly value: T }
  | (Failure & { readonly status: number; readonly retryAfterMs?: number });

export interface AnalysisServiceOptions {
  readonly store: MatchStore;
  readonly ai: Pick<AiPool, "analyze">;
  /** Which process runs a match's job: one per match across processes. */
  readonly claims: JobClaims;
  /**
   * Tells the match's sockets, and the sockets of the users who asked (`askers`), on every process, how its
   * analysis moved on (`analysis:progress`).
   */
  readonly push: (matchId: MatchId, status: AnalysisStatus, askers: readonly string[]) => void;
  /** The match, folded from its log (through the room cache); null when there is no such match. */
  readonly loadMatch: (matchId: MatchId) => Promise<MatchModel | null>;
  /** Server time, for `finishedAt` and the rate limit. */
  readonly now: () => number;
  /** Milliseconds per position of a finished match (docs/analysis.md, "Budgets"). */
  readonly positionBudgetMs: number;
  /** Milliseconds for one position of the analysis board. */
  readonly boardBudgetMs: number;
  /** The analysis board's limit per user: a burst, then so many a second. */
  readonly boardRate: { readonly burst: number; readonly perSecond: number };
  /** The lane's caps for board positions and for whole-game jobs (`LaneLimits`). */
  readonly boardLane?: LaneLimits;
  readonly jobLane?: LaneLimits;
}

export const DEFAULT_ANALYSIS_BUDGETS = {
  positionBudgetMs: 250,
  boardBudgetMs: 2_000,
  boardRate: { burst: 3, perSecond: 0.2 },
} as const;

interface Job {
  readonly total: number;
  done: number;
  /** Set once every position is analysed, until the store has it. */
  result: MatchAnalysis | null;
  /** Cancel the positions being analysed (one controller per position: nothing accumulates on a signal). */
  readonly running: Set<AbortController>;
  cancelled: boolean;
}

/**
 * Positions of one job analysed at once: the pool runs as many as it has analysis lanes (one per core,
 * up to two), taking turns between owners (docs/analysis.md, "Where it runs").
 */
const POSITIONS_AT_ONCE = 2;

/** Users whose analysis-board bucket is remembered at most; the oldest is forgotten first. */
const BOARD_BUCKETS_KEPT = 10_000;

const refuse = (status: number, code: Failure["code"], message: string): Outcome<never> => ({
  ...failure(code, message),
  status,
});

/**
 * Post-game analysis (docs/analysis.md): one job per finished match across processes (`JobClaims`), shared
 * by every request for it, at most one started per user at a time; each position is analysed once in the
 * AI pool's analysis lane, its progress pushed, and the finished analysis kept by the store beside the match.
 */
export class AnalysisService {
  private readonly jobs = new Map<MatchId, Job>();
  /** The match each user's running job analyses (the quota). */
  private readonly startedBy = new Map<UserId, MatchId>();
  private readonly boardBuckets = new Map<UserId, TokenBucket>();
  private closed = false;
  private readonly boardLane: AnalysisLane;
  private readonly jobLane: AnalysisLane;

  constructor(private readonly options: AnalysisServiceOptions) {
    this.boardLane = new AnalysisLane(options.boardLane ?? DEFAULT_LANE_LIMITS);
    this.jobLane = new AnalysisLane(options.jobLane ?? DEFAULT_JOB_LANE);
  }

  /**
   * Starts the analysis of a finished match, or reports the one running or kept. `address`: the client's
   * (null when unknown: then the user stands for it), whose share of the lane the job takes.
   */
  async start(
    matchId: MatchId,
    user: UserId,
    address: string | null = null,
  ): Promise<Outcome<AnalysisStatus>> {
    const known = await this.known(matchId);
    if (known !== null) return { ok: true, value: known };
    const model = await this.options.loadMatch(matchId);
    if (model === null) return refuse(404, "not-found", "no such match");
    if (model.status !== "finished") {
      return refuse(409, "not-finished", "only a finished game can be analysed");
    }
    await this.options.claims.ask(matchId, user).catch(() => undefined);
    // Awaits above: another request may have started it meanwhile.
    const running = this.jobs.get(matchId);
    if (running !== undefined) return { ok: true, value: statusOf(running) };
    const other = this.startedBy.get(user);
    if (other !== undefined) {
      // When to retry: its positions still to analyse, each at most its budget.
      const left = this.jobs.get(other);
      const retryAfterMs =
        Math.max(1, left === undefined ? 0 : left.total - left.done) * this.options.positionBudgetMs;
      const message = `your analysis of ${other} is still running; one at a time`;
      return { ...failure("busy", message), status: 429, retryAfterMs };
    }
    if (this.closed) return refuse(503, "unavailable", "the server is shutting down");
    const positions = positionsOf(model);
    const owner = ownerKey(address, user);
    const place = this.jobLane.enter(owner, positions.length * this.options.positionBudgetMs);
    if (!place.ok) return { ...place, status: 429 };
    // Held while the claim is asked: the same user's next request meanwhile is `busy`.
    this.startedBy.set(user, matchId);
    const claim = await this.options.claims.claim(matchId, positions.length).catch(() => null);
    // Another request of this process may have claimed it meanwhile (a process holds its claims again).
    const raced = this.jobs.get(matchId);
    if (claim === null || !claim.ours || raced !== undefined || this.closed) {
      place.leave();
      if (this.startedBy.get(user) === matchId) this.startedBy.delete(user);
      if (raced !== undefined) return { ok: true, value: statusOf(raced) };
      if (claim === null) return refuse(503, "unavailable", "the analysis queue cannot be reached");
      if (!this.closed) {
        return { ok: true, value: { ok: true, state: "running", done: claim.done, total: claim.total } };
      }
      // Closed while the claim was asked: handed back for another process to take.
      if (claim.ours) await this.options.claims.release(matchId).catch(() => undefined);
      return refuse(503, "unavailable", "the server is shutting down");
    }
    const job: Job = { total: positions.length, done: 0, result: null, running: new Set(), cancelled: false };
    this.jobs.set(matchId, job);
    await this.tell(matchId, statusOf(job));
    void this.run(model, positions, job, owner)
      .catch(() => false)
      .then(async (finished) => {
        // Released before `none` is pushed: a page that asks again at once starts the job anew.
        const askers = await this.options.claims.askers(matchId).catch(() => []);
        await this.options.claims.release(matchId).catch(() => undefined);
        if (!finished) this.options.push(matchId, { ok: true, state: "none" }, askers);
      })
      .finally(() => {
        place.leave();
        this.jobs.delete(matchId);
        if (this.startedBy.get(user) === matchId) this.startedBy.delete(user);
      });
    return { ok: true, value: statusOf(job) };
  }

  /**
   * The running job's progress or the kept analysis; `none` when there is neither (every finished room
   * asks: an answer, not an error); `not-found` (404) only when there is no such match.
   */
  async status(matchId: MatchId): Promise<Outcome<AnalysisStatus>> {
    const known = await this.known(matchId);
    if (known !== null) return { ok: true, value: known };
    const model = await this.options.loadMatch(matchId);
    if (model === null) return refuse(404, "not-found", "no such match");
    return { ok: true, value: { ok: true, state: "none" } };
  }

  /**
   * One position of the analysis board, with the larger budget: limited per user (a token bucket), per
   * address and overall (the lane's places), every refusal with when to retry.
   */
  async analysePosition(
    user: UserId,
    gameId: string,
    position: unknown,
    address: string | null = null,
  ): Promise<Outcome<AnalysedPosition>> {
    if (!isGameId(gameId)) return refuse(404, "not-found", `no game ${gameId}`);
    const waitMs = this.takeBoardToken(user);
    if (waitMs > 0) {
      const message = `too many positions; wait ${Math.ceil(waitMs / 1000)} s`;
      return { ...failure("rate-limited", message), status: 429, retryAfterMs: waitMs };
    }
    const game = getGame(gameId);
    // The rules read it first (cheap, and a refusal says why); the worker reads it again from JSON.
    const state = game.deserialize(position);
    if (!state.ok) return refuse(400, state.error.code, state.error.message);
    const owner = ownerKey(address, user);
    const place = this.boardLane.enter(owner, this.options.boardBudgetMs);
    if (!place.ok) return { ...place, status: 429 };
    try {
      const answer = await this.options.ai.analyze(
        { gameId, state: game.serialize(state.value), budgetMs: this.options.boardBudgetMs, seed: 1 },
        new AbortController().signal,
        owner,
      );
      if (!answer.ok) return refuse(503, "unavailable", answer.error.message);
      return { ok: true, value: wire(answer.value) };
    } finally {
      place.leave();
    }
  }

  /** Cancels running jobs (shutdown); nothing of them is kept. */
  close(): void {
    this.closed = true;
    for (const job of this.jobs.values()) {
      job.cancelled = true;
      for (const position of job.running) position.abort();
    }
  }

  private async known(matchId: MatchId): Promise<AnalysisStatus | null> {
    const running = this.jobs.get(matchId);
    if (running !== undefined) return statusOf(running);
    const kept = await this.options.store.getAnalysis(matchId);
    if (kept !== null) return { ok: true, state: "done", analysis: kept };
    // Another process's job: its last report (unreadable claims count as none: a start claims anew).
    const elsewhere = await this.options.claims.progress(matchId).catch(() => null);
    if (elsewhere !== null && !this.jobs.has(matchId)) return { ok: true, state: "running", ...elsewhere };
    // It may have finished while the store was asked.
    const finished = this.jobs.get(matchId);
    return finished === undefined ? null : statusOf(finished);
  }

  /** Runs the job to its end: true once the analysis is kept, false when cancelled or failed. */
  private async run(
    model: MatchModel,
    positions: readonly unknown[],
    job: Job,
    owner: string,
  ): Promise<boolean> {
    const game = model.game;
    const analysed: AnalysedPosition[] = [];
    let next = 0;
    let failed = false;
    // A job holds at most `POSITIONS_AT_ONCE` places in the pool's analysis lanes, in the game's order.
    const lane = async (): Promise<void> => {
      while (!job.cancelled && !failed && next < positions.length) {
        const index = next++;
        const position = new AbortController();
        job.running.add(position);
        const answer = await this.options.ai.analyze(
          {
            gameId: model.gameId,
            state: game.serialize(positions[index]),
            budgetMs: this.options.positionBudgetMs,
            seed: index + 1,
          },
          position.signal,
          owner,
        );
        job.running.delete(position);
        if (!answer.ok) {
          // Cancelled, or a worker failure: nothing is kept, a new request retries.
          failed = true;
          for (const other of job.running) other.abort();
          return;
        }
        analysed[index] = wire(answer.value);
        job.done++;
        // The report keeps the claim alive; a failed one only risks another process taking the job over.
        const progress = { done: job.done, total: job.total };
        void this.options.claims.report(model.matchId, progress).catch(() => undefined);
        if (job.done < job.total) void this.tell(model.matchId, statusOf(job));
      }
    };
    await Promise.all(Array.from({ length: POSITIONS_AT_ONCE }, lane));
    if (job.cancelled || failed) return false;
    job.result = {
      matchId: model.matchId,
      gameId: model.gameId,
      budgetMs: this.options.positionBudgetMs,
      positions: analysed,
      moves: [...model.moves].map((played, i) => markMove(played, analysed[i], analysed[i + 1])),
      finishedAt: this.options.now(),
    };
    await this.options.store.putAnalysis(model.matchId, job.result);
    await this.tell(model.matchId, statusOf(job));
    return true;
  }

  /** Pushes `status` to the match's sockets and to its askers' (none when they cannot be read). */
  private async tell(matchId: MatchId, status: AnalysisStatus): Promise<void> {
    const askers = await this.options.claims.askers(matchId).catch(() => []);
    this.options.push(matchId, status, askers);
  }

  /** Takes a token of the user's board bucket: 0, or the milliseconds until one is there. */
  private takeBoardToken(user: UserId): number {
    const now = this.options.now();
    let bucket = this.boardBuckets.get(user);
    if (bucket === undefined) {
      const { burst, perSecond } = this.options.boardRate;
      bucket = new TokenBucket(burst, perSecond, now);
      this.boardBuckets.set(user, bucket);
      for (const oldest of this.boardBuckets.keys()) {
        if (this.boardBuckets.size <= BOARD_BUCKETS_KEPT) break;
        this.boardBuckets.delete(oldest);
      }
    }
    return bucket.take(now) ? 0 : bucket.waitMs(now);
  }
}

/** Whole-game jobs: a few at once overall, one per address (each holds its place for minutes at most). */
const DEFAULT_JOB_LANE: LaneLimits = { total: 4, perAddress: 1 };

/** Whose share of the lane a request takes: its address, or its user when the address is unknown. */
function ownerKey(address: string | null, user: UserId): string {
  return address ?? `user:${user}`;
}

function statusOf(job: Job): AnalysisStatus {
  return job.result === null
    ? { ok: true, state: "running", done: job.done, total: job.total }
    : { ok: true, state: "done", analysis: job.result };
}

/** The wire form: the engine's analysis with its moves in notation (undefined fields dropped). */
function wire(analysis: PositionAnalysis & { bestMoveText: string | null; pvText: readonly string[] }) {
  const { outcome, ...rest } = analysis;
  return {
    ...rest,
    values: [...analysis.values],
    pv: [...analysis.pv],
    pvText: [...analysis.pvText],
    ...(outcome === undefined ? {} : { outcome }),
  };
}

/**
 * A played move against the best one (docs/analysis.md, "Loss"): the mover's value before it minus its
 * value after it (`moveLoss`), and 0 for the best move itself, whatever the two estimates say.
 */
export function markMove(
  played: { readonly seat: number; readonly move: string },
  before: AnalysedPosition | undefined,
  after: AnalysedPosition | undefined,
): AnalysedMove {
  if (before === undefined || after === undefined) {
    return { seat: played.seat, move: played.move, loss: null, exact: false, bestMoveText: null };
  }
  const loss = moveLoss(before, after);
  const best = before.bestMoveText === played.move;
  return {
    seat: played.seat,
    move: played.move,
    loss: best && loss.loss !== null ? 0 : loss.loss,
    exact: loss.exact,
    bestMoveText: before.bestMoveText,
  };
}
