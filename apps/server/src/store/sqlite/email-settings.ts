import type Database from "better-sqlite3";
import {
  type EmailSettingsStore,
  type StoredEmailSettings,
  type VerificationToken,
} from "../ports/email-settings.js";

/** E-mail settings in the SQLite file. */
export class SqliteEmailSettingsStore implements EmailSettingsStore {
  private readonly statements;
  private readonly take: (hash: string, now: number) => VerificationToken | null;

  constructor(db: Database.Database) {
    this.statements = {
      get: db.prepare<[string], { settings: string }>(
        `SELECT settings FROM email_settings WHERE user_id = ?`,
      ),
      put: db.prepare(
        `INSERT INTO email_settings (user_id, settings) VALUES (?, ?)
         ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings`,
      ),
      saveToken: db.prepare(`INSERT OR REPLACE INTO email_tokens (hash, token, expires_at) VALUES (?, ?, ?)`),
      getToken: db.prepare<[string], { token: string; expires_at: number }>(
        `SELECT token, expires_at FROM email_tokens WHERE hash = ?`,
      ),
      deleteToken: db.prepare(`DELETE FROM email_tokens WHERE hash = ?`),
      sweep: db.prepare(`DELETE FROM email_tokens WHERE expires_at <= ?`),
    };
    this.take = db.transaction((hash: string, now: number) => {
      const row = this.statements.getToken.get(hash);
      this.statements.deleteToken.run(hash);
      this.statements.sweep.run(now);
      return row !== undefined && row.expires_at > now ? (JSON.parse(row.token) as VerificationToken) : null;
    });
  }

  get(userId: string): Promise<StoredEmailSettings | null> {
    const row = this.statements.get.get(userId);
    return Promise.resolve(row === undefined ? null : (JSON.parse(row.settings) as StoredEmailSettings));
  }

  put(userId: string, settings: StoredEmailSettings): Promise<void> {
    this.statements.put.run(userId, JSON.stringify(settings));
    return Promise.resolve();
  }

  saveToken(hash: string, token: VerificationToken): Promise<void> {
    this.statements.saveToken.run(hash, JSON.stringify(token), token.expiresAt);
    return Promise.resolve();
  }

  takeToken(hash: string, now: number): Promise<VerificationToken | null> {
    return Promise.resolve(this.take(hash, now));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
