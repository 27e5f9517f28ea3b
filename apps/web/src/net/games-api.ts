import { type GameId, isGameId } from "@arena/engine/registry";
import type { AiLevelInfo, GamesResponse } from "@arena/protocol";

/** A game the server offers and this build can show, as the lobby lists it (`GET /api/games`). */
export interface LobbyGame {
  readonly id: GameId;
  readonly title: string;
  /** Seats with the default options. */
  readonly seats: number | null;
  /** AI levels, weakest first (the browser holds no AI code: it learns them here). */
  readonly aiLevels: readonly AiLevelInfo[];
}

export type Catalogue =
  | { readonly ok: true; readonly games: readonly LobbyGame[] }
  | { readonly ok: false; readonly message: string };

/**
 * The lobby's games from a `GET /api/games` answer, read as the protocol types it (the server, same origin,
 * is the authority; the page holds no schemas): games this build has no web module for are left out.
 */
export function catalogueOf(body: GamesResponse): Catalogue {
  return {
    ok: true,
    games: body.games.flatMap(({ id, title, seats, aiLevels }) =>
      isGameId(id) ? [{ id, title, seats, aiLevels }] : [],
    ),
  };
}

/** Fetches the game list from the game server at `baseUrl`; a network failure reads as a failure. */
export async function fetchCatalogue(baseUrl: string): Promise<Catalogue> {
  try {
    const response = await fetch(`${baseUrl}/api/games`);
    if (!response.ok) return { ok: false, message: `the server answered ${response.status}` };
    return catalogueOf((await response.json()) as GamesResponse);
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : "the server is not reachable" };
  }
}

/**
 * How a level reads in a select: "3 · Club" in English, whose names the server sends; the other
 * languages say the level's number ("Уровень 3"), as the names come in English only.
 *
 * @param create a translator over the `create` namespace
 */
export function levelLabel(
  level: AiLevelInfo,
  create: (key: string, values: Record<string, string | number>) => string,
): string {
  return create("level", { level: level.level, name: level.name });
}

/** The strongest level of a game (1 when the server lists none). */
export function maxLevel(game: LobbyGame | undefined): number {
  return Math.max(1, game?.aiLevels.length ?? 0);
}
