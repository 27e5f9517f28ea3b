import { asUserId, type UserId } from "@arena/protocol";
import type Database from "better-sqlite3";
import { type VacationRecord, type VacationStore } from "../ports/vacations.js";

interface Row {
  readonly user_id: string;
  readonly since: number | null;
  readonly used_ms: number;
  readonly year: number;
}

const recordOf = (row: Row): VacationRecord => ({ since: row.since, usedMs: row.used_ms, year: row.year });

/** Vacation records in the SQLite file (`player_vacations`), on the writer connection: writes are rare. */
export class SqliteVacationStore implements VacationStore {
  private readonly statements;

  constructor(db: Database.Database) {
    this.statements = {
      get: db.prepare<[string], Row>(`SELECT * FROM player_vacations WHERE user_id = ?`),
      insert: db.prepare(
        `INSERT OR IGNORE INTO player_vacations (user_id, since, used_ms, year) VALUES (?, ?, ?, ?)`,
      ),
      // `IS` compares NULLs as equal: the compare-and-set on a vacation that is not running.
      update: db.prepare(
        `UPDATE player_vacations SET since = ?, used_ms = ?, year = ?
         WHERE user_id = ? AND since IS ? AND used_ms = ? AND year = ?`,
      ),
      away: db.prepare<[], Row>(`SELECT * FROM player_vacations WHERE since IS NOT NULL`),
    };
  }

  get(userId: UserId): Promise<VacationRecord | null> {
    const row = this.statements.get.get(userId);
    return Promise.resolve(row === undefined ? null : recordOf(row));
  }

  swap(userId: UserId, expected: VacationRecord | null, next: VacationRecord): Promise<boolean> {
    const { since, usedMs, year } = next;
    const changes =
      expected === null
        ? this.statements.insert.run(userId, since, usedMs, year).changes
        : this.statements.update.run(
            since,
            usedMs,
            year,
            userId,
            expected.since,
            expected.usedMs,
            expected.year,
          ).changes;
    return Promise.resolve(changes === 1);
  }

  away(): Promise<{ userId: UserId; record: VacationRecord }[]> {
    const rows = this.statements.away.all();
    return Promise.resolve(rows.map((row) => ({ userId: asUserId(row.user_id), record: recordOf(row) })));
  }
}
