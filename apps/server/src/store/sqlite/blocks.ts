import { asUserId, type UserId } from "@arena/protocol";
import type Database from "better-sqlite3";
import { type BlockRecord, type BlockStore } from "../ports/blocks.js";

/** Blocks in the SQLite file (`blocks`, indexed both ways), on the writer connection. */
export class SqliteBlockStore implements BlockStore {
  private readonly statements;
  private readonly blockAtomically;

  constructor(db: Database.Database) {
    this.statements = {
      has: db.prepare<[string, string], { n: number }>(
        `SELECT 1 AS n FROM blocks WHERE blocker = ? AND blocked = ?`,
      ),
      count: db.prepare<[string], { n: number }>(`SELECT COUNT(*) AS n FROM blocks WHERE blocker = ?`),
      insert: db.prepare(`INSERT INTO blocks (blocker, blocked, since) VALUES (?, ?, ?)`),
      remove: db.prepare(`DELETE FROM blocks WHERE blocker = ? AND blocked = ?`),
      list: db.prepare<[string], { blocked: string; since: number }>(
        `SELECT blocked, since FROM blocks WHERE blocker = ? ORDER BY since DESC, blocked`,
      ),
      either: db.prepare<[string, string, string, string], { n: number }>(
        `SELECT 1 AS n FROM blocks WHERE (blocker = ? AND blocked = ?) OR (blocker = ? AND blocked = ?) LIMIT 1`,
      ),
      related: db.prepare<[string, string], { id: string }>(
        `SELECT blocked AS id FROM blocks WHERE blocker = ? UNION SELECT blocker AS id FROM blocks WHERE blocked = ? ORDER BY id`,
      ),
    };
    // The count and the insert in one transaction: the cap holds however the requests interleave.
    this.blockAtomically = db.transaction(
      (blocker: string, blocked: string, at: number, cap: number): "ok" | "quota" => {
        if (this.statements.has.get(blocker, blocked) !== undefined) return "ok";
        if ((this.statements.count.get(blocker)?.n ?? 0) >= cap) return "quota";
        this.statements.insert.run(blocker, blocked, at);
        return "ok";
      },
    );
  }

  block(blocker: UserId, blocked: UserId, at: number, cap: number): Promise<"ok" | "quota"> {
    return Promise.resolve(this.blockAtomically(blocker, blocked, at, cap));
  }

  unblock(blocker: UserId, blocked: UserId): Promise<boolean> {
    return Promise.resolve(this.statements.remove.run(blocker, blocked).changes === 1);
  }

  list(blocker: UserId): Promise<BlockRecord[]> {
    const rows = this.statements.list.all(blocker);
    return Promise.resolve(rows.map((row) => ({ blocked: asUserId(row.blocked), since: row.since })));
  }

  eitherBlocks(a: UserId, b: UserId): Promise<boolean> {
    return Promise.resolve(this.statements.either.get(a, b, b, a) !== undefined);
  }

  related(user: UserId): Promise<UserId[]> {
    return Promise.resolve(this.statements.related.all(user, user).map((row) => asUserId(row.id)));
  }
}
