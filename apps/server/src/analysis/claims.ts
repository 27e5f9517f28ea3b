import { type MatchId } from "@arena/protocol";
import { type QuotaStore } from "../store/ports/quotas.js";

/** How far a running job has come: positions analysed, of all. */
export interface JobProgress {
  readonly done: number;
  readonly total: number;
}

/** A claim's answer: whether this process runs the job, and how far the job has come. */
export type Claim = { readonly ours: boolean } & JobProgress;

/**
 * How long a job's holder counts as alive after its last report: past it (the process died), another
 * process may take the job over. Longer than one position waits in a busy pool.
 */
export const DEFAULT_ALIVE_MS = 30_000;

/** Users told of a job besides the match's sockets, at most (the first who asked). */
export const ASKERS_KEPT = 64;

const jobKey = (matchId: MatchId) => `analysis-job:${matchId}`;
const askersKey = (matchId: MatchId) => `analysis-askers:${matchId}`;
const aliveKey = (matchId: MatchId, instance: string) => `analysis-alive:${matchId}:${instance}`;

/**
 * One analysis job per match across processes (docs/analysis.md, "Jobs"): the first process to claim
 * a match runs its job, reporting its progress, which the others read. Kept in the shared `QuotaStore`
 * (Redis when scaled out, this process's memory otherwise): a set of at most one holder per match, and a
 * report per holder that expires when the holder stops reporting.
 */
export class JobClaims {
  constructor(
    private readonly store: Pick<QuotaStore, "hold" | "release" | "members" | "remember" | "recall">,
    private readonly instance: string,
    private readonly now: () => number,
    private readonly aliveMs: number = DEFAULT_ALIVE_MS,
  ) {}

  /** Claims `matchId`'s job, or says how far its holder has come; a dead holder's claim is taken over. */
  async claim(matchId: MatchId, total: number): Promise<Claim> {
    // Reported before holding: a holder is never seen without its report, so never taken for dead.
    await this.report(matchId, { done: 0, total });
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await this.store.hold(jobKey(matchId), this.instance, 1)) return { ours: true, done: 0, total };
      const holder = (await this.store.members(jobKey(matchId)))[0];
      if (holder === undefined) continue; // released meanwhile
      const progress = await this.reportOf(matchId, holder);
      if (progress !== null) return { ours: false, ...progress };
      // Only the dead holder is let go: a newer one, holding by now, keeps its place.
      await this.store.release(jobKey(matchId), holder);
    }
    return { ours: false, done: 0, total };
  }

  /** The holder's progress; null when no live process holds the job. */
  async progress(matchId: MatchId): Promise<JobProgress | null> {
    const holder = (await this.store.members(jobKey(matchId)))[0];
    return holder === undefined ? null : this.reportOf(matchId, holder);
  }

  /** The holder's report: alive for `aliveMs` more. */
  report(matchId: MatchId, progress: JobProgress): Promise<void> {
    const value = JSON.stringify(progress);
    return this.store.remember(aliveKey(matchId, this.instance), value, this.aliveMs, this.now());
  }

  /**
   * `user` asked for the job, on whichever process: they are pushed its progress on their own channel too,
   * which holds even where the match's room was evicted from a process's cache (and its sockets with it).
   */
  async ask(matchId: MatchId, user: string): Promise<void> {
    await this.store.hold(askersKey(matchId), user, ASKERS_KEPT);
  }

  /** The users who asked for the job while it runs. */
  askers(matchId: MatchId): Promise<string[]> {
    return this.store.members(askersKey(matchId));
  }

  /** The job ended (done, failed or cancelled): another request may claim it again. */
  async release(matchId: MatchId): Promise<void> {
    for (const user of await this.askers(matchId)) await this.store.release(askersKey(matchId), user);
    await this.store.release(jobKey(matchId), this.instance);
    // The report goes too, for a job claimed again here would start from its last count.
    await this.store.remember(aliveKey(matchId, this.instance), "", 1, this.now());
  }

  private async reportOf(matchId: MatchId, holder: string): Promise<JobProgress | null> {
    const kept = await this.store.recall(aliveKey(matchId, holder), this.now());
    if (kept === null || kept === "") return null;
    const parsed = JSON.parse(kept) as JobProgress;
    return { done: parsed.done, total: parsed.total };
  }
}
