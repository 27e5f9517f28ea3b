import { type MatchModel } from "@arena/match";
import {
  type Invitation,
  lobbyOrder,
  lobbyPage,
  type LobbyPage,
  type LobbyQuery,
  type MatchId,
  type RoomSummary,
  type UserId,
} from "@arena/protocol";
import { type Logger } from "pino";
import { type MatchStore } from "../store/ports/matches.js";
import { type Room } from "./room.js";

/** How old this process's copy of the lobby may be when a page is asked for (other processes' news). */
const RELOAD_AFTER_MS = 1_000;

/** How a room's lobby entry reaches the other processes (the socket.io adapter in the app). */
export type LobbyBroadcast = (matchId: MatchId, summary: RoomSummary | null) => void;

interface Entry {
  readonly summary: RoomSummary;
  /** The summary without its version: what the lobby shows (a move changes the version only). */
  readonly shown: string;
  /** The change count when this entry was last set here, to keep it over an older reload. */
  readonly touched: number;
}

/**
 * The lobby's list of public rooms (waiting and live). The store holds it for every process; each process
 * keeps a copy in memory, changed at once by its own rooms and by the others' news (`heard`), and read
 * again from the store when a page is asked for and the copy is over a second old. Pages are cut from
 * the copy, so no request reads more than one page's worth, nor makes the store send the whole lobby
 * more than once a second.
 */
export class LobbyIndex {
  private readonly entries = new Map<MatchId, Entry>();
  /** The entries in lobby order, until the next change. */
  private ordered: RoomSummary[] | null = null;
  private changes = 0;
  /** Rooms that left the lobby while the store was being read: that read must not bring them back. */
  private readonly removed = new Map<MatchId, number>();
  private loadedAt = -Infinity;
  private loading: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly store: MatchStore,
    private readonly logger: Logger,
    private readonly broadcast: LobbyBroadcast,
  ) {}

  /** A room changed (`before`: its model before the change; the room's own model for presence news). */
  publish(room: Room, before: MatchModel): void {
    const model = room.model;
    if (model.visibility !== "public") return;
    const log = (error: unknown) =>
      this.logger.error({ err: error, matchId: model.matchId }, "store update failed");
    if (model.status === "waiting" || model.status === "live") {
      const summary = room.summary();
      const shown = shownOf(summary);
      if (this.entries.get(model.matchId)?.shown === shown) return;
      this.set(model.matchId, summary, shown);
      void this.store.putSummary(model.matchId, summary).catch(log);
      this.broadcast(model.matchId, summary);
    } else if (before.status === "waiting" || before.status === "live") {
      this.set(model.matchId, null);
      void this.store.putSummary(model.matchId, null).catch(log);
      this.broadcast(model.matchId, null);
    }
  }

  /** Another process changed a room's entry. */
  heard(matchId: MatchId, summary: RoomSummary | null): void {
    this.set(matchId, summary, summary === null ? undefined : shownOf(summary));
  }

  /** Calls `listener` after every change of the copy. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One page, from a copy at most `RELOAD_AFTER_MS` old. Rejects when the store cannot be read. */
  async page(query: LobbyQuery): Promise<LobbyPage> {
    await this.fresh();
    return this.pageNow(query);
  }

  /** One page from the copy as it is (the feed's pushes). */
  pageNow(query: LobbyQuery): LobbyPage {
    this.ordered ??= [...this.entries.values()].map((entry) => entry.summary).sort(lobbyOrder);
    return lobbyPage(this.ordered, query);
  }

  /**
   * The public waiting rooms with a seat kept for `userId` (invited by name): where an account's pending
   * invitations are found when it connects (docs/protocol.md, "Invitations by name").
   */
  async invitationsFor(userId: UserId): Promise<Invitation[]> {
    await this.fresh();
    const found: Invitation[] = [];
    for (const { summary } of this.entries.values()) {
      if (summary.status !== "waiting") continue;
      for (const seat of summary.seats) {
        if (seat.kind === "invite" && seat.invitee?.id === userId) {
          const { matchId, gameId, timeControl, rated, host } = summary;
          found.push({ matchId, seat: seat.seat, gameId, timeControl, rated, host });
        }
      }
    }
    return found;
  }

  /** Reads the store's lobby again if the copy is older than `maxAgeMs` (one read at a time). */
  fresh(maxAgeMs = RELOAD_AFTER_MS): Promise<void> {
    if (performance.now() - this.loadedAt < maxAgeMs) return Promise.resolve();
    this.loading ??= this.reload().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async reload(): Promise<void> {
    const startedAt = performance.now();
    const since = this.changes;
    const stored = await this.store.listSummaries();
    const seen = new Set<MatchId>();
    for (const summary of stored) {
      seen.add(summary.matchId);
      const current = this.entries.get(summary.matchId);
      // Changed here while the store was read: ours is newer.
      if ((current?.touched ?? this.removed.get(summary.matchId) ?? 0) > since) continue;
      const shown = shownOf(summary);
      if (current?.shown !== shown) this.set(summary.matchId, summary, shown);
    }
    for (const [matchId, entry] of this.entries) {
      if (!seen.has(matchId) && entry.touched <= since) this.set(matchId, null);
    }
    this.removed.clear();
    this.loadedAt = startedAt;
  }

  private set(matchId: MatchId, summary: RoomSummary | null, shown?: string): void {
    const touched = ++this.changes;
    if (summary === null) {
      if (this.loading !== null) this.removed.set(matchId, touched);
      if (!this.entries.delete(matchId)) return;
    } else {
      this.entries.set(matchId, { summary, shown: shown ?? shownOf(summary), touched });
    }
    this.ordered = null;
    for (const listener of this.listeners) listener();
  }
}

function shownOf(summary: RoomSummary): string {
  return JSON.stringify({ ...summary, version: 0 });
}
