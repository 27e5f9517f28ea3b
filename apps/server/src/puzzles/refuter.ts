import { createRequire } from "node:module";
import { type RefutationRequest } from "@arena/puzzles";
import { type GameError, type Result } from "@arena/engine";
import { Piscina } from "piscina";

/**
 * Refutations of wrong moves, off the event loop (docs/puzzles.md, "Serving and rating"): an Othello one
 * solves up to five positions exactly, 30 ms typically and up to half a second. One thread, started on the
 * first wrong move and stopped when idle; past `REFUTATIONS_QUEUED` waiting, a wrong move is answered
 * without its line.
 */
export interface Refuter {
  /** The wrong move then best play, or null when the refutation could not be had (busy, or refused). */
  refute(request: RefutationRequest): Promise<string[] | null>;
  close(): Promise<void>;
}

/** Refutations waiting for the thread at most. */
export const REFUTATIONS_QUEUED = 32;

/** The compiled worker of `@arena/puzzles` (`packages/puzzles/src/worker.ts`); piscina cannot load TypeScript. */
function workerPath(): string {
  return createRequire(import.meta.url).resolve("@arena/puzzles/worker");
}

export class PiscinaRefuter implements Refuter {
  private readonly pool = new Piscina({
    filename: workerPath(),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    maxQueue: REFUTATIONS_QUEUED,
  });

  async refute(request: RefutationRequest): Promise<string[] | null> {
    try {
      const answer = (await this.pool.run(request)) as Result<string[], GameError>;
      return answer.ok ? answer.value : null;
    } catch {
      // The queue is full (or the worker died): the answer goes without its line rather than wait.
      return null;
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
