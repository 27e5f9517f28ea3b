import { z } from "./zod.js";
import { LOBBY_PAGE_DEFAULT, LOBBY_PAGE_MAX, LobbyQuery, type LobbyPage } from "./lobby.js";
import { type TIME_PRESETS } from "./model.js";

export * from "./values/http.js";

/** An AI level as the lobby offers it. */
export const AiLevelInfo = z.object({
  level: z.number().int().min(1),
  name: z.string(),
  description: z.string(),
});
export type AiLevelInfo = z.infer<typeof AiLevelInfo>;

/** A game as the lobby describes it (`GET /api/games`). */
export const GameInfo = z.object({
  id: z.string(),
  title: z.string(),
  /** Seats with the default options (null if the defaults do not parse, which would be a bug). */
  seats: z.number().int().nullable(),
  defaultOptions: z.unknown(),
  aiLevels: z.array(AiLevelInfo),
});
export type GameInfo = z.infer<typeof GameInfo>;

/** `GET /api/games`. */
export interface GamesResponse {
  readonly ok: true;
  readonly games: readonly GameInfo[];
  readonly timePresets: typeof TIME_PRESETS;
}

/** `GET /api/rooms?gameId=&status=&after=&limit=`: a lobby page, its query from the query string. */
export const RoomsQuery = LobbyQuery.extend({
  limit: z.coerce.number().int().min(1).max(LOBBY_PAGE_MAX).default(LOBBY_PAGE_DEFAULT),
});

/** `GET /api/rooms`. */
export type RoomsResponse = { readonly ok: true } & LobbyPage;

/**
 * The files a match downloads as (docs/protocol.md, "Downloads"): our JSON event log for every game, GGF
 * and a plain transcript for Othello, PGN for king and rook vs king.
 */
export const EXPORT_FORMATS = ["json", "ggf", "txt", "pgn"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const ExportQuery = z.object({ format: z.enum(EXPORT_FORMATS) });
