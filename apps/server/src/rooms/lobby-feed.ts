import {
  type LobbyChange,
  type LobbyPage,
  type LobbyQuery,
  type LobbyView,
  lobbyView,
  type MatchId,
  type RoomSummary,
} from "@arena/protocol";
import { type Logger } from "pino";
import { type Clock } from "../clocks/scheduler.js";
import { type LobbyIndex } from "./lobby.js";

/**
 * Lobby news goes out at most this often: a subscriber hears of a busy lobby once per interval, in one
 * message, whatever happened in between (like a match's crowd, `CROWD_BATCH_MS`).
 */
export const LOBBY_BATCH_MS = 700;
/** While anyone subscribes, the lobby is read from the store again this often (news lost between processes). */
const RESYNC_MS = 30_000;

/** Whoever follows lobby pages (a socket). */
export interface LobbySubscriber {
  readonly id: string;
  /** Still there: a subscriber that went away while its first page was read is not registered. */
  active(): boolean;
  deliver(change: LobbyChange): void;
}

interface ViewState {
  readonly query: LobbyQuery;
  readonly subscriber: LobbySubscriber;
  /** The rooms on the page as last sent (the index replaces a summary's object when it changes). */
  sent: Map<MatchId, RoomSummary>;
  next: LobbyPage["next"];
  total: number;
}

/**
 * The subscribers of this process and the pages they look at. After a change of the lobby, each
 * subscriber is sent what changed on its own page only (rooms that entered or changed, rooms that left),
 * once per `LOBBY_BATCH_MS` at most; a page nobody's change touched sends nothing.
 */
export class LobbyFeed {
  private readonly views = new Map<string, Map<LobbyView, ViewState>>();
  private cancelFlush: (() => void) | null = null;
  private cancelResync: (() => void) | null = null;

  constructor(
    private readonly index: LobbyIndex,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    index.onChange(() => this.changed());
  }

  /** The first page of a view (replacing the subscriber's view of the same status), then its changes. */
  async subscribe(subscriber: LobbySubscriber, query: LobbyQuery): Promise<LobbyPage & { view: LobbyView }> {
    const page = await this.index.page(query);
    const view = lobbyView(query);
    if (subscriber.active()) {
      let mine = this.views.get(subscriber.id);
      if (mine === undefined) {
        mine = new Map();
        this.views.set(subscriber.id, mine);
      }
      mine.set(view, {
        query,
        subscriber,
        sent: new Map(page.rooms.map((room) => [room.matchId, room])),
        next: page.next,
        total: page.total,
      });
      this.keepInSync();
    }
    return { ...page, view };
  }

  /** Drops one of the subscriber's views, or all of them. */
  unsubscribe(id: string, view?: LobbyView): void {
    const mine = this.views.get(id);
    if (mine === undefined) return;
    if (view === undefined) mine.clear();
    else mine.delete(view);
    if (mine.size === 0) this.views.delete(id);
  }

  /** Subscribers on this process (tests, metrics). */
  get subscribers(): number {
    return this.views.size;
  }

  close(): void {
    this.cancelFlush?.();
    this.cancelResync?.();
    this.views.clear();
  }

  private changed(): void {
    if (this.cancelFlush !== null || this.views.size === 0) return;
    this.cancelFlush = this.clock.schedule(this.clock.now() + LOBBY_BATCH_MS, () => {
      this.cancelFlush = null;
      this.flush();
    });
  }

  private flush(): void {
    // Most subscribers look at the same few pages (the first page of each view): cut each page once.
    const pages = new Map<string, LobbyPage>();
    for (const mine of this.views.values()) {
      for (const [view, state] of mine) {
        const key = JSON.stringify(state.query);
        let page = pages.get(key);
        if (page === undefined) {
          page = this.index.pageNow(state.query);
          pages.set(key, page);
        }
        const change = this.diff(view, state, page);
        if (change !== null) state.subscriber.deliver(change);
      }
    }
  }

  private diff(view: LobbyView, state: ViewState, page: LobbyPage): LobbyChange | null {
    const updated = page.rooms.filter((room) => state.sent.get(room.matchId) !== room);
    const shown = new Set(page.rooms.map((room) => room.matchId));
    const removed = [...state.sent.keys()].filter((matchId) => !shown.has(matchId));
    if (
      updated.length === 0 &&
      removed.length === 0 &&
      page.next === state.next &&
      page.total === state.total
    ) {
      return null;
    }
    state.sent = new Map(page.rooms.map((room) => [room.matchId, room]));
    state.next = page.next;
    state.total = page.total;
    return { view, updated, removed, next: page.next, total: page.total };
  }

  private keepInSync(): void {
    if (this.cancelResync !== null) return;
    this.cancelResync = this.clock.schedule(this.clock.now() + RESYNC_MS, () => {
      this.cancelResync = null;
      if (this.views.size === 0) return;
      this.index
        .fresh(RESYNC_MS)
        .catch((error: unknown) => this.logger.warn({ err: error }, "lobby resync failed"))
        .finally(() => this.keepInSync());
    });
  }
}
