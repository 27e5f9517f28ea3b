import { formatPuzzle, type Puzzle, parsePuzzle } from "@arena/puzzles";
import type Database from "better-sqlite3";
import {
  decodeAttempt,
  encodeAttempt,
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

interface Pick {
  readonly game: string;
  readonly solver: string;
  readonly rating: number;
  readonly theme: string | null;
}

interface PuzzleRow {
  readonly rating: number;
  readonly rd: number;
  readonly volatility: number;
  readonly plays: number;
  readonly record: string;
}

/** Expired guests' rows removed per write: the clean-up stays small and keeps up with the writes. */
const EXPIRED_PER_WRITE = 100;

function storedOf(row: PuzzleRow): StoredPuzzle {
  const puzzle = parsePuzzle(row.record);
  // The store only holds what `seed` wrote with formatPuzzle: a row that does not parse is a bug.
  if (!puzzle.ok) throw new Error(`a stored puzzle does not parse: ${puzzle.error.message}`);
  return {
    puzzle: puzzle.value,
    glicko: { rating: row.rating, rd: row.rd, volatility: row.volatility },
    plays: row.plays,
  };
}

// The unseen puzzles of a game (and a theme) from a rating up or below it.
const UNSEEN = `NOT EXISTS (SELECT 1 FROM puzzle_seen s WHERE s.solver_id = @solver AND s.puzzle_id = p.id)`;
const THEMED = `EXISTS (SELECT 1 FROM puzzle_themes t WHERE t.game_id = @game AND t.theme = @theme AND t.puzzle_id = p.id)`;
const pickSql = (themed: boolean, up: boolean) =>
  `SELECT p.* FROM puzzles p WHERE p.game_id = @game AND p.rating ${up ? ">=" : "<"} @rating AND ${UNSEEN}
   ${themed ? `AND ${THEMED}` : "AND @theme IS NULL"}
   ORDER BY p.rating ${up ? "ASC" : "DESC"}, p.id ${up ? "ASC" : "DESC"} LIMIT 1`;

/**
 * Puzzles in the SQLite file (`puzzles`, `puzzle_*` tables), on the writer connection. An attempt's writes
 * are one transaction; the seed set is one transaction too (1,500 inserts commit at once).
 */
export class SqlitePuzzleStore implements PuzzleStore {
  private readonly statements;
  private readonly seedAll: (puzzles: readonly { puzzle: Puzzle; glicko: Glicko }[]) => number;
  private readonly recordOne: (
    solver: PuzzleSolver,
    gameId: string,
    attempt: PuzzleAttemptRecord,
    rated: RatedWrite | null,
  ) => RecordOutcome;
  private readonly markOne: (solver: PuzzleSolver, puzzleId: string, at: number) => void;

  constructor(db: Database.Database) {
    const statements = {
      insert: db.prepare(
        `INSERT OR IGNORE INTO puzzles (id, game_id, rating, rd, volatility, plays, record) VALUES (?, ?, ?, ?, ?, 0, ?)`,
      ),
      insertTheme: db.prepare(
        `INSERT OR IGNORE INTO puzzle_themes (game_id, theme, puzzle_id) VALUES (?, ?, ?)`,
      ),
      get: db.prepare<[string], PuzzleRow>(`SELECT * FROM puzzles WHERE id = ?`),
      themes: db.prepare<[string], { theme: string; count: number }>(
        `SELECT theme, COUNT(*) AS count FROM puzzle_themes WHERE game_id = ? GROUP BY theme ORDER BY theme`,
      ),
      pickUp: db.prepare<[Pick], PuzzleRow>(pickSql(false, true)),
      pickDown: db.prepare<[Pick], PuzzleRow>(pickSql(false, false)),
      pickThemedUp: db.prepare<[Pick], PuzzleRow>(pickSql(true, true)),
      pickThemedDown: db.prepare<[Pick], PuzzleRow>(pickSql(true, false)),
      // A seen row keeps its `done` mark when served again.
      seen: db.prepare(
        `INSERT INTO puzzle_seen (solver_id, puzzle_id, at, done, expires_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (solver_id, puzzle_id) DO UPDATE SET at = excluded.at, done = MAX(done, excluded.done),
           expires_at = excluded.expires_at`,
      ),
      // A guest's rows all expire together, from its latest.
      extendGuest: db.prepare(
        `UPDATE puzzle_seen SET expires_at = ? WHERE solver_id = ? AND expires_at IS NOT NULL`,
      ),
      expire: db.prepare(
        `DELETE FROM puzzle_seen WHERE rowid IN
           (SELECT rowid FROM puzzle_seen WHERE expires_at IS NOT NULL AND expires_at < ? LIMIT ${EXPIRED_PER_WRITE})`,
      ),
      seenCount: db.prepare<[string], { n: number }>(
        `SELECT COUNT(*) AS n FROM puzzle_seen WHERE solver_id = ?`,
      ),
      trimSeen: db.prepare(
        `DELETE FROM puzzle_seen WHERE solver_id = @solver AND rowid IN
           (SELECT rowid FROM puzzle_seen WHERE solver_id = @solver ORDER BY at, rowid LIMIT @over)`,
      ),
      done: db.prepare<[string, string], { done: number }>(
        `SELECT done FROM puzzle_seen WHERE solver_id = ? AND puzzle_id = ?`,
      ),
      player: db.prepare<
        [string, string],
        { rating: number; rd: number; volatility: number; attempts: number }
      >(`SELECT rating, rd, volatility, attempts FROM puzzle_players WHERE user_id = ? AND game_id = ?`),
      putPlayer: db.prepare(
        `INSERT INTO puzzle_players (user_id, game_id, rating, rd, volatility, attempts) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id, game_id) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,
           volatility = excluded.volatility, attempts = excluded.attempts`,
      ),
      putPuzzle: db.prepare(
        `UPDATE puzzles SET rating = ?, rd = ?, volatility = ?, plays = plays + 1 WHERE id = ?`,
      ),
      addAttempt: db.prepare(`INSERT INTO puzzle_attempts (user_id, game_id, entry) VALUES (?, ?, ?)`),
      trimAttempts: db.prepare(
        `DELETE FROM puzzle_attempts WHERE user_id = @user AND game_id = @game AND seq <=
           (SELECT seq FROM puzzle_attempts WHERE user_id = @user AND game_id = @game ORDER BY seq DESC LIMIT 1 OFFSET @keep)`,
      ),
      history: db.prepare<[string, string, number], { entry: string }>(
        `SELECT entry FROM puzzle_attempts WHERE user_id = ? AND game_id = ? ORDER BY seq DESC LIMIT ?`,
      ),
      setDaily: db.prepare(`INSERT OR IGNORE INTO puzzle_daily (game_id, day, puzzle_id) VALUES (?, ?, ?)`),
      daily: db.prepare<[string, string], { puzzle_id: string }>(
        `SELECT puzzle_id FROM puzzle_daily WHERE game_id = ? AND day = ?`,
      ),
    };
    this.statements = statements;
    this.seedAll = db.transaction((puzzles: readonly { puzzle: Puzzle; glicko: Glicko }[]) => {
      let added = 0;
      for (const { puzzle, glicko } of puzzles) {
        const { changes } = statements.insert.run(
          puzzle.id,
          puzzle.gameId,
          glicko.rating,
          glicko.rd,
          glicko.volatility,
          formatPuzzle(puzzle),
        );
        if (changes === 0) continue;
        added++;
        for (const theme of puzzle.themes) statements.insertTheme.run(puzzle.gameId, theme, puzzle.id);
      }
      return added;
    });
    this.recordOne = db.transaction(
      (solver: PuzzleSolver, gameId: string, attempt: PuzzleAttemptRecord, rated: RatedWrite | null) => {
        if (rated !== null) {
          const held = statements.player.get(solver.id, gameId)?.attempts ?? 0;
          const plays = statements.get.get(attempt.puzzleId)?.plays;
          const done = statements.done.get(solver.id, attempt.puzzleId)?.done === 1;
          if (held !== rated.expectedAttempts || plays !== rated.expectedPlays || done) return "stale";
          const { rating, rd, volatility } = rated.player;
          statements.putPlayer.run(solver.id, gameId, rating, rd, volatility, held + 1);
          statements.putPuzzle.run(
            rated.puzzle.rating,
            rated.puzzle.rd,
            rated.puzzle.volatility,
            attempt.puzzleId,
          );
        }
        this.writeSeen(solver, attempt.puzzleId, attempt.at, true);
        if (!solver.guest) {
          statements.addAttempt.run(solver.id, gameId, encodeAttempt(attempt));
          statements.trimAttempts.run({ user: solver.id, game: gameId, keep: HISTORY_KEPT });
        }
        return "recorded";
      },
    );
    this.markOne = db.transaction((solver: PuzzleSolver, puzzleId: string, at: number) =>
      this.writeSeen(solver, puzzleId, at, false),
    );
  }

  seed(puzzles: readonly { puzzle: Puzzle; glicko: Glicko }[]): Promise<number> {
    return Promise.resolve(this.seedAll(puzzles));
  }

  get(id: string): Promise<StoredPuzzle | null> {
    const row = this.statements.get.get(id);
    return Promise.resolve(row === undefined ? null : storedOf(row));
  }

  themes(gameId: string): Promise<{ theme: string; count: number }[]> {
    return Promise.resolve(this.statements.themes.all(gameId));
  }

  pick(solverId: string, query: PuzzlePick): Promise<StoredPuzzle | null> {
    const s = this.statements;
    const themed = query.theme !== undefined;
    const bound = { game: query.gameId, solver: solverId, rating: query.rating, theme: query.theme ?? null };
    const up = (themed ? s.pickThemedUp : s.pickUp).get(bound);
    const above = up === undefined ? null : storedOf(up);
    if (query.order === "from") return Promise.resolve(above);
    const down = (themed ? s.pickThemedDown : s.pickDown).get(bound);
    return Promise.resolve(nearer(query.rating, down === undefined ? null : storedOf(down), above));
  }

  markSeen(solver: PuzzleSolver, puzzleId: string, at: number): Promise<void> {
    this.markOne(solver, puzzleId, at);
    return Promise.resolve();
  }

  completed(solverId: string, puzzleId: string): Promise<boolean> {
    return Promise.resolve(this.statements.done.get(solverId, puzzleId)?.done === 1);
  }

  player(accountId: string, gameId: string): Promise<PuzzlePlayer | null> {
    const row = this.statements.player.get(accountId, gameId);
    if (row === undefined) return Promise.resolve(null);
    const { rating, rd, volatility, attempts } = row;
    return Promise.resolve({ glicko: { rating, rd, volatility }, attempts });
  }

  record(
    solver: PuzzleSolver,
    gameId: string,
    attempt: PuzzleAttemptRecord,
    rated: RatedWrite | null,
  ): Promise<RecordOutcome> {
    return Promise.resolve(this.recordOne(solver, gameId, attempt, rated));
  }

  history(accountId: string, gameId: string, limit: number): Promise<PuzzleAttemptRecord[]> {
    const rows = this.statements.history.all(accountId, gameId, limit);
    return Promise.resolve(rows.map((row) => decodeAttempt(row.entry)));
  }

  daily(gameId: string, day: string, candidate: string): Promise<string> {
    this.statements.setDaily.run(gameId, day, candidate);
    return Promise.resolve(this.statements.daily.get(gameId, day)?.puzzle_id ?? candidate);
  }

  /** A seen row, the guest's expiry moved on, expired guests' rows cleared a few at a time, the cap kept. */
  private writeSeen(solver: PuzzleSolver, puzzleId: string, at: number, done: boolean): void {
    const s = this.statements;
    const expiresAt = solver.guest ? at + GUEST_PUZZLE_TTL_MS : null;
    s.expire.run(at);
    s.seen.run(solver.id, puzzleId, at, done ? 1 : 0, expiresAt);
    if (expiresAt !== null) s.extendGuest.run(expiresAt, solver.id);
    const over = (s.seenCount.get(solver.id)?.n ?? 0) - SEEN_KEPT;
    if (over > 0) s.trimSeen.run({ solver: solver.id, over });
  }
}
