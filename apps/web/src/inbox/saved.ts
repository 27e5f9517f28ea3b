import type { Notification, NotificationKind } from "../net/account-api";

/**
 * The user's saved notifications (docs/web.md, "Notifications"): the server's inbox as last read, with the
 * `notification` events that arrived since. Pure: the page, the bell and the tests share it.
 */
export type SavedList = readonly Notification[];

/** Newest first; one entry per id (a notification told again replaces the one held). */
export function merged(list: SavedList, incoming: readonly Notification[]): Notification[] {
  const byId = new Map(list.map((n) => [n.id, n]));
  for (const n of incoming) {
    const held = byId.get(n.id);
    // Read here stays read, even if the news is told again before the server heard of the reading.
    byId.set(n.id, held?.read === true ? { ...n, read: true } : n);
  }
  return [...byId.values()].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
}

/** The list with these ids read (all of them when `ids` is absent), as `POST /api/notifications/read`. */
export function markedRead(list: SavedList, ids?: readonly string[]): Notification[] {
  const marked = ids === undefined ? null : new Set(ids);
  return list.map((n) => (!n.read && (marked === null || marked.has(n.id)) ? { ...n, read: true } : n));
}

export const unreadCount = (list: SavedList): number => list.filter((n) => !n.read).length;

/**
 * The kinds the bell already shows live (an invitation to answer, a tournament to enter, a game waiting for
 * a move): their saved copies are not counted again beside them.
 */
const SHOWN_LIVE: ReadonlySet<Notification["kind"]> = new Set([
  "invitation",
  "tournament-invitation",
  "your-turn",
]);

/** What the saved notifications add to the bell's count: the unread ones of kinds it does not show live. */
export const unreadBesidesLive = (list: SavedList): number =>
  list.filter((n) => !n.read && !SHOWN_LIVE.has(n.kind)).length;

export const unreadIds = (list: SavedList): string[] => list.filter((n) => !n.read).map((n) => n.id);

/** Where a notification leads: its match's room, else its tournament, else nowhere. */
export function notificationHref(n: Notification): string | null {
  if (n.matchId !== undefined) return `/play/${encodeURIComponent(n.matchId)}`;
  if (n.tournamentId !== undefined) return `/tournaments/${encodeURIComponent(n.tournamentId)}`;
  return null;
}

/** The message key of each kind's line, for a translator over the `notifications` namespace. */
export const NOTIFICATION_TEXT = {
  "your-turn": "yourTurn",
  "time-running-out": "timeRunningOut",
  "game-over": "gameOver",
  invitation: "invitation",
  "draw-offer": "drawOffer",
  "takeback-request": "takebackRequest",
  "tournament-invitation": "tournamentInvitation",
  "report-handled": "reportHandled",
  "moderator-warning": "moderatorWarning",
} as const satisfies Record<NotificationKind, string>;

/**
 * Whether a `notification` event raises a browser notification while the page is hidden: all but "your
 * turn", which `turn-signals.tsx` raises already from `games:game` (one notification per news).
 */
export const notifiesBrowser = (n: Notification): boolean => n.kind !== "your-turn";

/** The tab's saved notifications, shared by the bell and the page; listeners hear every change. */
export class SavedNotifications {
  private list: SavedList = [];
  private readonly listeners = new Set<() => void>();

  get current(): SavedList {
    return this.list;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The server's list, read again (on each session), with what arrived meanwhile. */
  loaded(list: readonly Notification[]): void {
    this.set(merged([], [...list, ...this.list.filter((n) => !list.some((l) => l.id === n.id))]));
  }

  arrived(n: Notification): void {
    this.set(merged(this.list, [n]));
  }

  read(ids?: readonly string[]): void {
    this.set(markedRead(this.list, ids));
  }

  /** Another user (sign in or out): nothing of the last one's stays. */
  clear(): void {
    this.set([]);
  }

  private set(list: SavedList): void {
    this.list = list;
    for (const listener of this.listeners) listener();
  }
}
