import { type Puzzle } from "@arena/puzzles";
import {
  type Glicko,
  GUEST_PUZZLE_TTL_MS,
  HISTORY_KEPT,
  nearer,
  type PuzzleAttemptRecord,
  type PuzzlePick,
  type PuzzlePlayer,
  type PuzzleSolver,
  type PuzzleStore,
  type RatedWrite,
  type RecordOutcome,
  SEEN_KEPT,
  type StoredPuzzle,
} from "../ports/puzzles.js";

/** What one identity has been served: puzzle id → when, in the order served; `done`: those finished. */
interface Seen {
  readonly at: Map<string, number>;
  readonly done: Set<string>;
  guest: boolean;
  last: number;
}

/** Puzzles in this process's memory (STORE=memory: the seed set loads again on every start). */
export class MemoryPuzzleStore implements PuzzleStore {
  private readonly puzzles = new Map<string, StoredPuzzle>();
  private readonly seen = new Map<string, Seen>();
  private readonly players = new Map<string, PuzzlePlayer>();
  private readonly histories = new Map<string, PuzzleAttemptRecord[]>();
  private readonly dailies = new Map<string, string>();

  seed(puzzles: readonly { puzzle: Puzzle; glicko: Glicko }[]): Promise<number> {
    let added = 0;
    for (const { puzzle, glicko } of puzzles) {
      if (this.puzzles.has(puzzle.id)) continue;
      this.puzzles.set(puzzle.id, { puzzle, glicko, plays: 0 });
      added++;
    }
    return Promise.resolve(added);
  }

  get(id: string): Promise<StoredPuzzle | null> {
    return Promise.resolve(this.puzzles.get(id) ?? null);
  }

  themes(gameId: string): Promise<{ theme: string; count: number }[]> {
    const counts = new Map<string, number>();
    for (const { puzzle } of this.puzzles.values()) {
      if (puzzle.gameId !== gameId) continue;
      for (const theme of puzzle.themes) counts.set(theme, (counts.get(theme) ?? 0) + 1);
    }
    const themes = [...counts].map(([theme, count]) => ({ theme, count }));
    return Promise.resolve(themes.sort((a, b) => (a.theme < b.theme ? -1 : 1)));
  }

  pick(solverId: string, query: PuzzlePick): Promise<StoredPuzzle | null> {
    const seen = this.live(solverId);
    let below: StoredPuzzle | null = null;
    let above: StoredPuzzle | null = null;
    for (const stored of this.puzzles.values()) {
      const { puzzle, glicko } = stored;
      if (puzzle.gameId !== query.gameId || seen?.at.has(puzzle.id) === true) continue;
      if (query.theme !== undefined && !puzzle.themes.includes(query.theme)) continue;
      if (glicko.rating >= query.rating) {
        if (above === null || before(stored, above)) above = stored;
      } else if (below === null || before(below, stored)) below = stored;
    }
    return Promise.resolve(query.order === "from" ? above : nearer(query.rating, below, above));
  }

  markSeen(solver: PuzzleSolver, puzzleId: string, at: number): Promise<void> {
    this.touch(solver, at).at.set(puzzleId, at);
    this.trim(solver.id);
    return Promise.resolve();
  }

  completed(solverId: string, puzzleId: string): Promise<boolean> {
    return Promise.resolve(this.live(solverId)?.done.has(puzzleId) === true);
  }

  player(accountId: string, gameId: string): Promise<PuzzlePlayer | null> {
    return Promise.resolve(this.players.get(`${accountId} ${gameId}`) ?? null);
  }

  record(
    solver: PuzzleSolver,
    gameId: string,
    attempt: PuzzleAttemptRecord,
    rated: RatedWrite | null,
  ): Promise<RecordOutcome> {
    const key = `${solver.id} ${gameId}`;
    const stored = this.puzzles.get(attempt.puzzleId);
    if (rated !== null) {
      const held = this.players.get(key)?.attempts ?? 0;
      const done = this.live(solver.id)?.done.has(attempt.puzzleId) === true;
      if (held !== rated.expectedAttempts || stored?.plays !== rated.expectedPlays || done) {
        return Promise.resolve("stale");
      }
      this.players.set(key, { glicko: rated.player, attempts: held + 1 });
      this.puzzles.set(attempt.puzzleId, { ...stored, glicko: rated.puzzle, plays: stored.plays + 1 });
    }
    const seen = this.touch(solver, attempt.at);
    seen.at.set(attempt.puzzleId, attempt.at);
    seen.done.add(attempt.puzzleId);
    this.trim(solver.id);
    if (!solver.guest) {
      const history = this.histories.get(key) ?? [];
      history.unshift(attempt);
      history.length = Math.min(history.length, HISTORY_KEPT);
      this.histories.set(key, history);
    }
    return Promise.resolve("recorded");
  }

  history(accountId: string, gameId: string, limit: number): Promise<PuzzleAttemptRecord[]> {
    return Promise.resolve((this.histories.get(`${accountId} ${gameId}`) ?? []).slice(0, limit));
  }

  daily(gameId: string, day: string, candidate: string): Promise<string> {
    const key = `${gameId} ${day}`;
    const held = this.dailies.get(key);
    if (held !== undefined) return Promise.resolve(held);
    this.dailies.set(key, candidate);
    return Promise.resolve(candidate);
  }

  private live(solverId: string): Seen | undefined {
    return this.seen.get(solverId);
  }

  /** The identity's record as of `at`; a guest's is forgotten once it has expired. */
  private touch(solver: PuzzleSolver, at: number): Seen {
    const held = this.seen.get(solver.id);
    const expired = held?.guest === true && held.last + GUEST_PUZZLE_TTL_MS < at;
    const seen =
      held === undefined || expired
        ? { at: new Map(), done: new Set<string>(), guest: solver.guest, last: at }
        : held;
    seen.guest = solver.guest;
    seen.last = Math.max(seen.last, at);
    this.seen.set(solver.id, seen);
    return seen;
  }

  /** Forgets the oldest served puzzles past `SEEN_KEPT` (a Map iterates in insertion order). */
  private trim(solverId: string): void {
    const seen = this.seen.get(solverId);
    if (seen === undefined) return;
    for (const id of seen.at.keys()) {
      if (seen.at.size <= SEEN_KEPT) break;
      seen.at.delete(id);
      seen.done.delete(id);
    }
  }
}

/** The order picks break rating ties by: the lower rating, then the id. */
function before(a: StoredPuzzle, b: StoredPuzzle): boolean {
  return (
    a.glicko.rating < b.glicko.rating || (a.glicko.rating === b.glicko.rating && a.puzzle.id < b.puzzle.id)
  );
}
