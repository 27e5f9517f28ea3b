import { type TournamentChatLine, type TournamentId, type TournamentSummary } from "@arena/protocol";
import { type TournamentEvent } from "@arena/tournament";
import type Database from "better-sqlite3";
import {
  lobbyOrder,
  type StoredTournament,
  type TournamentAppend,
  type TournamentMeta,
  type TournamentStore,
} from "../ports/tournaments.js";

type Write = (
  id: TournamentId,
  expectedVersion: number,
  events: readonly TournamentEvent[],
  summary: TournamentSummary,
  meta: TournamentMeta | null,
) => TournamentAppend;

/**
 * Tournaments in the SQLite file, on the writer connection (their writes are few: a round, a result). Each
 * append and its summary commit in one transaction, so a crash never leaves a summary ahead of its log.
 */
export class SqliteTournamentStore implements TournamentStore {
  private readonly statements;
  private readonly write: Write;
  private readonly appendLine: (id: TournamentId, line: string, keep: number) => void;
  /** Finished summaries are stamped in the order they finished: the lobby lists the latest. */
  private finishedSeq: number;

  constructor(db: Database.Database) {
    this.statements = {
      count: db.prepare<[string], { n: number }>(
        `SELECT COUNT(*) AS n FROM tournament_events WHERE tournament_id = ?`,
      ),
      insertEvent: db.prepare(
        `INSERT INTO tournament_events (tournament_id, version, entry) VALUES (?, ?, ?)`,
      ),
      insertRow: db.prepare(
        `INSERT INTO tournaments (tournament_id, meta, summary, finished_at) VALUES (?, ?, ?, NULL)`,
      ),
      updateRow: db.prepare(
        `UPDATE tournaments SET summary = ?, finished_at = COALESCE(finished_at, ?) WHERE tournament_id = ?`,
      ),
      meta: db.prepare<[string], { meta: string }>(`SELECT meta FROM tournaments WHERE tournament_id = ?`),
      events: db.prepare<[string], { entry: string }>(
        `SELECT entry FROM tournament_events WHERE tournament_id = ? ORDER BY version`,
      ),
      unfinished: db.prepare<[], { meta: string; summary: string }>(
        `SELECT meta, summary FROM tournaments WHERE finished_at IS NULL`,
      ),
      finished: db.prepare<[number], { summary: string }>(
        `SELECT summary FROM tournaments WHERE finished_at IS NOT NULL ORDER BY finished_at DESC LIMIT ?`,
      ),
      lastFinished: db.prepare<[], { n: number | null }>(`SELECT MAX(finished_at) AS n FROM tournaments`),
      chatInsert: db.prepare(`INSERT INTO tournament_chat (tournament_id, line) VALUES (?, ?)`),
      chatTrim: db.prepare(
        `DELETE FROM tournament_chat WHERE tournament_id = ? AND seq <= (` +
          `SELECT seq FROM tournament_chat WHERE tournament_id = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
      ),
      chatRead: db.prepare<[string], { line: string }>(
        `SELECT line FROM tournament_chat WHERE tournament_id = ? ORDER BY seq`,
      ),
    };
    this.finishedSeq = this.statements.lastFinished.get()?.n ?? 0;
    this.appendLine = db.transaction((id: TournamentId, line: string, keep: number) => {
      this.statements.chatInsert.run(id, line);
      this.statements.chatTrim.run(id, id, keep);
    });
    this.write = db.transaction(
      (...[id, expectedVersion, events, summary, meta]: Parameters<Write>): TournamentAppend => {
        const version = this.statements.count.get(id)?.n ?? 0;
        const exists = this.statements.meta.get(id) !== undefined;
        if (version !== expectedVersion || exists === (meta !== null)) {
          return { ok: false, reason: "conflict", version };
        }
        events.forEach((event, i) =>
          this.statements.insertEvent.run(id, version + i + 1, JSON.stringify(event)),
        );
        if (meta !== null) this.statements.insertRow.run(id, JSON.stringify(meta), JSON.stringify(summary));
        const finishedAt = summary.status === "finished" ? ++this.finishedSeq : null;
        this.statements.updateRow.run(JSON.stringify(summary), finishedAt, id);
        return { ok: true, version: version + events.length };
      },
    );
  }

  create(
    meta: TournamentMeta,
    events: readonly TournamentEvent[],
    summary: TournamentSummary,
  ): Promise<TournamentAppend> {
    return Promise.resolve(this.write(meta.id, 0, events, summary, meta));
  }

  append(
    id: TournamentId,
    expectedVersion: number,
    events: readonly TournamentEvent[],
    summary: TournamentSummary,
  ): Promise<TournamentAppend> {
    return Promise.resolve(this.write(id, expectedVersion, events, summary, null));
  }

  load(id: TournamentId): Promise<StoredTournament | null> {
    const row = this.statements.meta.get(id);
    if (row === undefined) return Promise.resolve(null);
    const events = this.statements.events.all(id).map((r) => JSON.parse(r.entry) as TournamentEvent);
    return Promise.resolve({ meta: JSON.parse(row.meta) as TournamentMeta, events });
  }

  unfinished(): Promise<TournamentMeta[]> {
    return Promise.resolve(this.statements.unfinished.all().map((r) => JSON.parse(r.meta) as TournamentMeta));
  }

  list(finished: number): Promise<TournamentSummary[]> {
    const open = this.statements.unfinished.all().map((r) => JSON.parse(r.summary) as TournamentSummary);
    const done = this.statements.finished
      .all(finished)
      .map((r) => JSON.parse(r.summary) as TournamentSummary);
    return Promise.resolve([...open.sort(lobbyOrder), ...done]);
  }

  appendChat(id: TournamentId, line: TournamentChatLine, keep: number): Promise<void> {
    this.appendLine(id, JSON.stringify(line), keep);
    return Promise.resolve();
  }

  readChat(id: TournamentId): Promise<TournamentChatLine[]> {
    return Promise.resolve(
      this.statements.chatRead.all(id).map((r) => JSON.parse(r.line) as TournamentChatLine),
    );
  }
}
