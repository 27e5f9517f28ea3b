import { asUserId, type UserId } from "@arena/protocol";
import type Database from "better-sqlite3";
import { type SessionRecord, type SessionStore } from "../ports/sessions.js";

interface Row {
  readonly session_id: string;
  readonly user_id: string;
  readonly created_at: number;
  readonly last_used_at: number | null;
  readonly device: string;
  readonly address: string | null;
}

const recordOf = (row: Row): SessionRecord => ({
  id: row.session_id,
  userId: asUserId(row.user_id),
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at ?? row.created_at,
  device: row.device,
  address: row.address,
});

/** Sessions in the SQLite file (`player_sessions`), on the writer connection. */
export class SqliteSessionStore implements SessionStore {
  private readonly statements;

  constructor(db: Database.Database) {
    this.statements = {
      open: db.prepare(
        `INSERT OR REPLACE INTO player_sessions (session_id, user_id, created_at, last_used_at, device, address)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      get: db.prepare<[string], Row>(`SELECT * FROM player_sessions WHERE session_id = ?`),
      touch: db.prepare(
        `UPDATE player_sessions SET last_used_at = ?
         WHERE session_id = ? AND COALESCE(last_used_at, created_at) < ?`,
      ),
      list: db.prepare<[string], Row>(
        `SELECT * FROM player_sessions WHERE user_id = ?
         ORDER BY COALESCE(last_used_at, created_at) DESC, created_at DESC, session_id`,
      ),
      end: db.prepare(`DELETE FROM player_sessions WHERE session_id = ?`),
      endAllBut: db.prepare<[string, string], { session_id: string }>(
        `DELETE FROM player_sessions WHERE user_id = ? AND session_id <> ? RETURNING session_id`,
      ),
    };
  }

  open(session: SessionRecord): Promise<void> {
    const { id, userId, createdAt, lastUsedAt, device, address } = session;
    this.statements.open.run(id, userId, createdAt, lastUsedAt, device, address);
    return Promise.resolve();
  }

  get(id: string): Promise<SessionRecord | null> {
    const row = this.statements.get.get(id);
    return Promise.resolve(row === undefined ? null : recordOf(row));
  }

  touch(id: string, now: number): Promise<void> {
    this.statements.touch.run(now, id, now);
    return Promise.resolve();
  }

  list(userId: UserId): Promise<SessionRecord[]> {
    return Promise.resolve(this.statements.list.all(userId).map(recordOf));
  }

  end(id: string): Promise<boolean> {
    return Promise.resolve(this.statements.end.run(id).changes === 1);
  }

  endAllBut(userId: UserId, keep: string | null): Promise<string[]> {
    // No session id is empty: "" keeps none.
    const ended = this.statements.endAllBut.all(userId, keep ?? "").map((row) => row.session_id);
    return Promise.resolve(ended.sort());
  }
}
