import { type Notification } from "@arena/protocol";
import type Database from "better-sqlite3";
import { type NotificationStore } from "../ports/notifications.js";

/** Inboxes in the SQLite file, on the writer connection (one row per notification). */
export class SqliteNotificationStore implements NotificationStore {
  private readonly statements;
  private readonly insert: (userId: string, notification: Notification, keep: number) => boolean;
  private readonly readAll: (userId: string, ids: readonly string[] | null) => void;

  constructor(db: Database.Database) {
    const statements = {
      insert: db.prepare(
        `INSERT OR IGNORE INTO user_notifications (user_id, id, created_at, read, notification) VALUES (?, ?, ?, ?, ?)`,
      ),
      trim: db.prepare(
        `DELETE FROM user_notifications WHERE user_id = ? AND id NOT IN (` +
          `SELECT id FROM user_notifications WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?)`,
      ),
      list: db.prepare<[string, number], { notification: string; read: number }>(
        `SELECT notification, read FROM user_notifications WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
      ),
      readOne: db.prepare(`UPDATE user_notifications SET read = 1 WHERE user_id = ? AND id = ?`),
      clear: db.prepare(`DELETE FROM user_notifications WHERE user_id = ?`),
      readEvery: db.prepare(`UPDATE user_notifications SET read = 1 WHERE user_id = ?`),
      unread: db.prepare<[string], { n: number }>(
        `SELECT COUNT(*) AS n FROM user_notifications WHERE user_id = ? AND read = 0`,
      ),
    };
    this.statements = statements;
    this.insert = db.transaction((userId: string, notification: Notification, keep: number) => {
      const { changes } = statements.insert.run(
        userId,
        notification.id,
        notification.createdAt,
        notification.read ? 1 : 0,
        JSON.stringify(notification),
      );
      if (changes === 0) return false;
      statements.trim.run(userId, userId, keep);
      return true;
    });
    this.readAll = db.transaction((userId: string, ids: readonly string[] | null) => {
      if (ids === null) statements.readEvery.run(userId);
      else for (const id of ids) statements.readOne.run(userId, id);
    });
  }

  add(userId: string, notification: Notification, keep: number): Promise<boolean> {
    return Promise.resolve(this.insert(userId, notification, keep));
  }

  list(userId: string, limit: number): Promise<Notification[]> {
    const rows = this.statements.list.all(userId, limit);
    // The read flag lives in its column: marking read does not rewrite the JSON.
    return Promise.resolve(
      rows.map((row) => ({ ...(JSON.parse(row.notification) as Notification), read: row.read === 1 })),
    );
  }

  markRead(userId: string, ids: readonly string[] | null): Promise<void> {
    this.readAll(userId, ids);
    return Promise.resolve();
  }

  clear(userId: string): Promise<void> {
    this.statements.clear.run(userId);
    return Promise.resolve();
  }

  unread(userId: string): Promise<number> {
    return Promise.resolve(this.statements.unread.get(userId)?.n ?? 0);
  }
}
