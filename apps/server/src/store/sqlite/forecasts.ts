import { type MatchId, type UserId } from "@arena/protocol";
import type Database from "better-sqlite3";
import { type ForecastStore, type StoredLines } from "../ports/forecasts.js";

/** Forecasts in the SQLite file (`match_forecasts`), on the writer connection. */
export class SqliteForecastStore implements ForecastStore {
  private readonly statements;

  constructor(db: Database.Database) {
    this.statements = {
      get: db.prepare<[string, string], { lines: string }>(
        `SELECT lines FROM match_forecasts WHERE match_id = ? AND user_id = ?`,
      ),
      put: db.prepare(`INSERT OR REPLACE INTO match_forecasts (match_id, user_id, lines) VALUES (?, ?, ?)`),
      clear: db.prepare(`DELETE FROM match_forecasts WHERE match_id = ? AND user_id = ?`),
    };
  }

  get(matchId: MatchId, userId: UserId): Promise<StoredLines> {
    const row = this.statements.get.get(matchId, userId);
    return Promise.resolve(row === undefined ? [] : (JSON.parse(row.lines) as StoredLines));
  }

  put(matchId: MatchId, userId: UserId, lines: StoredLines): Promise<void> {
    if (lines.length === 0) this.statements.clear.run(matchId, userId);
    else this.statements.put.run(matchId, userId, JSON.stringify(lines));
    return Promise.resolve();
  }
}
