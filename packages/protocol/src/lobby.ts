import { z } from "./zod.js";
import { type MatchId } from "./ids.js";
import { type RoomSummary } from "./model.js";
import { LOBBY_PAGE_DEFAULT, LOBBY_PAGE_MAX, LOBBY_STATUSES, type LobbyView } from "./values/lobby.js";

export * from "./values/lobby.js";

export const LobbyStatus = z.enum(LOBBY_STATUSES);
export type LobbyStatus = z.infer<typeof LobbyStatus>;

/**
 * Where a page starts: just after the room it names, in lobby order (`<createdAt>~<matchId>`). A cursor
 * stays valid when rooms come and go before it, unlike an offset.
 */
export const LobbyCursor = z
  .string()
  .max(160)
  .regex(/^\d{1,16}~[A-Za-z0-9_.-]{1,128}$/, "a cursor from a lobby page")
  .brand<"LobbyCursor">();
export type LobbyCursor = z.infer<typeof LobbyCursor>;

/** One page of the lobby: rooms of one game and status (or all), after a cursor, `limit` at most. */
export const LobbyQuery = z.strictObject({
  gameId: z.string().min(1).max(32).optional(),
  status: LobbyStatus.optional(),
  after: LobbyCursor.optional(),
  limit: z.number().int().min(1).max(LOBBY_PAGE_MAX).default(LOBBY_PAGE_DEFAULT),
});
export type LobbyQuery = z.output<typeof LobbyQuery>;

export interface LobbyPage {
  readonly rooms: readonly RoomSummary[];
  /** The cursor of the next page, or null on the last one. */
  readonly next: LobbyCursor | null;
  /** Rooms matching the query's game and status, on every page. */
  readonly total: number;
}

/**
 * What changed on a subscriber's page since the last page or change it was sent: rooms that entered it
 * or changed, rooms that left it, and the page's new `next` and `total`.
 */
export interface LobbyChange {
  readonly view: LobbyView;
  readonly updated: readonly RoomSummary[];
  readonly removed: readonly MatchId[];
  readonly next: LobbyCursor | null;
  readonly total: number;
}
