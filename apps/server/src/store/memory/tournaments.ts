import { type TournamentChatLine, type TournamentId, type TournamentSummary } from "@arena/protocol";
import { type TournamentEvent } from "@arena/tournament";
import {
  lobbyOrder,
  type StoredTournament,
  type TournamentAppend,
  type TournamentMeta,
  type TournamentStore,
} from "../ports/tournaments.js";

interface Entry {
  readonly meta: TournamentMeta;
  events: TournamentEvent[];
  summary: TournamentSummary;
  /** The order summaries became finished in: the lobby shows the latest. */
  finishedSeq: number;
}

/** One process's tournaments (STORE=memory): gone with the process. */
export class MemoryTournamentStore implements TournamentStore {
  private readonly entries = new Map<TournamentId, Entry>();
  private readonly chats = new Map<TournamentId, TournamentChatLine[]>();
  private finishedCount = 0;

  create(
    meta: TournamentMeta,
    events: readonly TournamentEvent[],
    summary: TournamentSummary,
  ): Promise<TournamentAppend> {
    const taken = this.entries.get(meta.id);
    if (taken !== undefined)
      return Promise.resolve({ ok: false, reason: "conflict", version: taken.events.length });
    this.entries.set(meta.id, { meta, events: [...events], summary, finishedSeq: 0 });
    return Promise.resolve({ ok: true, version: events.length });
  }

  append(
    id: TournamentId,
    expectedVersion: number,
    events: readonly TournamentEvent[],
    summary: TournamentSummary,
  ): Promise<TournamentAppend> {
    const entry = this.entries.get(id);
    const version = entry?.events.length ?? 0;
    if (entry === undefined || version !== expectedVersion) {
      return Promise.resolve({ ok: false, reason: "conflict", version });
    }
    entry.events.push(...events);
    if (summary.status === "finished" && entry.summary.status !== "finished") {
      entry.finishedSeq = ++this.finishedCount;
    }
    entry.summary = summary;
    return Promise.resolve({ ok: true, version: entry.events.length });
  }

  load(id: TournamentId): Promise<StoredTournament | null> {
    const entry = this.entries.get(id);
    return Promise.resolve(entry === undefined ? null : { meta: entry.meta, events: [...entry.events] });
  }

  unfinished(): Promise<TournamentMeta[]> {
    return Promise.resolve(
      [...this.entries.values()].filter((e) => e.summary.status !== "finished").map((e) => e.meta),
    );
  }

  list(finished: number): Promise<TournamentSummary[]> {
    const all = [...this.entries.values()];
    const open = all.filter((e) => e.summary.status !== "finished").map((e) => e.summary);
    const done = all
      .filter((e) => e.summary.status === "finished")
      .sort((a, b) => b.finishedSeq - a.finishedSeq)
      .slice(0, finished)
      .map((e) => e.summary);
    return Promise.resolve([...open.sort(lobbyOrder), ...done]);
  }

  appendChat(id: TournamentId, line: TournamentChatLine, keep: number): Promise<void> {
    const lines = [...(this.chats.get(id) ?? []), line];
    this.chats.set(id, lines.slice(Math.max(0, lines.length - keep)));
    return Promise.resolve();
  }

  readChat(id: TournamentId): Promise<TournamentChatLine[]> {
    return Promise.resolve([...(this.chats.get(id) ?? [])]);
  }
}
