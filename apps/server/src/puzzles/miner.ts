import { createRequire } from "node:module";
import { type GameError, type Result } from "@arena/engine";
import { type MatchModel } from "@arena/match";
import { type MinedGame, type Puzzle, puzzleFinder } from "@arena/puzzles";
import { Piscina } from "piscina";
import { type Logger } from "pino";
import { type Glicko, type PuzzleStore } from "../store/ports/puzzles.js";

/** Finished games waiting to be mined at most; past it a finished game is not mined. */
export const MINING_QUEUED = 16;

/** Where `mineGame` runs: anywhere but the event loop. */
export interface Mining {
  mine(game: MinedGame): Promise<Result<Puzzle[], GameError>>;
  close(): Promise<void>;
}

/** The compiled worker of `@arena/puzzles` (`packages/puzzles/src/mine-worker.ts`); piscina cannot load TypeScript. */
function workerPath(): string {
  return createRequire(import.meta.url).resolve("@arena/puzzles/mine-worker");
}

/**
 * One thread of its own (a refutation a player waits for never queues behind a game's solves), started by
 * the first finished game and stopped when idle, at the lowest priority (nice 19): mining takes only the
 * time that games, the AI and refutations leave.
 */
export class PiscinaMining implements Mining {
  private readonly pool = new Piscina({
    filename: workerPath(),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    niceIncrement: 19,
  });

  async mine(game: MinedGame): Promise<Result<Puzzle[], GameError>> {
    return (await this.pool.run(game)) as Result<Puzzle[], GameError>;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}

export interface MinerDeps {
  readonly store: PuzzleStore;
  readonly mining: Mining;
  /** A new puzzle's rating before anyone has played it. */
  readonly initial: (puzzle: Puzzle) => Glicko;
  readonly logger: Logger;
}

/**
 * Mining (docs/puzzles.md, "Mining"): every finished game (not an aborted one) of a game with puzzles is
 * searched for puzzles in the mining thread, and what it finds joins the store; a position already there
 * keeps its puzzle and rating. Best effort: a game that finds `MINING_QUEUED` games waiting is not mined,
 * and nothing waits on mining.
 */
export class PuzzleMiner {
  private waiting = 0;
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly deps: MinerDeps) {}

  /** Called when a match ends; returns at once. */
  matchEnded(model: MatchModel): void {
    if (model.status !== "finished" || model.result?.reason === "abort" || model.start === null) return;
    if (puzzleFinder(model.gameId) === null || model.moves.length === 0) return;
    if (this.waiting >= MINING_QUEUED) {
      this.deps.logger.info({ matchId: model.matchId }, "a finished game was not mined: the queue is full");
      return;
    }
    this.waiting++;
    const job = this.mined({
      gameId: model.gameId,
      match: model.matchId,
      start: model.game.serialize(model.start),
      moves: [...model.moves].map((played) => played.move),
    }).finally(() => {
      this.waiting--;
      this.running.delete(job);
    });
    this.running.add(job);
  }

  /** Resolves once every game handed over so far is mined (or failed). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  async close(): Promise<void> {
    await this.deps.mining.close();
  }

  private async mined(game: MinedGame): Promise<void> {
    try {
      const found = await this.deps.mining.mine(game);
      if (!found.ok) {
        this.deps.logger.warn(
          { matchId: game.match, error: found.error },
          "a finished game could not be mined",
        );
        return;
      }
      if (found.value.length === 0) return;
      const added = await this.deps.store.seed(
        found.value.map((puzzle) => ({ puzzle, glicko: this.deps.initial(puzzle) })),
      );
      this.deps.logger.info({ matchId: game.match, found: found.value.length, added }, "puzzles mined");
    } catch (error: unknown) {
      // The pool closed under it (the server stopping) or the store failed: this game goes unmined.
      this.deps.logger.warn({ err: error, matchId: game.match }, "mining a finished game failed");
    }
  }
}
