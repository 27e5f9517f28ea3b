import type { LobbyChange, LobbyCursor, LobbyPage, LobbyQuery, LobbyStatus } from "../lobby.js";
import type { RoomSummary } from "../model.js";

/** The most rooms one lobby page holds (what one `lobby:subscribe` or `GET /api/rooms` can pull). */
export const LOBBY_PAGE_MAX = 50;
export const LOBBY_PAGE_DEFAULT = 20;

/** The statuses the lobby lists. */
export const LOBBY_STATUSES = ["waiting", "live"] as const;

/**
 * A socket holds one lobby subscription per view: its status, or `all` when it asked for both. A new
 * `lobby:subscribe` for the same view replaces it (a page turn, another game).
 */
export const LOBBY_VIEWS = [...LOBBY_STATUSES, "all"] as const;
export type LobbyView = (typeof LOBBY_VIEWS)[number];

export function lobbyView(query: { readonly status?: LobbyStatus | undefined }): LobbyView {
  return query.status ?? "all";
}

/** Newest first, then by match id: the one order of the server's pages and of the client's copy. */
export function lobbyOrder(a: RoomSummary, b: RoomSummary): number {
  if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt;
  return a.matchId < b.matchId ? -1 : a.matchId > b.matchId ? 1 : 0;
}

export function lobbyCursor(room: RoomSummary): LobbyCursor {
  return `${room.createdAt}~${room.matchId}` as LobbyCursor;
}

/** Whether `room` comes after the cursor's room in lobby order. */
export function isAfter(room: RoomSummary, cursor: LobbyCursor): boolean {
  const split = cursor.indexOf("~");
  const createdAt = Number(cursor.slice(0, split));
  const matchId = cursor.slice(split + 1);
  if (room.createdAt !== createdAt) return room.createdAt < createdAt;
  return room.matchId > matchId;
}

export function matchesQuery(
  room: RoomSummary,
  query: { readonly gameId?: string | undefined; readonly status?: LobbyStatus | undefined },
): boolean {
  return (
    (query.gameId === undefined || room.gameId === query.gameId) &&
    (query.status === undefined || room.status === query.status)
  );
}

/** The page a query selects from rooms already in lobby order. */
export function lobbyPage(sorted: readonly RoomSummary[], query: LobbyQuery): LobbyPage {
  const rooms: RoomSummary[] = [];
  let total = 0;
  let more = false;
  for (const room of sorted) {
    if (!matchesQuery(room, query)) continue;
    total++;
    if (query.after !== undefined && !isAfter(room, query.after)) continue;
    if (rooms.length < query.limit) rooms.push(room);
    else more = true;
  }
  const last = rooms.at(-1);
  return { rooms, next: more && last !== undefined ? lobbyCursor(last) : null, total };
}

/** A client's copy of its page after a change: the rooms it held, minus those removed, with the updates. */
export function applyLobbyChange(rooms: readonly RoomSummary[], change: LobbyChange): RoomSummary[] {
  const replaced = new Map(change.updated.map((room) => [room.matchId, room]));
  const gone = new Set<string>(change.removed);
  const kept = rooms.filter((room) => !gone.has(room.matchId) && !replaced.has(room.matchId));
  return [...kept, ...replaced.values()].sort(lobbyOrder);
}
